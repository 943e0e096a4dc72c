import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useCliente } from '../../entities/cliente/hooks';
import { executar, MENSAGEM_GUARDADA, type Operacao } from '../../lib/sync/saida';
import type { Cliente } from '../../lib/api/types';
import { chavesClientes } from '../../entities/cliente/api';

/**
 * The customer of ?cliente= (addresses, contacts screens), as the device shows it, and how to
 * save a change to it through the outbox (online: sent at once; offline: kept and sent later).
 */
export function useClienteDoParam() {
  const [params] = useSearchParams();
  const id = params.get('cliente') ?? '';
  const tela = useCliente(id);
  const qc = useQueryClient();
  /** Runs the change; resolves with the message to show (done, or kept for later). */
  const gravar = async <D,>(op: Operacao<D, Cliente>, dados: D, feito: string): Promise<string> => {
    const r = await executar(op, dados);
    void qc.invalidateQueries({ queryKey: chavesClientes.listas });
    return r.pendente ? MENSAGEM_GUARDADA : feito;
  };
  return { id, ...tela, gravar };
}

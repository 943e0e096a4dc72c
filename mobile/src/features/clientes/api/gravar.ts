// The customers area's writes, each through the outbox (kept on the device, sent when it can
// be): delete, hand to another seller, and the contacts and addresses.
import { useQueryClient } from '@tanstack/react-query';
import { atribuirClientesOp } from '../../../entities/carteira/operacoes';
import { chavesClientes, obterCliente } from '../../../entities/cliente/api';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { excluirClienteOp, removerContatoOp, removerEnderecoOp, salvarContatoOp, salvarEnderecoOp } from '../../../entities/cliente/operacoes';
import { APOS_GRAVAR_CLIENTES } from '../../../entities/cliente/queries';
import type { Cliente, Transferencia } from '../../../lib/api/types';
import { useExecutar } from '../../../lib/sync/hooks';
import type { Resultado } from '../../../lib/sync/saida';

type Config<T> = { onSuccess?: (r: Resultado<T>) => void; onError?: (err: Error) => void };

export const useExcluirCliente = (config: Config<Cliente> = {}) => useExecutar(excluirClienteOp, APOS_GRAVAR_CLIENTES, config);

/** Hands one customer to another seller; once it lands, its page shows the new owner. */
export function useTransferirCliente(id: string, config: Config<Transferencia> = {}) {
  const qc = useQueryClient();
  return useExecutar(atribuirClientesOp, [...APOS_GRAVAR_CLIENTES, chavesClientes.transferencias], {
    ...config,
    onSuccess: async (r) => {
      if (!r.pendente) {
        const c = await obterCliente(id).catch(() => null);
        if (c) {
          qc.setQueryData(chavesClientes.um(id), c);
          await colecaoClientes.guardar([c]).catch(() => undefined);
        }
      }
      config.onSuccess?.(r);
    },
  });
}

const LISTAS = [chavesClientes.listas];

export const useSalvarContato = (config: Config<Cliente> = {}) => useExecutar(salvarContatoOp, LISTAS, config);
export const useRemoverContato = (config: Config<Cliente> = {}) => useExecutar(removerContatoOp, LISTAS, config);
export const useSalvarEndereco = (config: Config<Cliente> = {}) => useExecutar(salvarEnderecoOp, LISTAS, config);
export const useRemoverEndereco = (config: Config<Cliente> = {}) => useExecutar(removerEnderecoOp, LISTAS, config);

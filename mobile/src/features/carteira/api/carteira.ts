// The portfolio screen's endpoints: the summary per seller, the transfer history (paged), a
// whole portfolio's transfer and an assignment of chosen customers (both through the outbox),
// and the customers' CSV import.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { atribuirClientesOp, transferirCarteiraOp } from '../../../entities/carteira/operacoes';
import { chavesClientes, importarClientes, listarClientes, listarTransferencias } from '../../../entities/cliente/api';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { APOS_GRAVAR_CLIENTES, resumoCarteiraQueryOptions } from '../../../entities/cliente/queries';
import type { Cliente, Transferencia } from '../../../lib/api/types';
import { temBancoNoAparelho } from '../../../lib/device-db';
import { comChave } from '../../../lib/importacao';
import { paginas } from '../../../lib/query';
import { sincronizarAposGravar } from '../../../lib/sync/iniciar';
import type { Resultado } from '../../../lib/sync/saida';
import { useExecutar } from '../../../lib/sync/hooks';

export const useResumoCarteira = () => useQuery(resumoCarteiraQueryOptions());

export const transferenciasQueryOptions = () => paginas(chavesClientes.transferencias, (page_token, signal) => listarTransferencias({ page_size: 30, page_token }, signal));

export const useTransferencias = () => useInfiniteQuery(transferenciasQueryOptions());

type Config = { onSuccess?: (r: Resultado<Transferencia>) => void; onError?: (err: Error) => void };

/** After a portfolio change lands, the device copy catches up with the feed. */
const comSincronizacao = (config: Config): Config => ({
  ...config,
  onSuccess: (r) => {
    if (!r.pendente) sincronizarAposGravar();
    config.onSuccess?.(r);
  },
});

const APOS_MOVER = [...APOS_GRAVAR_CLIENTES, chavesClientes.transferencias];

export const useTransferirCarteira = (config: Config = {}) => useExecutar(transferirCarteiraOp, APOS_MOVER, comSincronizacao(config));

export const useAtribuirClientes = (config: Config = {}) => useExecutar(atribuirClientesOp, APOS_MOVER, comSincronizacao(config));

/** One chunk of the CSV import (or its validation only). */
export const importarNoServidor = async (csv: string, validarApenas: boolean) => comChave(await importarClientes(csv, validarApenas), (l) => l.documento);

/** After an import: the lists and the summary are stale, and the device copy catches up. */
export function useAposImportar() {
  const qc = useQueryClient();
  return () => {
    for (const queryKey of APOS_GRAVAR_CLIENTES) void qc.invalidateQueries({ queryKey });
    sincronizarAposGravar();
  };
}

/** Pull-to-refresh: the summary and the history read again. */
export function useAtualizarCarteira() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: chavesClientes.carteira });
}

/**
 * Every customer of the operator's scope (the assignment's chooser): the device copy once it has
 * caught up at least once (during the first sync it holds part), else the server's pages.
 */
export async function clientesDoEscopo(): Promise<Cliente[]> {
  const completa = temBancoNoAparelho() && Boolean((await colecaoClientes.lerEstado().catch(() => null))?.sincronizadoEm);
  const lista = completa ? await colecaoClientes.lista().catch(() => []) : [];
  if (lista.length) return lista;
  const out: Cliente[] = [];
  let token = '';
  for (let i = 0; i < 25; i++) {
    const r = await listarClientes({ page_size: 200, page_token: token || undefined });
    out.push(...r.clientes);
    token = r.next_page_token;
    if (!token) break;
  }
  return out;
}

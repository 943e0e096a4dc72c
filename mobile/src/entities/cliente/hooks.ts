// The customers' device collection for screens.
import { useQuery } from '@tanstack/react-query';
import { falhaDeConexao } from '../../lib/api/client';
import { useColecao, useSituacaoColecao, type DoServidor, type SituacaoSync } from '../../lib/sync/colecao';
import { chavesClientes, obterCliente } from './api';
import type { ClienteLocal } from './busca';
import { colecaoClientes } from './colecao';
import './operacoes';

/** The device copy of the portfolio (null while it loads), with pending changes, kept current. */
export function useClientesDoAparelho(): ClienteLocal[] | null {
  return useColecao(colecaoClientes);
}

/** The portfolio's sync state (syncing, last error, last time it caught up). */
export function useSituacaoClientes(): SituacaoSync {
  return useSituacaoColecao(colecaoClientes);
}

export interface ClienteNaTela {
  cliente: ClienteLocal | undefined;
  carregando: boolean;
  /** Why there is no customer to show (not found, no permission, no connection and no copy). */
  erro: unknown;
  /** Shown from the device because the server can't be reached. */
  daCopia: boolean;
  recarregar: () => void;
}

/**
 * One customer for a screen: read from the server when it can be reached (and kept in the device
 * copy, version-aware), shown as the device has it — with the changes still waiting to be sent
 * laid over — and from the copy alone without a connection.
 */
export function useCliente(id: string): ClienteNaTela {
  const lista = useClientesDoAparelho();
  const q = useQuery({
    queryKey: chavesClientes.um(id),
    queryFn: async ({ signal }) => {
      const c = await obterCliente(id, signal);
      await colecaoClientes.guardar([c]).catch(() => undefined);
      return c;
    },
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
  });
  const local = lista ? colecaoClientes.emMemoriaPorId(id) : undefined;
  const semServidor = q.isError && falhaDeConexao(q.error);
  // A customer the server refused (another company's, out of the portfolio) is never shown from
  // the copy, unless it was created on this device and not sent yet.
  const recusado = q.isError && !semServidor && !local?._pendente;
  const cliente = recusado ? undefined : (local ?? (q.data ? colecaoClientes.def.indexar(q.data) : undefined));
  return {
    cliente,
    carregando: !cliente && !recusado && (q.isPending || (semServidor && lista === null)),
    erro: cliente ? null : q.error,
    daCopia: Boolean(cliente) && (semServidor || (q.isError && Boolean(local?._pendente))),
    recarregar: () => void q.refetch(),
  };
}

/** A customer found by the server search during the first copy (not, or not yet, in the device copy). */
export type ClienteDoServidor = DoServidor<ClienteLocal>;

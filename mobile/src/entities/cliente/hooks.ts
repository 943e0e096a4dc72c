// The customers' device collection for screens.
import { useQuery } from '@tanstack/react-query';
import { falhaDeConexao } from '../../lib/api/client';
import { useColecao, useSituacaoColecao, type SituacaoSync } from '../../lib/sync/colecao';
import { useDebounced } from '../../components/useDebounced';
import { useProgressoCopia, type ProgressoDaCopia } from '../../components/sync/ProgressoCopia';
import { chavesClientes, listarClientes, obterCliente } from './api';
import { paraLocal, type ClienteLocal } from './busca';
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

/** A customer found by the server search (not, or not yet, in the device copy). */
export type ClienteDoServidor = ClienteLocal & { _doServidor: true };

export interface BuscaDuranteACopia {
  /** The portfolio's first copy (progress, and whether it is stopped). */
  progresso: ProgressoDaCopia;
  /** The server is asked: the first copy is under way, online, and something was typed. */
  ativa: boolean;
  /** The server's answer for what was typed (empty until it comes). */
  clientes: ClienteDoServidor[];
  buscando: boolean;
  erro: unknown;
}

/**
 * A customer search typed while the portfolio's first copy is under way also asks the server
 * (GET /crm/clientes?q=…, after 300 ms without typing): the device holds only part of the
 * portfolio. Off once the copy is complete; with no connection the progress says the copy is
 * incomplete instead. `vendedor`: the seller filter a manager chose ('' = the whole scope).
 */
export function useBuscaDuranteACopia(texto: string, { vendedor = '', limite = 50 }: { vendedor?: string; limite?: number } = {}): BuscaDuranteACopia {
  const progresso = useProgressoCopia(colecaoClientes);
  const q = useDebounced(texto.trim(), 300);
  const ativa = progresso.incompleta && !progresso.parada && q.length > 0;
  const p = { q, vendedor: vendedor || undefined, page_size: limite };
  const r = useQuery({
    queryKey: chavesClientes.lista(p),
    queryFn: ({ signal }) => listarClientes(p, signal),
    enabled: ativa,
    retry: false,
    select: (x) => x.clientes.map((c): ClienteDoServidor => ({ ...paraLocal(c), _doServidor: true })),
  });
  return { progresso, ativa, clientes: ativa ? (r.data ?? []) : [], buscando: ativa && (r.isPending || q !== texto.trim()), erro: ativa ? r.error : null };
}

/** Keeps a customer the server search found in the device copy (version-aware), so a screen can use it at once. */
export function guardarDoServidor(c: ClienteLocal): Promise<void> {
  // The device fields are recomputed on the way in.
  const { _busca, _ordem, _linha, _pendente, _doServidor, ...cliente } = c as ClienteDoServidor;
  return colecaoClientes.guardar([cliente]);
}

// A search over a device collection whose first copy is under way also asks the server: the
// device holds only part of the records, and a search must not answer "nenhum" for one the copy
// has not reached yet. One mechanism for every such search: a collection that can be searched on
// the server declares `buscarNoServidor` (lib/sync/colecao), and a screen's search reads
// `useBuscaDuranteACopia` (components/sync, beside the copy's progress) with its device search,
// joining both with `juntarComOsDoServidor`; a record chosen from the server's answer is kept in
// the copy (Colecao.guardarDaBusca). It is off once the copy is complete (the device answers
// alone), and with no connection or a stopped copy (copiaPedeOServidor; the screen says the copy
// is incomplete instead: components/sync/ProgressoCopia).
import { queryOptions } from '@tanstack/react-query';
import type { Colecao, DoServidor, Indexado } from './colecao';

/** How long the typing must stop before the server is asked. */
export const ESPERA_BUSCA_SERVIDOR_MS = 300;

export interface BuscaDuranteACopia<L> {
  /** The server is asked: the first copy is under way, online, and something was typed. */
  ativa: boolean;
  /** The server's answer for what was typed (empty until it comes, and when not ativa). */
  itens: DoServidor<L>[];
  /** Waiting for the typing to stop or for the server's answer. */
  buscando: boolean;
  erro: unknown;
}

export interface OpcoesBuscaDuranteACopia {
  /** The screen's filters the server applies too (the seller a manager chose): '' or absent = none. */
  filtros?: Record<string, string>;
  limite?: number;
}

/** The server's search for `q` over `c`'s records, as a query (its results marked _doServidor). */
export function buscaNoServidorQueryOptions<T extends { id: string }, L extends T & Indexado>(c: Colecao<T, L>, q: string, { filtros = {}, limite = 50 }: OpcoesBuscaDuranteACopia = {}) {
  const f = Object.fromEntries(Object.entries(filtros).filter(([, v]) => v));
  return queryOptions({
    queryKey: ['busca-durante-a-copia', c.nome, q, f, limite],
    queryFn: async ({ signal }) => (await c.def.buscarNoServidor!(q, { limite, filtros: f, signal })).map((x) => c.daBusca(x)),
    retry: false,
  });
}

/**
 * The device's results, then the server's that the device does not show (by id), each kept only
 * when `aceitar` says so (the screen's own filter: an inactive customer, a product out of sale).
 */
export function juntarComOsDoServidor<L extends { id: string }>(
  locais: readonly L[],
  busca: Pick<BuscaDuranteACopia<L>, 'ativa' | 'itens'>,
  aceitar: (l: L) => boolean = () => true,
): (L | DoServidor<L>)[] {
  if (!busca.ativa) return [...locais];
  const aqui = new Set(locais.map((l) => l.id));
  return [...locais, ...busca.itens.filter((l) => !aqui.has(l.id) && aceitar(l))];
}

/** Whether a result came from the server search (not, or not yet, in the device copy). */
export function doServidor<L extends object>(l: L): l is DoServidor<L> {
  return '_doServidor' in l && (l as { _doServidor?: boolean })._doServidor === true;
}

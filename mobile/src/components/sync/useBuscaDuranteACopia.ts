// A screen's search over a device collection whose first copy is under way also asks the server
// (lib/sync/buscaDuranteACopia says how; this is its hook, beside the copy's progress).
import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '../useDebounced';
import { useOnline } from '../useOnline';
import { buscaNoServidorQueryOptions, ESPERA_BUSCA_SERVIDOR_MS, type BuscaDuranteACopia, type OpcoesBuscaDuranteACopia } from '../../lib/sync/buscaDuranteACopia';
import { copiaPedeOServidor, useSituacaoColecao, type Colecao, type Indexado } from '../../lib/sync/colecao';

/**
 * The server's answer for `texto` while `c`'s first copy is under way and can go on (after the
 * typing stops); nothing, and no call, once the copy is complete or when it is stopped.
 */
export function useBuscaDuranteACopia<T extends { id: string }, L extends T & Indexado>(c: Colecao<T, L>, texto: string, opcoes: OpcoesBuscaDuranteACopia = {}): BuscaDuranteACopia<L> {
  const situacao = useSituacaoColecao(c);
  const online = useOnline();
  const digitado = texto.trim();
  const q = useDebounced(digitado, ESPERA_BUSCA_SERVIDOR_MS);
  const ativa = Boolean(c.def.buscarNoServidor) && copiaPedeOServidor(situacao, online) && digitado.length > 0;
  const r = useQuery({ ...buscaNoServidorQueryOptions(c, q, opcoes), enabled: ativa && q.length > 0 });
  if (!ativa) return { ativa, itens: [], buscando: false, erro: null };
  return { ativa, itens: r.data ?? [], buscando: r.isPending || q !== digitado, erro: r.error };
}

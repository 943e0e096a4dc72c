// Search over a device collection: every word of the query (folded as the server folds it) must
// be contained in the record's folded text (`_busca`, computed once per record), in the list's
// order. A keystroke costs one pass of indexOf over in-memory strings (no IndexedDB reads).
import { palavrasDaBusca } from '../texto';
import type { Indexado } from './colecao';

export interface ResultadoBusca<L> {
  itens: L[];
  /** How many match in all (itens stops at the limit). */
  total: number;
}

export const LIMITE_RESULTADOS = 50;

/** Records whose text contains every word of the query; at most `limite`, with the total. */
export function buscarNaLista<L extends Indexado>(lista: readonly L[], consulta: string, limite = LIMITE_RESULTADOS): ResultadoBusca<L> {
  const termos = palavrasDaBusca(consulta);
  if (termos.length === 0) return { itens: [], total: 0 };
  const itens: L[] = [];
  let total = 0;
  const n = termos.length;
  outer: for (let i = 0; i < lista.length; i++) {
    const t = lista[i]._busca;
    for (let k = 0; k < n; k++) if (t.indexOf(termos[k]) < 0) continue outer;
    total++;
    if (itens.length < limite) itens.push(lista[i]);
  }
  return { itens, total };
}

/**
 * Whether the results for `novos` are among those for `antigos`: every old word is inside one of
 * the new ones (typing on narrows the search), so a keystroke can filter the previous results
 * instead of the whole list.
 */
export function refina(antigos: readonly string[], novos: readonly string[]): boolean {
  return antigos.length > 0 && antigos.every((a) => novos.some((n) => n.includes(a)));
}

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

/**
 * Every record's search text in one string (separated by a character a folded text never has),
 * with where each one starts: a search of the whole list is then a few native indexOf calls over
 * contiguous memory instead of one call per record (15,000 products on a phone).
 */
export interface IndiceDeTexto {
  texto: string;
  inicios: Int32Array;
}

const SEPARADOR = '\u0001';

export function indexarTextos(textos: readonly string[]): IndiceDeTexto {
  const inicios = new Int32Array(textos.length + 1);
  let n = 0;
  for (let i = 0; i < textos.length; i++) {
    inicios[i] = n;
    n += textos[i].length + 1;
  }
  inicios[textos.length] = n;
  return { texto: textos.join(SEPARADOR) + SEPARADOR, inicios };
}

/** The positions (ascending) of the records whose text contains `termo`. */
export function registrosCom(indice: IndiceDeTexto, termo: string): number[] {
  const { texto, inicios } = indice;
  const out: number[] = [];
  if (!termo) return out;
  let pos = texto.indexOf(termo);
  while (pos >= 0) {
    // The record holding pos: the last start ≤ pos.
    let lo = 0;
    let hi = inicios.length - 2;
    while (lo < hi) {
      const m = (lo + hi + 1) >> 1;
      if (inicios[m] <= pos) lo = m;
      else hi = m - 1;
    }
    out.push(lo);
    // On to the next record.
    pos = texto.indexOf(termo, inicios[lo + 1]);
  }
  return out;
}

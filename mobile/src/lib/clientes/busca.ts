// Search over the device copy of the portfolio: accent- and case-insensitive, by name, fantasia,
// CPF/CNPJ and city. Each customer's folded text is computed once, when it is stored, so a
// keystroke costs one pass of `includes` over in-memory strings (no IndexedDB reads).
import type { Cliente } from '../api/types';
import { formatarDocumento } from '../format/document';
import { formatarTelefone } from '../format/phone';

const MARCAS = /[\u0300-\u036f]/g;
// Punctuation inside documents and names ("11.222.333/0001-81", "D'Ávila") joins the parts.
const JUNTAR = /[.\/\-'’]/g;
const SEPARAR = /[^a-z0-9]+/g;

/** Lower case, no accents, document punctuation dropped, anything else not a letter/digit → one space. */
export function dobrar(texto: string | null | undefined): string {
  return String(texto ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARCAS, '')
    .replace(JUNTAR, '')
    .replace(SEPARAR, ' ')
    .trim();
}

/** The folded text a customer is found by: name, fantasia, document, city and state. */
export function textoDeBusca(c: Pick<Cliente, 'nome' | 'nome_fantasia' | 'documento' | 'cidade' | 'uf'>): string {
  return dobrar(`${c.nome} ${c.nome_fantasia} ${c.documento} ${c.cidade} ${c.uf}`);
}

/** The second line of a customer in lists: document, city/UF, phone, formatted. */
export function linhaDoCliente(c: Pick<Cliente, 'documento' | 'cidade' | 'uf' | 'celular' | 'telefone'>): string {
  const fone = c.celular || c.telefone;
  const local = c.cidade ? (c.uf ? `${c.cidade}/${c.uf}` : c.cidade) : c.uf;
  return [c.documento ? formatarDocumento(c.documento) : '', local, fone ? formatarTelefone(fone) : ''].filter(Boolean).join(' · ');
}

/**
 * What the device stores per customer: the record, its precomputed search text and sort key, and
 * its formatted list line (so neither a keystroke nor a row formats anything).
 */
export type ClienteLocal = Cliente & { _busca: string; _ordem: string; _linha: string; /** Created offline, not sent yet. */ _pendente?: boolean };

export function paraLocal(c: Cliente): ClienteLocal {
  return { ...c, _busca: textoDeBusca(c), _ordem: `${dobrar(c.nome)}\u0000${c.id}`, _linha: linhaDoCliente(c) };
}

/** A customer created offline, not sent yet. */
export function paraLocalPendente(c: Cliente): ClienteLocal {
  return { ...paraLocal(c), _pendente: true };
}

export function ordenar(lista: ClienteLocal[]): ClienteLocal[] {
  return lista.sort((a, b) => (a._ordem < b._ordem ? -1 : a._ordem > b._ordem ? 1 : 0));
}

export interface ResultadoBusca {
  itens: ClienteLocal[];
  /** How many match in all (itens stops at the limit). */
  total: number;
}

export const LIMITE_RESULTADOS = 50;

/**
 * Customers whose folded text contains every word of the query, in name order; at most `limite`
 * of them. `lista` must already be sorted (ordenar).
 */
export function buscarNaLista(lista: readonly ClienteLocal[], consulta: string, limite = LIMITE_RESULTADOS): ResultadoBusca {
  const termos = dobrar(consulta).split(' ').filter(Boolean);
  if (termos.length === 0) return { itens: [], total: 0 };
  const itens: ClienteLocal[] = [];
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

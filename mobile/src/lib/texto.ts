// Text folding for search, the same as the server's (services/platform/textfold.Fold): lower
// case, no accents, runs of white space as one space. Device search and server search fold with
// the same rule, so a word finds the same records online and offline.
const MARCAS = /\p{Mn}/gu;
const ESPACOS = /\s+/u;

/** "  São   JOÃO " → "sao joao". */
export function dobrar(texto: string | null | undefined): string {
  return String(texto ?? '')
    .normalize('NFD')
    .replace(MARCAS, '')
    .normalize('NFC')
    .toLowerCase()
    .split(ESPACOS)
    .filter(Boolean)
    .join(' ');
}

/** The longest query the server accepts (store.MaxSearchLen) and how many words it uses. */
export const MAX_BUSCA_CARACTERES = 100;
export const MAX_BUSCA_PALAVRAS = 6;

/** The words of a query, folded, as the server uses them (at most MAX_BUSCA_PALAVRAS). */
export function palavrasDaBusca(consulta: string): string[] {
  return dobrar(consulta).split(' ').filter(Boolean).slice(0, MAX_BUSCA_PALAVRAS);
}

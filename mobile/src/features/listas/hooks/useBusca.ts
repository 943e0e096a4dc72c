// The list's search as the user types: a keystroke that narrows the query (every old word inside
// a new one) filters the previous results, not the whole table, so typing on costs less and less
// even at 15,000 products.
import { useMemo, useRef } from 'react';
import { refina } from '../../../lib/sync/busca';
import { palavrasDaBusca } from '../../../lib/texto';
import { filtrarLinhas, type LinhaLista } from '../utils/lista';

export function useLinhasBuscadas(base: readonly LinhaLista[], texto: string): readonly LinhaLista[] {
  const ultima = useRef<{ base: readonly LinhaLista[]; termos: string[]; itens: readonly LinhaLista[] } | null>(null);
  return useMemo(() => {
    const termos = palavrasDaBusca(texto);
    const u = ultima.current;
    const de = u && u.base === base && refina(u.termos, termos) ? u.itens : base;
    const itens = termos.length ? filtrarLinhas(de, termos) : base;
    ultima.current = { base, termos, itens };
    return itens;
  }, [base, texto]);
}

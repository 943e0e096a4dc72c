// The list's search as the user types: a keystroke that narrows the query (every old word inside
// a new one) filters the previous results, not the whole table, so typing on costs less and less
// even at 15,000 products.
import { useMemo, useRef } from 'react';
import { indexarTextos, refina, registrosCom } from '../../../lib/sync/busca';
import { palavrasDaBusca } from '../../../lib/texto';
import { filtrarLinhas, type LinhaLista } from '../utils/lista';

export function useLinhasBuscadas(base: readonly LinhaLista[], texto: string): readonly LinhaLista[] {
  const ultima = useRef<{ base: readonly LinhaLista[]; termos: string[]; itens: readonly LinhaLista[] } | null>(null);
  // A search of the whole list goes through one string of every row's text (built once per list).
  const indice = useMemo(() => ({ base, i: null as ReturnType<typeof indexarTextos> | null }), [base]);
  return useMemo(() => {
    const termos = palavrasDaBusca(texto);
    const u = ultima.current;
    let itens: readonly LinhaLista[];
    if (termos.length === 0) itens = base;
    else if (u && u.base === base && refina(u.termos, termos)) itens = filtrarLinhas(u.itens, termos);
    else {
      indice.i ??= indexarTextos(base.map((l) => l.produto._busca));
      const primeiros = registrosCom(indice.i, termos[0]).map((k) => base[k]);
      itens = termos.length > 1 ? filtrarLinhas(primeiros, termos.slice(1)) : primeiros;
    }
    ultima.current = { base, termos, itens };
    return itens;
  }, [base, texto, indice]);
}

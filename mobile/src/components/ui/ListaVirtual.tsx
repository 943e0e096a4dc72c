import { useEffect, useRef, type ReactNode } from 'react';
import { measureElement, observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';

interface Props<T> {
  itens: readonly T[];
  /** A stable key per item (the measured heights are kept by it). */
  chave: (item: T) => string;
  linha: (item: T, indice: number) => ReactNode;
  /** The list's accessible name. */
  rotulo: string;
  /** Estimated row height in px (rows are measured once shown). */
  altura?: number;
  testId?: string;
  /** When this value changes (e.g. a new search), the list scrolls back to the top. */
  topo?: unknown;
  /** Called when the last rows come into view (to load the next page). */
  aoChegarNoFim?: () => void;
  /**
   * Every row is exactly `altura` px (its CSS fixes it): rows are not measured, so a new result
   * set costs no forced layout per row (long lists searched as you type).
   */
  alturaFixa?: boolean;
}

// Without layout (a hidden screen, tests) the list would measure 0 px and show nothing: it
// then assumes a phone screen and 48 px rows.
const SEM_LAYOUT: Rect = { width: 360, height: 740 };
const observarTamanho = (v: Virtualizer<HTMLDivElement, Element>, cb: (r: Rect) => void) =>
  observeElementRect(v, (r) => cb(r.height > 0 ? r : { width: r.width || SEM_LAYOUT.width, height: SEM_LAYOUT.height }));

/**
 * A long list that puts only the rows in view (and a few around them) in the DOM: its own
 * scrolling box, meant to fill the space between a screen's top (search) and its action bar
 * (`.tela-lista` in theme.css). A `role="list"` with each row's position and the total
 * (aria-posinset/aria-setsize), so screen readers tell where they are; moving the focus with
 * Tab scrolls the next rows in.
 */
export function ListaVirtual<T>({ itens, chave, linha, rotulo, altura = 48, testId, topo, aoChegarNoFim, alturaFixa = false }: Props<T>) {
  const caixa = useRef<HTMLDivElement>(null);
  const v = useVirtualizer<HTMLDivElement, Element>({
    count: itens.length,
    getScrollElement: () => caixa.current,
    estimateSize: () => altura,
    getItemKey: (i) => chave(itens[i]),
    overscan: 8,
    observeElementRect: observarTamanho,
    measureElement: (el, entry, inst) => measureElement(el, entry, inst) || altura,
  });
  const linhas = v.getVirtualItems();

  const virtualizador = useRef(v);
  virtualizador.current = v;
  const primeira = useRef(true);
  useEffect(() => {
    if (primeira.current) {
      primeira.current = false;
      return;
    }
    if ((caixa.current?.scrollTop ?? 0) > 0) virtualizador.current.scrollToOffset(0);
  }, [topo]);

  const ultima = linhas.length ? linhas[linhas.length - 1].index : -1;
  const fim = useRef(aoChegarNoFim);
  fim.current = aoChegarNoFim;
  useEffect(() => {
    if (itens.length > 0 && ultima >= itens.length - 5) fim.current?.();
  }, [ultima, itens.length]);

  return (
    <div className="lista-virtual" ref={caixa}>
      <ul role="list" aria-label={rotulo} className="lista-simples" data-testid={testId} style={{ height: v.getTotalSize(), position: 'relative' }}>
        {linhas.map((l) => {
          const item = itens[l.index];
          return (
            <li
              key={l.key as string}
              data-index={l.index}
              ref={alturaFixa ? undefined : v.measureElement}
              aria-posinset={l.index + 1}
              aria-setsize={itens.length}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${l.start}px)`, ...(alturaFixa ? { height: altura } : {}) }}
            >
              {linha(item, l.index)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// The page side of the keystroke benchmarks (scripts/lib/harness.mjs medirDigitacao): records,
// per keystroke, the time from the key event to the results for that text in the DOM, laid out
// (and to the next frame), and the Event Timing of slow keystrokes, in window.__bench.

export interface Tempo {
  texto: string;
  ms: number;
  quadro: number;
  itens: number;
  inicio: number;
}

export interface BenchTeclas {
  pronto: boolean;
  /** Per keystroke: ms from the key event to the results (for that text) in the DOM, laid out. */
  tempos: Tempo[];
  /** Event Timing: keydown → next paint, for keystrokes over 16 ms (the API's floor). */
  pinturas: { inicio: number; ms: number }[];
}

/** window.__bench, with the harness's own fields. */
export function criarBench<T extends object>(extra: T): BenchTeclas & T {
  const bench = { pronto: false, tempos: [], pinturas: [], ...extra } as BenchTeclas & T;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'keydown') bench.pinturas.push({ inicio: e.startTime, ms: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  (window as unknown as { __bench: BenchTeclas & T }).__bench = bench;
  return bench;
}

/**
 * Starts measuring: `alvo` carries data-consulta = the text its results are for (the screen sets
 * it when it renders them); `itens` counts what is shown.
 */
export function medirTeclas(bench: BenchTeclas, input: HTMLInputElement, alvo: HTMLElement, itens: () => number): void {
  let t0 = 0;
  input.addEventListener('keydown', (e) => (t0 = e.timeStamp), true);
  new MutationObserver(() => {
    if (!t0 || alvo.dataset.consulta !== input.value) return;
    void alvo.offsetHeight; // style and layout of the new rows count
    const ms = performance.now() - t0;
    const texto = input.value;
    const inicio = t0;
    t0 = 0;
    requestAnimationFrame(() => {
      setTimeout(() => {
        bench.tempos.push({ texto, ms, quadro: performance.now() - inicio, itens: itens(), inicio });
      }, 0);
    });
  }).observe(alvo.parentElement ?? alvo, { attributes: true, childList: true, subtree: true });
}

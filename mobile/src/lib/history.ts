/** Whether the app's own history has a screen to go back to (react-router keeps an index). */
export function temHistorico(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** Runs `fn` when the browser is idle (after the first screen is up), at most `timeout` ms later. */
export function quandoOcioso(fn: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => fn(), { timeout });
  else setTimeout(fn, 200);
}

/** A moment that happens once: what waits for it runs after it (at once once it happened). */
function momento() {
  let avisar: () => void = () => {};
  const ocorreu = new Promise<void>((resolve) => {
    avisar = resolve;
  });
  return { marcar: () => avisar(), depois: (fn: () => void) => void ocorreu.then(fn) };
}

const primeiraTela = momento();
const primeiraSincronizacao = momento();

/** Called once the first screen is on the page. */
export function marcarPrimeiraTela(): void {
  primeiraTela.marcar();
}

/** Runs `fn` once the first screen is up and the browser is idle (work that must not delay it). */
export function aposPrimeiraTela(fn: () => void): void {
  primeiraTela.depois(() => quandoOcioso(fn));
}

/** Called when the device's first sync of this start has ended, well or not (lib/sync/iniciar). */
export function marcarPrimeiraSincronizacao(): void {
  primeiraSincronizacao.marcar();
}

/** Runs `fn` once the device's first sync of this start has ended (work that must not compete with it). */
export function aposPrimeiraSincronizacao(fn: () => void): void {
  primeiraSincronizacao.depois(fn);
}

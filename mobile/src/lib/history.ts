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

let avisarPrimeiraTela: () => void = () => {};
const primeiraTela = new Promise<void>((resolve) => {
  avisarPrimeiraTela = resolve;
});

/** Called once the first screen is on the page. */
export function marcarPrimeiraTela(): void {
  avisarPrimeiraTela();
}

/** Runs `fn` once the first screen is up and the browser is idle (work that must not delay it). */
export function aposPrimeiraTela(fn: () => void): void {
  void primeiraTela.then(() => quandoOcioso(fn));
}

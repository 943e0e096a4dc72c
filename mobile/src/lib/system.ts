// What the app does on its own, in the background, with no one having tapped anything: the
// version check, the access log, the sync, the Google redirect's result. Such a call's failure is
// never shown to the user as an error; one that only means "no connection" is not even logged —
// offline it is expected (the API client does not even try: lib/api/client), and the call runs
// again when the connection returns. Any other failure is a warning for whoever reads the console.
import { ApiError } from './api/client';

/** The device says it has no connection (navigator.onLine false is reliable; true is not). */
export function aparelhoSemConexao(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether err only says the server could not be reached: offline, a connection lost or timed out. */
export function semConexao(err: unknown): boolean {
  if (aparelhoSemConexao()) return true;
  if (err instanceof ApiError) return err.status === 0;
  return (err as { code?: unknown } | null)?.code === 'auth/network-request-failed';
}

/** What a background call does with its failure (oQue: "Verificação de versão", "Sincronização"…). */
export function falhaDeFundo(oQue: string, err: unknown): void {
  if (semConexao(err)) return;
  console.warn(`${oQue} falhou`, err);
}

const aoVoltar = new Map<string, () => void>();

/**
 * Runs `fn` once when the connection returns (the 'online' event); a second call with the same
 * `chave` before that replaces the first, so a call that failed offline many times runs once.
 */
export function quandoVoltarAConexao(chave: string, fn: () => void): void {
  if (typeof window === 'undefined') return;
  const antes = aoVoltar.get(chave);
  if (antes) window.removeEventListener('online', antes);
  const rodar = () => {
    aoVoltar.delete(chave);
    fn();
  };
  aoVoltar.set(chave, rodar);
  window.addEventListener('online', rodar, { once: true });
}

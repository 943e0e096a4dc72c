// Starts the web app's service worker (offline start and every screen without a connection). Part
// of the first chunk, so kept tiny: workbox-window and the registration load after the first screen.
import { aposPrimeiraSincronizacao, aposPrimeiraTela } from '../../lib/history';
import { readProfile } from '../../lib/storage';
import { isNative } from '../../lib/platform';

export interface AmbientePwa {
  /** A production build (`vite build`); the dev server has no service worker. */
  producao: boolean;
  /** The Capacitor Android app: its files are local, a service worker adds nothing. */
  nativo: boolean;
  /** The browser offers service workers (secure contexts only: https or localhost). */
  suportaSW: boolean;
}

export function deveRegistrarSW(a: AmbientePwa): boolean {
  return a.producao && !a.nativo && a.suportaSW;
}

export function ambienteAtual(): AmbientePwa {
  return {
    producao: import.meta.env.PROD,
    nativo: isNative(),
    suportaSW: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  };
}

/**
 * Whether the device's data is on its way: an operator is signed in, or is signing in. Then the
 * service worker waits for the first sync: its precache (the whole build, ~770 KB compressed in
 * 235 files) took the line and the browser's 6 connections to the server for 4–6 s after the tap on
 * "Entrar" on a 1.6 Mbps line, while the seller waited for the sign-in, the first screens' code and
 * the portfolio (bench:primeira-copia; with the credentials filled at once, as a password manager
 * does, the tap comes while the precache runs).
 */
export function dadosACaminho(caminho: string, comOperador: boolean): boolean {
  return comOperador || caminho === '/signin';
}

/** On the sign-in screen, how long the app's files wait for a sign-in that does not come. */
export const ESPERA_NA_ENTRADA_MS = 10_000;

/**
 * The longest the app's files wait for the first sync (from the first screen): a first copy on a
 * slow line can take minutes, and the app must work offline soon after the sign-in.
 */
export const ESPERA_MAXIMA_MS = 20_000;

/**
 * When the service worker is registered: after the first screen; while the data is on its way
 * (decided where the app opens), after the first sync, at most ESPERA_MAXIMA_MS — or, signed out
 * on the sign-in screen, once the user has had the time to sign in (ESPERA_NA_ENTRADA_MS) and has not.
 */
export function quandoRegistrar(fn: () => void, espera = ESPERA_NA_ENTRADA_MS, maxima = ESPERA_MAXIMA_MS): void {
  const comOperador = Boolean(readProfile());
  const esperar = dadosACaminho(window.location.pathname, comOperador);
  aposPrimeiraTela(() => {
    if (!esperar) return fn();
    let feito = false;
    const uma = () => {
      if (!feito) (feito = true), fn();
    };
    aposPrimeiraSincronizacao(uma);
    if (!comOperador) setTimeout(() => !readProfile() && uma(), espera);
    setTimeout(uma, maxima);
  });
}

/** Registers the service worker once the first screen is up (see quandoRegistrar), where it belongs. */
export function iniciarPwa(ambiente: AmbientePwa = ambienteAtual(), depois: (fn: () => void) => void = quandoRegistrar): boolean {
  if (!deveRegistrarSW(ambiente)) return false;
  depois(() => {
    import('./registrar').then((m) => m.registrar()).catch(() => {});
  });
  return true;
}

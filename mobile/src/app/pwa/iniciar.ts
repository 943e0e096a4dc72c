// Starts the web app's service worker (offline start and every screen without a connection). Part
// of the first chunk, so kept tiny: workbox-window and the registration load after the first screen.
import { aposPrimeiraTela } from '../../lib/history';
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

/** Registers the service worker once the first screen is up, where it belongs. */
export function iniciarPwa(ambiente: AmbientePwa = ambienteAtual(), depois: (fn: () => void) => void = aposPrimeiraTela): boolean {
  if (!deveRegistrarSW(ambiente)) return false;
  depois(() => {
    import('./registrar').then((m) => m.registrar()).catch(() => {});
  });
  return true;
}

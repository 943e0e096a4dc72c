// The service worker's registration (a chunk of its own, loaded after the first screen by
// iniciar.ts, with workbox-window). A new build is never swapped in under the user: when it is
// installed and waiting, the banner offers it, and only the user's "Atualizar" activates it.
import { Workbox } from 'workbox-window';
import { avisarNovaVersao } from './estado';

/** What this module uses of workbox-window's Workbox (a stand-in in the unit tests). */
export interface WorkboxUsado {
  addEventListener(tipo: 'waiting' | 'controlling', fn: (e: { sw?: ServiceWorker }) => void): void;
  register(opcoes?: { immediate?: boolean }): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface OpcoesRegistro {
  recarregar?: () => void;
  /** How often an open app asks for a new build (the browser also checks on every opening). */
  intervaloMs?: number;
  /** If the new version does not take over in this time, the page reloads anyway. */
  esperaMaxMs?: number;
  online?: () => boolean;
}

const HORA = 60 * 60 * 1000;

/**
 * Registers the service worker behind `wb` and wires the "new version" banner. Returns a function
 * that stops the periodic update checks (tests).
 */
export function registrarCom(wb: WorkboxUsado, opcoes: OpcoesRegistro = {}): Promise<() => void> {
  const recarregar = opcoes.recarregar ?? (() => window.location.reload());
  const online = opcoes.online ?? (() => navigator.onLine);
  const esperaMax = opcoes.esperaMaxMs ?? 4000;
  let registro: ServiceWorkerRegistration | undefined;
  let recarregando = false;
  const recarregarUmaVez = () => {
    if (recarregando) return;
    recarregando = true;
    recarregar();
  };

  const atualizar = () => {
    // Another tab may have activated it already: then this page only needs the reload.
    if (!registro?.waiting) {
      recarregarUmaVez();
      return;
    }
    wb.addEventListener('controlling', recarregarUmaVez);
    wb.messageSkipWaiting();
    setTimeout(recarregarUmaVez, esperaMax);
  };
  // Each waiting build is announced once (Workbox and the checks below may both see it).
  const avisados = new WeakSet<object>();
  const avisar = (sw: ServiceWorker | null | undefined) => {
    if (sw && avisados.has(sw)) return;
    if (sw) avisados.add(sw);
    avisarNovaVersao(atualizar);
  };
  // Workbox: a build found by this page (now or while it stays open), or one already waiting.
  wb.addEventListener('waiting', (e) => avisar(e.sw));
  // A build the browser started installing before this registration (opening the app checks for
  // one at once; this code runs after the first screen), which Workbox does not follow.
  const acompanhar = (sw: ServiceWorker | null | undefined) => {
    if (!sw) return;
    sw.addEventListener('statechange', () => {
      if (sw.state !== 'installed') return;
      // A first install goes on to activate; an update stays waiting.
      setTimeout(() => {
        if (registro?.waiting === sw) avisar(sw);
      }, 200);
    });
  };

  const procurar = () => {
    if (online()) wb.update().catch(() => {});
  };
  const timer = setInterval(procurar, opcoes.intervaloMs ?? HORA);
  let ultima = Date.now();
  const aoVoltar = () => {
    if (document.visibilityState !== 'visible' || Date.now() - ultima < 5 * 60 * 1000) return;
    ultima = Date.now();
    procurar();
  };
  document.addEventListener('visibilitychange', aoVoltar);
  const parar = () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', aoVoltar);
  };

  return wb.register().then(
    (r) => {
      registro = r;
      if (r?.installing && r.active) acompanhar(r.installing);
      // Every later update too (Workbox stops following them after the first one it calls external).
      r?.addEventListener('updatefound', () => {
        if (r.active) acompanhar(r.installing);
      });
      return parar;
    },
    () => parar,
  );
}

/** The app's service worker (`sw.js`, written by vite-plugin-pwa at the root of the build). */
export function registrar(): Promise<() => void> {
  const base = import.meta.env.BASE_URL;
  return registrarCom(new Workbox(`${base}sw.js`, { scope: base }));
}

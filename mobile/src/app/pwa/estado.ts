// The "new version" notice: a tiny store the banner reads (part of the first chunk; the service
// worker code that fills it loads later, see iniciar.ts).
import { useSyncExternalStore } from 'react';

export interface AvisoNovaVersao {
  /** A new build is installed and waiting for the user. */
  visivel: boolean;
  /** The user asked for it: the new version is being activated and the page reloads. */
  atualizando: boolean;
}

const OCULTO: AvisoNovaVersao = { visivel: false, atualizando: false };

let estado: AvisoNovaVersao = OCULTO;
let ativar: (() => void) | null = null;
const ouvintes = new Set<() => void>();

function mudar(novo: AvisoNovaVersao): void {
  estado = novo;
  for (const o of ouvintes) o();
}

/** A new version is waiting; `atualizar` activates it and reloads the page. */
export function avisarNovaVersao(atualizar: () => void): void {
  ativar = atualizar;
  if (!estado.visivel) mudar({ visivel: true, atualizando: false });
}

/** The banner's button: activates the waiting version (once). */
export function atualizarAgora(): void {
  if (!ativar || estado.atualizando) return;
  mudar({ visivel: true, atualizando: true });
  ativar();
}

/** "Agora não": hides the banner; the waiting version is offered again on the next opening. */
export function dispensarAviso(): void {
  if (estado.atualizando) return;
  mudar(OCULTO);
}

export function lerAviso(): AvisoNovaVersao {
  return estado;
}

export function ouvirAviso(fn: () => void): () => void {
  ouvintes.add(fn);
  return () => ouvintes.delete(fn);
}

export function useAvisoNovaVersao(): AvisoNovaVersao {
  return useSyncExternalStore(ouvirAviso, lerAviso, lerAviso);
}

/** Tests only. */
export function reiniciarAviso(): void {
  ativar = null;
  mudar(OCULTO);
}

export interface OpcoesAtualizarWeb {
  /** Asks the browser for a newer build (the service worker's update check). */
  procurar?: () => Promise<unknown>;
  recarregar?: () => void;
  /** How long a build the check finds may take to install before the page just reloads. */
  esperaMs?: number;
}

/**
 * "Atualização obrigatória" on the web: the new build comes through the service worker, not from
 * a download link. A build already waiting is activated (the page reloads on it); otherwise the
 * browser is asked for one first and it is activated when it has installed, or the page reloads.
 */
export async function atualizarWeb(o: OpcoesAtualizarWeb = {}): Promise<void> {
  const procurar = o.procurar ?? (() => navigator.serviceWorker?.getRegistration().then((r) => r?.update()) ?? Promise.resolve());
  const recarregar = o.recarregar ?? (() => window.location.reload());
  if (!ativar) {
    await procurar().catch(() => undefined);
    await new Promise<void>((pronto) => {
      if (ativar) return pronto();
      const parar = ouvirAviso(() => {
        if (!ativar) return;
        clearTimeout(t);
        parar();
        pronto();
      });
      const t = setTimeout(() => {
        parar();
        pronto();
      }, o.esperaMs ?? 8000);
    });
  }
  if (ativar) atualizarAgora();
  else recarregar();
}

// Wide screens (desktop, ≥ 1024 px) use the width: side menu, lists as tables. Phones keep the
// one-column layout.
import { useSyncExternalStore } from 'react';

export const CONSULTA_TELA_LARGA = '(min-width: 1024px)';

function mql(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(CONSULTA_TELA_LARGA) : null;
}

function inscrever(l: () => void): () => void {
  const m = mql();
  m?.addEventListener('change', l);
  return () => m?.removeEventListener('change', l);
}

export function ehTelaLarga(): boolean {
  return mql()?.matches ?? false;
}

/** True on a wide screen (≥ 1024 px); follows resizes. */
export function useTelaLarga(): boolean {
  return useSyncExternalStore(inscrever, ehTelaLarga, () => false);
}

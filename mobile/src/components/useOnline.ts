import { useSyncExternalStore } from 'react';

function assinar(l: () => void) {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
}

/** Whether the browser says it is online (false is reliable, true only means "maybe"). */
export function useOnline(): boolean {
  return useSyncExternalStore(assinar, () => navigator.onLine, () => true);
}

import { useCallback } from 'react';
import { apresentarAlerta } from './overlays';

/** A plain alert (header, message, OK) that resolves when dismissed. */
export function useAlert(): (header: string, message: string) => Promise<void> {
  return useCallback(async (header, message) => {
    await apresentarAlerta({ header, message, buttons: ['OK'] });
  }, []);
}

import { Capacitor } from '@capacitor/core';
import type { TipoPlataforma } from './api/types';

export function isNative(): boolean {
  return Capacitor.isNativePlatform();
}

/** The `tipo` of the version check: 'android' in the app, 'web' in a browser. */
export function tipoPlataforma(): TipoPlataforma {
  return Capacitor.getPlatform() === 'android' ? 'android' : 'web';
}

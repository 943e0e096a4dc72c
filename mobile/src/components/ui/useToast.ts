import { useCallback } from 'react';
import { toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';

export type ToastPosition = 'top' | 'middle' | 'bottom';

export interface ToastOptions {
  /** Milliseconds, supplied by the caller (SPEC §9). */
  duration: number;
  position: ToastPosition;
  color?: 'success' | 'danger' | 'warning' | 'medium' | 'primary';
}

/** Shows a toast; duration and position come from the caller (SPEC §9). */
export async function mostrarToast(message: string, opts: ToastOptions): Promise<void> {
  // Defined here rather than through @ionic/react so the toast code ships with the screens
  // that use it, not with the first chunk.
  defineCustomElement();
  const toast = await toastController.create({
    message,
    duration: opts.duration,
    position: opts.position,
    color: opts.color,
    buttons: [{ text: 'OK', role: 'cancel' }],
  });
  await toast.present();
}

export function useToast(): (message: string, opts: ToastOptions) => void {
  return useCallback((message, opts) => {
    void mostrarToast(message, opts);
  }, []);
}

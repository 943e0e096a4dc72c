import { useCallback } from 'react';
import { apresentarAlerta } from './overlays';

export interface ConfirmOptions {
  header?: string;
  message: string;
  okText?: string;
  cancelText?: string;
}

/** A confirm dialog with OK and Cancelar (SPEC §5) that yields true or false. */
export async function confirmar(opts: ConfirmOptions | string): Promise<boolean> {
  const o: ConfirmOptions = typeof opts === 'string' ? { message: opts } : opts;
  const role = await apresentarAlerta({
    header: o.header ?? 'Confirmação',
    message: o.message,
    backdropDismiss: true,
    buttons: [
      { text: o.cancelText ?? 'Cancelar', role: 'cancel' },
      { text: o.okText ?? 'OK', role: 'confirm' },
    ],
  });
  return role === 'confirm';
}

export function useConfirm(): (opts: ConfirmOptions | string) => Promise<boolean> {
  return useCallback((opts) => confirmar(opts), []);
}

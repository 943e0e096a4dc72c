// The last figures fetched (painel, …) kept on the device, per screen and question (month,
// seller), in the device database's `meta` store (sign-out empties it), so that a screen shows
// them offline with their date ("Números de <data>").
const PREFIXO = 'numeros:';

export interface NumerosGuardados<T> {
  /** When they were fetched (ISO). */
  em: string;
  dados: T;
}

/** Keeps what the server answered for `chave` at `em` (a failure to keep is only logged). */
export async function guardarNumeros<T>(chave: string, dados: T, em = new Date().toISOString()): Promise<void> {
  try {
    const { STORE_META, temBancoNoAparelho, transacao } = await import('./device-db');
    if (!temBancoNoAparelho()) return;
    const v: NumerosGuardados<T> = { em, dados };
    await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).put(v, PREFIXO + chave), 'relaxed');
  } catch (err) {
    console.warn('Números não guardados no aparelho', err);
  }
}

/** What was last kept for `chave` (null: nothing). */
export async function lerNumeros<T>(chave: string): Promise<NumerosGuardados<T> | null> {
  try {
    const { pedido, STORE_META, temBancoNoAparelho, transacao } = await import('./device-db');
    if (!temBancoNoAparelho()) return null;
    const v = await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(PREFIXO + chave) as IDBRequest<NumerosGuardados<T> | undefined>));
    return v ?? null;
  } catch (err) {
    console.warn('Números não lidos do aparelho', err);
    return null;
  }
}

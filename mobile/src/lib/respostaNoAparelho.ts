// The last answer the server gave to a read (a screen's figures), kept on the device so the screen
// still shows it offline, with the time it was fetched. One record per query in the device
// database's `meta` store (key `resposta:<chave>`), which sign-out empties like the rest of the
// device copy.
import { falhaDeConexao } from './api/client';
import { pedido, STORE_META, temBancoNoAparelho, transacao } from './device-db';

export interface RespostaGuardada<T> {
  /** When the server gave it (ISO instant). */
  em: string;
  dados: T;
}

const chaveMeta = (chave: string) => `resposta:${chave}`;

/** Keeps `dados` as the last answer to `chave`. A device without a database keeps nothing. */
export async function guardarResposta<T>(chave: string, dados: T, em = new Date()): Promise<void> {
  if (!temBancoNoAparelho()) return;
  const r: RespostaGuardada<T> = { em: em.toISOString(), dados };
  await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).put(r, chaveMeta(chave)), 'relaxed');
}

/** The last answer kept for `chave`, or null. */
export async function lerResposta<T>(chave: string): Promise<RespostaGuardada<T> | null> {
  if (!temBancoNoAparelho()) return null;
  const r = await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(chaveMeta(chave)) as IDBRequest<RespostaGuardada<T> | undefined>));
  return r ?? null;
}

export interface Resposta<T> extends RespostaGuardada<T> {
  /** True when the server could not be reached and this is the copy kept on the device. */
  daCopia: boolean;
}

/**
 * A read that survives being offline: the server's answer (kept as the last one for `chave`), or,
 * when the server cannot be reached, the last answer kept. Errors the server gives (a 4xx: bad
 * input, no permission) are thrown as they are, and so is a failure with no copy to show.
 */
export async function daRedeOuDoAparelho<T>(chave: string, buscar: () => Promise<T>, agora = () => new Date()): Promise<Resposta<T>> {
  let dados: T;
  try {
    dados = await buscar();
  } catch (err) {
    if (!falhaDeConexao(err)) throw err;
    const copia = await lerResposta<T>(chave).catch(() => null);
    if (!copia) throw err;
    return { ...copia, daCopia: true };
  }
  const em = agora();
  await guardarResposta(chave, dados, em).catch((e: unknown) => console.warn('Cópia da resposta não foi guardada', e));
  return { dados, em: em.toISOString(), daCopia: false };
}

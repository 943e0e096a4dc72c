// The order being entered, kept on the device as it is typed (IndexedDB `meta`, one per
// operator), so closing the app or a restart loses nothing. Wiped with the device data on sign-out.
import { pedido, STORE_META, temBancoNoAparelho, transacao } from '../../lib/device-db';
import { donoAtual } from '../../lib/sync/colecao';
import type { RascunhoPedido } from './previa';

const chave = () => `rascunho:pedido:${donoAtual()}`;
const naMemoria = new Map<string, RascunhoPedido>();

export async function lerRascunho(): Promise<RascunhoPedido | null> {
  if (!temBancoNoAparelho()) return naMemoria.get(chave()) ?? null;
  const r = await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(chave()) as IDBRequest<RascunhoPedido | undefined>));
  return r ?? null;
}

export async function guardarRascunho(r: RascunhoPedido): Promise<void> {
  if (!temBancoNoAparelho()) {
    naMemoria.set(chave(), r);
    return;
  }
  await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).put(r, chave()));
}

export async function apagarRascunho(): Promise<void> {
  if (!temBancoNoAparelho()) {
    naMemoria.delete(chave());
    return;
  }
  await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).delete(chave()));
}

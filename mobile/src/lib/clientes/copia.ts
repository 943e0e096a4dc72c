// The device copy of the operator's portfolio (IndexedDB store `clientes` of DEVICE_DB), with
// the sync state (`meta`). Reads are served from memory after the first one; every write goes
// to IndexedDB and then updates the memory copy and tells the screens.
import { aoApagarDados, pedido, STORE_CLIENTES, STORE_META, transacao } from '../device-db';
import type { AlteracaoCliente, Cliente } from '../api/types';
import { ordenar, paraLocal, paraLocalPendente, type ClienteLocal } from './busca';

export interface EstadoSync {
  /** Cursor of the changes feed (pass as desde). */
  cursor: string;
  /** When the copy last caught up with the server (ISO). */
  sincronizadoEm: string;
  /** Whose copy this is (uid:operador); another operator's copy is dropped. */
  dono: string;
}

const META_SYNC = 'sync';

let memoria: ClienteLocal[] | null = null;
let carregando: Promise<ClienteLocal[]> | null = null;
let estado: EstadoSync | null = null;
const ouvintes = new Set<() => void>();

function avisar(): void {
  ouvintes.forEach((l) => l());
}

/** Called when the device copy changes (sync, a save on this device). */
export function aoMudarCopia(l: () => void): () => void {
  ouvintes.add(l);
  return () => ouvintes.delete(l);
}

aoApagarDados(() => {
  memoria = null;
  carregando = null;
  estado = null;
  avisar();
});

/** Every customer of the device copy, sorted by name (one IndexedDB read, then memory). */
export function lerCopia(): Promise<ClienteLocal[]> {
  if (memoria) return Promise.resolve(memoria);
  carregando ??= transacao(STORE_CLIENTES, 'readonly', (tx) => pedido(tx.objectStore(STORE_CLIENTES).getAll() as IDBRequest<ClienteLocal[]>))
    .then((lista) => {
      memoria = ordenar(lista);
      return memoria;
    })
    .finally(() => {
      carregando = null;
    });
  return carregando;
}

/** The device copy if it is already in memory (for a synchronous first render). */
export function copiaEmMemoria(): ClienteLocal[] | null {
  return memoria;
}

export async function lerEstadoSync(): Promise<EstadoSync | null> {
  if (estado) return estado;
  estado = (await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(META_SYNC)))) ?? null;
  return estado;
}

/**
 * Applies one page of the changes feed and its cursor in one transaction: a customer is stored
 * (with its search text) or, when removido or excluido, deleted.
 */
export async function aplicarAlteracoes(alteracoes: readonly AlteracaoCliente[], novo: EstadoSync): Promise<void> {
  await transacao([STORE_CLIENTES, STORE_META], 'readwrite', (tx) => {
    const s = tx.objectStore(STORE_CLIENTES);
    for (const a of alteracoes) {
      const id = a.cliente?.id || a.id;
      if (a.removido || !a.cliente || a.cliente.excluido) s.delete(id);
      else s.put(paraLocal(a.cliente));
    }
    tx.objectStore(STORE_META).put(novo, META_SYNC);
  });
  estado = novo;
  if (memoria) {
    const porId = new Map(memoria.map((c) => [c.id, c]));
    for (const a of alteracoes) {
      const id = a.cliente?.id || a.id;
      if (a.removido || !a.cliente || a.cliente.excluido) porId.delete(id);
      else porId.set(id, paraLocal(a.cliente));
    }
    memoria = ordenar([...porId.values()]);
  }
  avisar();
}

/** Drops the whole copy (another operator's, or a reset cursor). */
export async function limparCopia(): Promise<void> {
  await transacao([STORE_CLIENTES, STORE_META], 'readwrite', (tx) => {
    tx.objectStore(STORE_CLIENTES).clear();
    tx.objectStore(STORE_META).delete(META_SYNC);
  });
  memoria = [];
  estado = null;
  avisar();
}

/** Keeps a customer just saved on this device (the next sync brings the same record). */
export async function guardarCliente(c: Cliente): Promise<void> {
  const meta = await lerEstadoSync().catch(() => null);
  if (!meta) return; // no copy yet: the first sync brings everything
  await aplicarAlteracoes([{ id: c.id, removido: Boolean(c.excluido), cliente: c }], meta);
}

/** Keeps a customer created offline (marked pending) so lists and search find it meanwhile. */
export async function guardarPendente(c: Cliente, dono: string): Promise<void> {
  const meta = (await lerEstadoSync().catch(() => null)) ?? { cursor: '', sincronizadoEm: '', dono };
  await transacao([STORE_CLIENTES, STORE_META], 'readwrite', (tx) => {
    tx.objectStore(STORE_CLIENTES).put(paraLocalPendente(c));
    tx.objectStore(STORE_META).put(meta, META_SYNC);
  });
  estado = meta;
  if (memoria) memoria = ordenar([...memoria.filter((x) => x.id !== c.id), paraLocalPendente(c)]);
  avisar();
}

/** Drops a customer from the copy (deleted or moved out of this operator's portfolio). */
export async function esquecerCliente(id: string): Promise<void> {
  const meta = await lerEstadoSync().catch(() => null);
  if (!meta) return;
  await aplicarAlteracoes([{ id, removido: true, cliente: null }], meta);
}

/** One customer of the copy (the customer file when offline). */
export async function clienteDaCopia(id: string): Promise<ClienteLocal | undefined> {
  const lista = await lerCopia();
  return lista.find((c) => c.id === id);
}

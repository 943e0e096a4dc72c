// The device copy of the operator's working set lives in IndexedDB (never localStorage) under
// this database name. Sign-out wipes it all but the outbox (`saida`): what was changed on the
// device and not sent yet is kept, and ./sync/saida decides whose it is.
export const DEVICE_DB = 'crm-vendas';
/**
 * Version 1: `clientes` (the portfolio, keyPath id) and `meta` (sync cursor and time, by key).
 * Version 2 added `fila` (customers created offline).
 * Version 3 keeps every entity in one store, `registros` (key [colecao, id]: the server's record
 * as last seen), the sync state of each collection in `meta` (key `sync:<colecao>`) and every
 * write made on the device in `saida` (the outbox, keyPath seq, in order). The upgrade moves what
 * `fila` held into `saida` (nothing typed offline is lost) and drops `clientes`, which the next
 * sync brings back into `registros`.
 */
export const DEVICE_DB_VERSION = 3;
export const STORE_REGISTROS = 'registros';
export const STORE_META = 'meta';
export const STORE_SAIDA = 'saida';
const OLD_CLIENTES = 'clientes';
const OLD_FILA = 'fila';

/** A version-2 queued creation, as `fila` kept it. */
interface PendenciaV2 {
  id: string;
  tipo: string;
  corpo: unknown;
  criadoEm: string;
  erro?: string;
}

/** Creates what version 3 needs and carries the version-2 queue into the outbox. */
function atualizarEsquema(db: IDBDatabase, tx: IDBTransaction): void {
  if (!db.objectStoreNames.contains(STORE_REGISTROS)) db.createObjectStore(STORE_REGISTROS, { keyPath: ['colecao', 'id'] });
  if (!db.objectStoreNames.contains(STORE_META)) db.createObjectStore(STORE_META);
  if (!db.objectStoreNames.contains(STORE_SAIDA)) db.createObjectStore(STORE_SAIDA, { keyPath: 'seq', autoIncrement: true });
  if (db.objectStoreNames.contains(OLD_CLIENTES)) {
    db.deleteObjectStore(OLD_CLIENTES);
    tx.objectStore(STORE_META).delete('sync');
  }
  if (db.objectStoreNames.contains(OLD_FILA)) {
    const req = tx.objectStore(OLD_FILA).getAll();
    req.onsuccess = () => {
      const saida = tx.objectStore(STORE_SAIDA);
      const antigas = (req.result as PendenciaV2[]).sort((a, b) => a.criadoEm.localeCompare(b.criadoEm));
      for (const p of antigas) {
        saida.add({
          id: p.id,
          op: 'clientes.criar',
          colecao: 'clientes',
          alvo: p.id,
          dados: p.corpo,
          criadoEm: p.criadoEm,
          tentativas: 0,
          ...(p.erro ? { recusa: { mensagem: p.erro, motivo: '', campos: [] } } : {}),
        });
      }
      db.deleteObjectStore(OLD_FILA);
    };
  }
}

type Wiper = () => Promise<void> | void;
const wipers = new Set<Wiper>();

/** Areas with in-memory caches (TanStack Query, …) register how to forget them. */
export function aoApagarDados(w: Wiper): () => void {
  wipers.add(w);
  return () => wipers.delete(w);
}

let aberto: Promise<IDBDatabase> | null = null;
let conexao: IDBDatabase | null = null;

/** Whether this browser can keep a device copy (IndexedDB). */
export function temBancoNoAparelho(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** The device database, opened once (and again after sign-out deleted it). */
export function abrirBanco(): Promise<IDBDatabase> {
  if (aberto) return aberto;
  aberto = new Promise<IDBDatabase>((resolve, reject) => {
    if (!temBancoNoAparelho()) {
      reject(new Error('IndexedDB indisponível'));
      return;
    }
    const req = indexedDB.open(DEVICE_DB, DEVICE_DB_VERSION);
    req.onupgradeneeded = () => atualizarEsquema(req.result, req.transaction!);
    req.onsuccess = () => {
      const db = req.result;
      conexao = db;
      // Another tab upgrades or deletes the database (sign-out): let it.
      db.onversionchange = () => fecharBanco();
      db.onclose = () => {
        if (conexao === db) fecharBanco();
      };
      resolve(db);
    };
    req.onerror = () => {
      aberto = null;
      reject(req.error ?? new Error('IndexedDB não abriu'));
    };
    req.onblocked = () => console.warn('Banco do aparelho bloqueado por outra aba');
  });
  return aberto;
}

export function fecharBanco(): void {
  conexao?.close();
  conexao = null;
  aberto = null;
}

/** Runs `fn` in one transaction over `stores`; resolves with its result when the transaction commits. */
export async function transacao<T>(
  stores: string | string[],
  modo: IDBTransactionMode,
  fn: (tx: IDBTransaction) => T | Promise<T>,
  /**
   * 'relaxed' for what the server can bring back (the device copy): the commit does not wait for
   * the disk. Writes only the device holds (the outbox) keep the default.
   */
  durabilidade?: IDBTransactionDurability,
): Promise<T> {
  const db = await abrirBanco();
  const tx = durabilidade ? db.transaction(stores, modo, { durability: durabilidade }) : db.transaction(stores, modo);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transação abortada'));
  });
  const result = await fn(tx);
  await done;
  return result;
}

/** An IDBRequest as a promise. */
export function pedido<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Sign-out: forgets the in-memory caches and empties every store of the device database but the
 * outbox. Changes waiting to be sent are never thrown away here: each belongs to the user who made
 * it (./sync/saida) and is sent when that user signs in again.
 */
export async function apagarDadosDoAparelho(): Promise<void> {
  await esquecerMemoria();
  if (!temBancoNoAparelho()) return;
  try {
    const db = await abrirBanco();
    const stores = [...db.objectStoreNames].filter((n) => n !== STORE_SAIDA);
    if (stores.length) await transacao(stores, 'readwrite', (tx) => stores.forEach((n) => tx.objectStore(n).clear()));
  } catch (err) {
    // Never fall back to deleting the database: the outbox is in it.
    console.error('Limpeza do banco do aparelho falhou', err);
  }
}

/** Tests only: deletes the whole database, the outbox included (the app never does). */
export async function apagarBancoInteiro(): Promise<void> {
  await esquecerMemoria();
  fecharBanco();
  if (!temBancoNoAparelho()) return;
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DEVICE_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

async function esquecerMemoria(): Promise<void> {
  for (const w of wipers) {
    try {
      await w();
    } catch (err) {
      console.error('Limpeza de dados falhou', err);
    }
  }
}

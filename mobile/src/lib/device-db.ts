// The device copy of the operator's working set lives in IndexedDB (never localStorage) under
// this database name; sign-out wipes it. The areas that fill it (customers, products, orders)
// come with their issues.
export const DEVICE_DB = 'crm-vendas';

type Wiper = () => Promise<void> | void;
const wipers = new Set<Wiper>();

/** Areas with in-memory caches (TanStack Query, …) register how to forget them. */
export function aoApagarDados(w: Wiper): () => void {
  wipers.add(w);
  return () => wipers.delete(w);
}

export async function apagarDadosDoAparelho(): Promise<void> {
  for (const w of wipers) {
    try {
      await w();
    } catch (err) {
      console.error('Limpeza de dados falhou', err);
    }
  }
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DEVICE_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

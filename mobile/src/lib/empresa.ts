// The company's name (company settings, from the version answer), shown to the user instead of
// its id. Kept on the device in the device database's `meta` store (never localStorage: its keys
// are exactly the spec's), so it is there offline too; sign-out empties that store.
import { useSyncExternalStore } from 'react';
import { useSession } from './session';

const CHAVE_META = 'empresa';

interface NomeEmpresa {
  id: string;
  nome: string;
}

let atual: NomeEmpresa | null = null;
let carregado: Promise<void> | null = null;
const listeners = new Set<() => void>();

function definir(n: NomeEmpresa | null): void {
  atual = n;
  listeners.forEach((l) => l());
}

/** Loads the kept name once (the device database is imported only when needed). */
function carregar(): Promise<void> {
  carregado ??= import('./device-db')
    .then(async ({ aoApagarDados, pedido, STORE_META, temBancoNoAparelho, transacao }) => {
      aoApagarDados(() => {
        carregado = null;
        definir(null);
      });
      if (!temBancoNoAparelho()) return;
      const guardado = await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(CHAVE_META) as IDBRequest<NomeEmpresa | undefined>));
      if (guardado && !atual) definir(guardado);
    })
    .catch((err) => console.warn('Nome da empresa não lido do aparelho', err));
  return carregado;
}

/** Keeps the name the server gave for company `id` (an empty name keeps nothing). */
export async function guardarNomeEmpresa(id: string, nome: string): Promise<void> {
  nome = nome.trim();
  if (!id || !nome) return;
  if (atual?.id === id && atual.nome === nome) return;
  definir({ id, nome });
  await carregar();
  try {
    const { STORE_META, temBancoNoAparelho, transacao } = await import('./device-db');
    if (temBancoNoAparelho()) await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).put({ id, nome }, CHAVE_META));
  } catch (err) {
    console.warn('Nome da empresa não guardado no aparelho', err);
  }
}

/** The name of company `id` when known, else its id. */
export function nomeDaEmpresa(id: string): string {
  return atual && atual.id === id ? atual.nome : id;
}

function inscrever(l: () => void): () => void {
  listeners.add(l);
  void carregar();
  return () => listeners.delete(l);
}

/** The signed-in operator's company as the user reads it: its name, or its id until the name is known. */
export function useNomeEmpresa(): string {
  const { profile } = useSession();
  const n = useSyncExternalStore(inscrever, () => atual);
  if (!profile) return '';
  return n && n.id === profile.empresa ? n.nome : profile.empresa;
}

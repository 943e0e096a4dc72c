// What decisions the operator has seen, kept on the device per operator (the device database's
// `meta` store, key `decisoes-vistas:<operador>`; never localStorage, whose keys are the spec's).
// Sign-out empties it. Without a record (a new device, after signing out) the device cannot know
// what was seen: it counts the last DIAS_SEM_REGISTRO days' decisions as new (and a standing
// rejection whatever its age: see decisoesNaoVistas).
import { useEffect, useSyncExternalStore } from 'react';
import type { Vistos } from './decisao';

const PREFIXO = 'decisoes-vistas:';
export const DIAS_SEM_REGISTRO = 7;

/** A first record: counting from DIAS_SEM_REGISTRO days before agora. */
export function vistosIniciais(agora = new Date()): Vistos {
  return { desde: new Date(agora.getTime() - DIAS_SEM_REGISTRO * 86_400_000).toISOString(), pedidos: {} };
}

let atual: { operador: string; vistos: Vistos } | null = null;
let carregando: Promise<void> | null = null;
let registrado = false;
const ouvintes = new Set<() => void>();

function definir(v: { operador: string; vistos: Vistos } | null): void {
  atual = v;
  ouvintes.forEach((f) => f());
}

async function gravar(operador: string, vistos: Vistos): Promise<void> {
  const { STORE_META, temBancoNoAparelho, transacao } = await import('../../../lib/device-db');
  if (temBancoNoAparelho()) await transacao(STORE_META, 'readwrite', (tx) => void tx.objectStore(STORE_META).put(vistos, PREFIXO + operador));
}

/** Loads what operador has seen (a first time: vistosIniciais). */
function carregar(operador: string): Promise<void> {
  if (atual?.operador === operador) return Promise.resolve();
  carregando ??= import('../../../lib/device-db')
    .then(async ({ aoApagarDados, pedido, STORE_META, temBancoNoAparelho, transacao }) => {
      if (!registrado) {
        registrado = true;
        aoApagarDados(() => {
          carregando = null;
          definir(null);
        });
      }
      let vistos: Vistos | undefined;
      if (temBancoNoAparelho()) {
        vistos = await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(PREFIXO + operador) as IDBRequest<Vistos | undefined>));
      }
      if (!vistos) {
        vistos = vistosIniciais();
        await gravar(operador, vistos);
      }
      definir({ operador, vistos });
    })
    .catch((err) => {
      console.warn('Decisões vistas não lidas do aparelho', err);
      definir({ operador, vistos: vistosIniciais() });
    })
    .finally(() => {
      carregando = null;
    });
  return carregando;
}

/** Marks the decision of order id (made at em) seen by operador. */
export async function marcarDecisaoVista(operador: string, id: string, em: string): Promise<void> {
  await carregar(operador);
  if (!atual || atual.operador !== operador || atual.vistos.pedidos[id] === em) return;
  const vistos: Vistos = { ...atual.vistos, pedidos: { ...atual.vistos.pedidos, [id]: em } };
  definir({ operador, vistos });
  try {
    await gravar(operador, vistos);
  } catch (err) {
    console.warn('Decisão vista não guardada no aparelho', err);
  }
}

function inscrever(f: () => void): () => void {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
}

/** What operador has seen (null while it loads). */
export function useDecisoesVistas(operador: string): Vistos | null {
  const v = useSyncExternalStore(inscrever, () => atual);
  useEffect(() => {
    if (operador) void carregar(operador);
  }, [operador]);
  return v && v.operador === operador ? v.vistos : null;
}

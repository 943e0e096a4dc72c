import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlteracoesClientesResposta, Cliente } from '../api/types';
import { ApiError } from '../api/client';
import { apagarDadosDoAparelho } from '../device-db';
import { clearOnLogout, storeOperatorProfile } from '../storage';
import { cliente } from './fixtures';
import { clienteDaCopia, lerCopia, lerEstadoSync } from './copia';
import { situacaoSync, sincronizarClientes } from './sync';

function entrar(uid = 'u1', operador = 'op1') {
  storeOperatorProfile(
    { empresa: 'demo', id: operador, nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false },
    { uid, email: 'ana@demo.example.com', displayName: 'Ana' },
  );
}

/** A fake changes feed: pages in order, recording the cursors asked for. */
function feed(paginas: AlteracoesClientesResposta[]) {
  const pedidos: string[] = [];
  let i = 0;
  const buscar = async (desde: string) => {
    pedidos.push(desde);
    return paginas[i++] ?? { alteracoes: [], cursor: desde, mais: false };
  };
  return { buscar, pedidos };
}

const alt = (c: Cliente) => ({ id: c.id, removido: false, cliente: c });
const rem = (id: string) => ({ id, removido: true, cliente: null });

describe('sync of the device copy', () => {
  beforeEach(async () => {
    await apagarDadosDoAparelho();
    clearOnLogout();
    entrar();
  });

  it('pages until mais=false, stores the cursor and applies removido by deleting', async () => {
    const a = cliente({ id: 'a', nome: 'Alfa São João' });
    const b = cliente({ id: 'b', nome: 'Beta' });
    const c = cliente({ id: 'c', nome: 'Gama' });
    const f = feed([
      { alteracoes: [alt(a), alt(b)], cursor: 'k1', mais: true },
      { alteracoes: [alt(c), rem('b')], cursor: 'k2', mais: false },
    ]);
    expect(await sincronizarClientes(f.buscar)).toBe(4);
    expect(f.pedidos).toEqual(['', 'k1']);
    expect((await lerCopia()).map((x) => x.id)).toEqual(['a', 'c']);
    const meta = await lerEstadoSync();
    expect(meta?.cursor).toBe('k2');
    expect(meta?.sincronizadoEm).not.toBe('');
    expect(situacaoSync().sincronizadoEm).toBe(meta?.sincronizadoEm);
    // The search text is computed when stored.
    expect((await clienteDaCopia('a'))?._busca).toBe('alfa sao joao');

    // The next sync starts from the stored cursor; an update replaces, a tombstone deletes.
    const f2 = feed([{ alteracoes: [alt({ ...a, nome: 'Alfa Novo' }), alt({ ...c, excluido: true })], cursor: 'k3', mais: false }]);
    await sincronizarClientes(f2.buscar);
    expect(f2.pedidos).toEqual(['k2']);
    expect((await lerCopia()).map((x) => x.nome)).toEqual(['Alfa Novo']);
  });

  it('a failure keeps what was applied and the cursor of the last good page', async () => {
    const a = cliente({ id: 'a', nome: 'Alfa' });
    let n = 0;
    const buscar = async () => {
      if (n++ === 0) return { alteracoes: [alt(a)], cursor: 'k1', mais: true };
      throw new ApiError(0, null);
    };
    await expect(sincronizarClientes(buscar)).rejects.toBeInstanceOf(ApiError);
    expect(situacaoSync().erro).toBe('Falha de rede. Verifique sua conexão.');
    expect((await lerEstadoSync())?.cursor).toBe('k1');
    expect((await lerCopia()).map((x) => x.id)).toEqual(['a']);
  });

  it("another operator's copy is dropped before syncing", async () => {
    await sincronizarClientes(feed([{ alteracoes: [alt(cliente({ id: 'a', nome: 'Alfa' }))], cursor: 'k1', mais: false }]).buscar);
    clearOnLogout();
    entrar('u2', 'op2');
    const f = feed([{ alteracoes: [alt(cliente({ id: 'z', nome: 'Zeta' }))], cursor: 'x1', mais: false }]);
    await sincronizarClientes(f.buscar);
    expect(f.pedidos).toEqual(['']);
    expect((await lerCopia()).map((x) => x.id)).toEqual(['z']);
  });

  it('sign-out wipes the copy', async () => {
    await sincronizarClientes(feed([{ alteracoes: [alt(cliente({ id: 'a', nome: 'Alfa' }))], cursor: 'k1', mais: false }]).buscar);
    await apagarDadosDoAparelho();
    expect(await lerCopia()).toEqual([]);
    expect(await lerEstadoSync()).toBeNull();
  });

  it('two calls at once run one sync', async () => {
    const f = feed([{ alteracoes: [], cursor: 'k1', mais: false }]);
    await Promise.all([sincronizarClientes(f.buscar), sincronizarClientes(f.buscar)]);
    expect(f.pedidos).toEqual(['']);
  });
});

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apagarBancoInteiro, apagarDadosDoAparelho, DEVICE_DB, fecharBanco, pedido, STORE_META, STORE_REGISTROS, STORE_SAIDA, transacao } from '../device-db';
import { clearOnLogout, storeOperatorProfile } from '../storage';
import { definirColecao, paginaDoFeed, PRIMEIRA_PAGINA, REGISTROS_POR_LOTE, type Indexado, type Mudanca, type PaginaFeed } from './colecao';

interface Item {
  id: string;
  nome: string;
  versao: number;
  excluido?: boolean;
}

function entrar(uid = 'u1', operador = 'op1') {
  storeOperatorProfile(
    { empresa: 'demo', id: operador, nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false },
    { uid, email: 'ana@demo.example.com', displayName: 'Ana' },
  );
}

/** A fake feed: pages in order (or an error), recording the cursors asked for. */
let paginas: (PaginaFeed<Item> | Error)[] = [];
let pedidos: string[] = [];
let tamanhos: number[] = [];
const col = definirColecao<Item, Item & Indexado>({
  nome: 'teste-itens',
  async buscar(desde, tamanho) {
    pedidos.push(desde);
    tamanhos.push(tamanho);
    const p = paginas.shift() ?? { mudancas: [], cursor: desde, mais: false };
    if (p instanceof Error) throw p;
    return p;
  },
  versao: (r) => r.versao,
  excluido: (r) => Boolean(r.excluido),
  indexar: (r) => ({ ...r, _busca: r.nome.toLowerCase(), _ordem: `${r.nome.toLowerCase()}\u0000${r.id}` }),
});

const alt = (r: Item): Mudanca<Item> => ({ id: r.id, removido: false, registro: r });
const rem = (id: string): Mudanca<Item> => ({ id, removido: true, registro: null });
const ids = async () => (await col.lista()).map((x) => `${x.id}:${x.nome}`);

describe('device collection', () => {
  beforeEach(async () => {
    await apagarBancoInteiro();
    clearOnLogout();
    entrar();
    paginas = [];
    pedidos = [];
    tamanhos = [];
  });

  it('pages until mais=false, keeps the cursor, applies removals and tombstones, in sort order', async () => {
    paginas = [
      { mudancas: [alt({ id: 'a', nome: 'Beta', versao: 1 }), alt({ id: 'b', nome: 'Alfa', versao: 1 })], cursor: 'k1', mais: true },
      { mudancas: [alt({ id: 'c', nome: 'Gama', versao: 1 }), rem('a')], cursor: 'k2', mais: false },
    ];
    expect(await col.sincronizar()).toBe(4);
    expect(pedidos).toEqual(['', 'k1']);
    expect(await ids()).toEqual(['b:Alfa', 'c:Gama']);
    expect((await col.lerEstado())?.cursor).toBe('k2');
    expect(col.situacaoAtual().sincronizadoEm).not.toBe('');

    paginas = [{ mudancas: [alt({ id: 'c', nome: 'Gama', versao: 2, excluido: true })], cursor: 'k3', mais: false }];
    await col.sincronizar();
    expect(pedidos.at(-1)).toBe('k2');
    expect(await ids()).toEqual(['b:Alfa']);
  });

  it('is kept across a restart (read back from IndexedDB)', async () => {
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 })], cursor: 'k1', mais: false }];
    await col.sincronizar();
    fecharBanco();
    // A new process: memory gone, the database stays.
    (col as unknown as { base: unknown }).base = null;
    expect(await ids()).toEqual(['a:Alfa']);
    expect((await col.lerEstado())?.cursor).toBe('k1');
  });

  it('a page never replaces a newer record (a save answered after the page was read)', async () => {
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Antigo', versao: 1 })], cursor: 'k1', mais: false }];
    await col.sincronizar();
    await col.guardar([{ id: 'a', nome: 'Salvo', versao: 3 }]);
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Do meio', versao: 2 })], cursor: 'k2', mais: false }];
    await col.sincronizar();
    expect(await ids()).toEqual(['a:Salvo']);
    // Its cursor still moves on.
    expect((await col.lerEstado())?.cursor).toBe('k2');
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Depois', versao: 4 })], cursor: 'k3', mais: false }];
    await col.sincronizar();
    expect(await ids()).toEqual(['a:Depois']);
  });

  it('resumes after a sync killed mid-way from the last page that landed', async () => {
    paginas = [
      { mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 })], cursor: 'k1', mais: true },
      new Error('processo encerrado'),
    ];
    await expect(col.sincronizar()).rejects.toThrow('processo encerrado');
    expect(await ids()).toEqual(['a:Alfa']);
    expect((await col.lerEstado())?.cursor).toBe('k1');
    expect(col.situacaoAtual().erro).toBeTruthy();
    paginas = [{ mudancas: [alt({ id: 'b', nome: 'Beta', versao: 1 })], cursor: 'k2', mais: false }];
    await col.sincronizar();
    expect(pedidos).toEqual(['', 'k1', 'k1']);
    expect(await ids()).toEqual(['a:Alfa', 'b:Beta']);
    expect(col.situacaoAtual().erro).toBeNull();
  });

  it("a first copy's progress: records received of the server's total, kept when it resumes, gone once it caught up", async () => {
    (col as unknown as { base: unknown }).base = null;
    await col.carregar();
    expect(col.situacaoAtual()).toMatchObject({ primeiraCopia: true, recebidos: 0, total: null });
    // Each page is seen as it lands: record the progress whenever the state changes.
    const vistos: string[] = [];
    const off = col.assinarSituacao(() => {
      const s = col.situacaoAtual();
      vistos.push(`${s.primeiraCopia ? 'primeira' : 'completa'} ${s.recebidos}/${s.total ?? '-'}`);
    });
    paginas = [
      { mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 }), alt({ id: 'b', nome: 'Beta', versao: 1 })], cursor: 'k1', mais: true, total: 5 },
      new Error('sem conexão'),
    ];
    await expect(col.sincronizar()).rejects.toThrow('sem conexão');
    expect(col.situacaoAtual()).toMatchObject({ primeiraCopia: true, recebidos: 2, total: 5, sincronizando: false });
    expect(col.situacaoAtual().erro).toBeTruthy();
    expect((await col.lerEstado())?.total).toBe(5);

    // A new process resumes from k1: the total it had is read back with the copy.
    fecharBanco();
    (col as unknown as { base: unknown; estado: unknown }).base = null;
    await col.carregar();
    expect(col.situacaoAtual()).toMatchObject({ primeiraCopia: true, recebidos: 2, total: 5 });
    paginas = [
      { mudancas: [alt({ id: 'c', nome: 'Gama', versao: 1 }), alt({ id: 'd', nome: 'Delta', versao: 1 })], cursor: 'k2', mais: true },
      { mudancas: [alt({ id: 'e', nome: 'Épsilon', versao: 1 })], cursor: 'k3', mais: false },
    ];
    await col.sincronizar();
    expect(pedidos).toEqual(['', 'k1', 'k1', 'k2']);
    expect(vistos).toContain('primeira 2/5');
    expect(vistos).toContain('primeira 4/5');
    expect(col.situacaoAtual()).toMatchObject({ primeiraCopia: false, recebidos: 5, total: null });
    expect((await col.lerEstado())?.total).toBeUndefined();

    // Later syncs are no first copy, whatever a page says.
    paginas = [{ mudancas: [alt({ id: 'f', nome: 'Zeta', versao: 1 })], cursor: 'k4', mais: false, total: 99 }];
    await col.sincronizar();
    expect(col.situacaoAtual()).toMatchObject({ primeiraCopia: false, recebidos: 6, total: null });
    off();
  });

  it('a first copy starts with a small page; a resumed or caught-up copy asks for whole pages', async () => {
    paginas = [
      { mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 })], cursor: 'k1', mais: true },
      { mudancas: [alt({ id: 'b', nome: 'Beta', versao: 1 })], cursor: 'k2', mais: false },
    ];
    await col.sincronizar();
    expect(tamanhos).toEqual([PRIMEIRA_PAGINA, 500]);
    paginas = [{ mudancas: [], cursor: 'k2', mais: false }];
    await col.sincronizar();
    expect(tamanhos.at(-1)).toBe(500);
  });

  it('a page is written in batches: the screens see each batch, and the cursor only lands with the last', async () => {
    const n = REGISTROS_POR_LOTE * 2 + 50;
    const itens = Array.from({ length: n }, (_, i) => alt({ id: `r${String(i).padStart(4, '0')}`, nome: `Item ${i}`, versao: 1 }));
    const vistos: number[] = [];
    const cursores: (string | undefined)[] = [];
    const off = col.assinarSituacao(() => {
      const s = col.situacaoAtual();
      if (s.recebidos > 0 && vistos.at(-1) !== s.recebidos) {
        vistos.push(s.recebidos);
        // What the device holds as the copy's state while the page is being written.
        void transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get('sync:teste-itens'))).then((e) => cursores.push((e as { cursor?: string } | undefined)?.cursor));
      }
    });
    paginas = [{ mudancas: itens, cursor: 'k1', mais: false }];
    await col.sincronizar();
    off();
    expect(vistos).toEqual([REGISTROS_POR_LOTE, REGISTROS_POR_LOTE * 2, n]);
    await vi.waitFor(() => expect(cursores).toHaveLength(3));
    expect(cursores).toEqual([undefined, undefined, 'k1']);
    expect((await col.lista()).length).toBe(n);
  });

  it('one feed page in flight over all collections; a higher priority\'s whole run first, whoever asked first', async () => {
    const chamadas: string[] = [];
    let emVoo = 0;
    let maximo = 0;
    const portas: (() => void)[] = [];
    const fila = (nome: string, prioridade?: number, paginas = 1) =>
      definirColecao<Item, Item & Indexado>({
        nome,
        prioridade,
        async buscar(desde) {
          chamadas.push(`${nome}:${desde}`);
          maximo = Math.max(maximo, ++emVoo);
          await new Promise<void>((ok) => portas.push(ok));
          emVoo--;
          const n = Number(desde || 0) + 1;
          return { mudancas: [], cursor: String(n), mais: n < paginas };
        },
        versao: (r) => r.versao,
        indexar: (r) => ({ ...r, _busca: '', _ordem: r.id }),
      });
    const [historico, outro, carteira] = [fila('teste-fila-historico'), fila('teste-fila-outro'), fila('teste-fila-carteira', 0, 3)];
    // The history asks first; the portfolio, of a higher priority, still goes first.
    const todas = [historico.sincronizar(), outro.sincronizar(), carteira.sincronizar()];
    // One page at a time (maximo below): the n-th is asked for once the one before is let through.
    const ate = (n: number) => vi.waitFor(() => expect(chamadas.length).toBe(n));
    await ate(1);
    for (let n = 2; n <= 5; n++) {
      portas.shift()!();
      await ate(n);
    }
    portas.shift()!();
    await Promise.all(todas);
    expect(maximo).toBe(1);
    // The portfolio's three pages (the next asked for while the last is applied), then the others.
    expect(chamadas).toEqual(['teste-fila-carteira:', 'teste-fila-carteira:1', 'teste-fila-carteira:2', 'teste-fila-historico:', 'teste-fila-outro:']);
  });

  it('the feed page carries the total of a first copy (paginaDoFeed)', () => {
    const r = { alteracoes: [{ id: 'a', removido: false, item: { id: 'a' } }], cursor: 'k1', mais: true };
    expect(paginaDoFeed({ ...r, total: 2000 }, (a) => a.item).total).toBe(2000);
    expect('total' in paginaDoFeed(r, (a) => a.item)).toBe(false);
  });

  it("another operator's copy is dropped; sign-out wipes the copy but not the outbox", async () => {
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 })], cursor: 'k1', mais: false }];
    await col.sincronizar();
    (col as unknown as { base: unknown }).base = null;
    entrar('u2', 'op2');
    expect(await ids()).toEqual([]);
    paginas = [];
    await col.sincronizar();
    expect(pedidos.at(-1)).toBe('');

    await transacao(STORE_SAIDA, 'readwrite', (tx) => tx.objectStore(STORE_SAIDA).add({ id: 'x', op: 'teste', dono: { uid: 'u2', empresa: 'demo' } }));
    await apagarDadosDoAparelho();
    expect(col.emMemoria()).toBeNull();
    const contar = (store: string) => transacao(store, 'readonly', (tx) => pedido(tx.objectStore(store).count()));
    expect([await contar(STORE_REGISTROS), await contar(STORE_META), await contar(STORE_SAIDA)]).toEqual([0, 0, 1]);
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(DEVICE_DB);
  });

  it('pending changes are laid over the server record and marked', async () => {
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Alfa', versao: 1 }), alt({ id: 'b', nome: 'Beta', versao: 1 })], cursor: 'k1', mais: false }];
    await col.sincronizar();
    col.definirPendentes(
      new Map([
        ['a', [(r) => (r ? { ...r, nome: 'Zeta' } : null)]],
        ['b', [() => null]],
        ['n', [() => ({ id: 'n', nome: 'Novo', versao: 0 })]],
      ]),
    );
    const l = await col.lista();
    expect(l.map((x) => `${x.id}:${x.nome}:${Boolean(x._pendente)}`)).toEqual(['n:Novo:true', 'a:Zeta:true']);
    // The server's record stays as it was.
    expect((await col.doServidor('a'))?.nome).toBe('Alfa');
    // A page does not undo the pending change either.
    paginas = [{ mudancas: [alt({ id: 'a', nome: 'Outro', versao: 2 })], cursor: 'k2', mais: false }];
    await col.sincronizar();
    expect((await col.um('a'))?.nome).toBe('Zeta');
    expect(col.versaoDoServidor('a')).toBe(2);
  });
});

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real sign-out (lib/auth/logout) with Firebase's signOut replaced.
vi.mock('firebase/auth', () => ({ signOut: vi.fn(async () => {}) }));
vi.mock('../firebase', () => ({ auth: {} }));

import { ApiError, Motivo } from '../api/client';
import { sair } from '../auth/logout';
import { apagarBancoInteiro, DEVICE_DB, fecharBanco, pedido, STORE_META, STORE_SAIDA, transacao } from '../device-db';
import { clearOnLogout, clearSessionKeys, storeOperatorProfile } from '../storage';
import { definirColecao, type Indexado } from './colecao';
import {
  carregarSaida,
  corrigirItem,
  declararOperacao,
  descartar,
  enviarSaida,
  esquecerSaida,
  executar,
  pararAgendamento,
  proximoEnvio,
  resumoPendentes,
  situacaoSaida,
  type Especie,
  type ItemSaida,
} from './saida';

interface Item {
  id: string;
  nome: string;
  versao: number;
}

/** A fake server: records by id, each write bumping versao, with switches for failures. */
const servidor = {
  registros: new Map<string, Item>(),
  chamadas: [] as string[],
  offline: false,
  /** Answers the write but the answer is lost (the client sees a connection failure). */
  perderResposta: false,
  recusar: new Set<string>(),
  /** How many calls to answer 429 (too many calls) before serving again. */
  limitar: 0,
};

function falhaRede() {
  return new ApiError(0, null);
}

const col = definirColecao<Item, Item & Indexado>({
  nome: 'teste-saida',
  async buscar() {
    return { mudancas: [...servidor.registros.values()].map((r) => ({ id: r.id, removido: false, registro: r })), cursor: 'k', mais: false };
  },
  completa: true,
  versao: (r) => r.versao,
  indexar: (r) => ({ ...r, _busca: r.nome, _ordem: `${r.nome}\u0000${r.id}` }),
});

function responder<T>(f: () => T): T {
  if (servidor.offline) throw falhaRede();
  if (servidor.limitar > 0) {
    servidor.limitar--;
    throw new ApiError(429, { mensagem: 'Muitas requisições em pouco tempo.', motivo: 'LIMITE_EXCEDIDO', detalhes: { tentar_em_segundos: '7' } });
  }
  const r = f();
  if (servidor.perderResposta) {
    servidor.perderResposta = false;
    throw falhaRede();
  }
  return r;
}

const ITEM: Especie = { um: 'item', varios: 'itens' };

const criar = declararOperacao<Item, Item>({
  nome: 'teste.criar',
  colecao: col,
  especie: ITEM,
  alvo: (d) => d.id,
  async enviar(d) {
    return responder(() => {
      servidor.chamadas.push(`criar ${d.id}`);
      if (servidor.recusar.has(d.nome)) throw new ApiError(400, { mensagem: 'Nome recusado.', motivo: 'DADOS_INVALIDOS', campos: [{ campo: 'nome', descricao: 'Nome recusado.' }] });
      const atual = servidor.registros.get(d.id);
      if (atual) return atual; // idempotent create by client id
      const r = { ...d, versao: 1 };
      servidor.registros.set(d.id, r);
      return r;
    });
  },
  local: (_r, d) => ({ ...d, versao: 0 }),
  descrever: (d) => `Incluir ${d.nome}`,
});

const renomear = declararOperacao<{ id: string; nome: string }, Item>({
  nome: 'teste.renomear',
  colecao: col,
  especie: ITEM,
  alvo: (d) => d.id,
  async enviar(d, it) {
    return responder(() => {
      servidor.chamadas.push(`renomear ${d.id} ${d.nome} @${it.base}`);
      const atual = servidor.registros.get(d.id);
      if (!atual) throw new ApiError(404, { mensagem: 'Não encontrado.', motivo: Motivo.NaoEncontrado });
      if (it.base && it.base !== atual.versao) throw new ApiError(409, { mensagem: 'Alterado por outra pessoa.', motivo: Motivo.VersaoDesatualizada });
      const r = { ...atual, nome: d.nome, versao: atual.versao + 1 };
      servidor.registros.set(d.id, r);
      return r;
    });
  },
  local: (r, d) => (r ? { ...r, nome: d.nome } : null),
  async jaAplicada(err, d) {
    const atual = servidor.registros.get(d.id);
    return err.motivo === Motivo.VersaoDesatualizada && atual?.nome === d.nome ? atual : null;
  },
  descrever: (d) => `Renomear para ${d.nome}`,
});

function entrar(uid = 'u1', operador = 'op1', empresa = 'demo') {
  storeOperatorProfile(
    { empresa, id: operador, nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false },
    { uid, email: `${uid}@demo.example.com`, displayName: 'Ana' },
  );
}

/** The app is closed and opened again: nothing in memory, the device database as it was. */
function reabrir() {
  esquecerSaida();
  fecharBanco();
  (col as unknown as { base: unknown }).base = null;
}

/** The outbox items as IndexedDB holds them (every user's). */
const noAparelho = () => transacao(STORE_SAIDA, 'readonly', (tx) => pedido(tx.objectStore(STORE_SAIDA).getAll() as IDBRequest<ItemSaida[]>));

const nomes = async () => (await col.lista()).map((x) => `${x.id}:${x.nome}${x._pendente ? '*' : ''}`);

describe('outbox', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    entrar();
    servidor.registros.clear();
    servidor.chamadas = [];
    servidor.offline = false;
    servidor.perderResposta = false;
    servidor.recusar.clear();
    servidor.limitar = 0;
  });

  it('too many calls (429): kept, not refused, and tried again no sooner than the server asks', async () => {
    servidor.limitar = 1;
    const antes = Date.now();
    expect(await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 })).toEqual({ pendente: true });
    expect(situacaoSaida()).toMatchObject({ total: 1, recusadas: 0 });
    expect(proximoEnvio() - antes).toBeGreaterThanOrEqual(7000);
    expect(await enviarSaida()).toBe(1);
    expect(servidor.chamadas).toEqual(['criar a']);
    expect(situacaoSaida().total).toBe(0);
  });

  it('online: sent at once, the answer kept in the collection, nothing left waiting', async () => {
    const r = await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 });
    expect(r).toEqual({ pendente: false, registro: { id: 'a', nome: 'Alfa', versao: 1 } });
    expect(await nomes()).toEqual(['a:Alfa']);
    expect(situacaoSaida().total).toBe(0);
  });

  it('offline: kept (across a restart), shown at once, sent in order exactly once when the connection returns', async () => {
    servidor.offline = true;
    expect(await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 })).toEqual({ pendente: true });
    await executar(renomear, { id: 'a', nome: 'Alfa 2' });
    await executar(criar, { id: 'b', nome: 'Beta', versao: 0 });
    await executar(renomear, { id: 'a', nome: 'Alfa 3' });
    expect(await nomes()).toEqual(['a:Alfa 3*', 'b:Beta*']);
    expect(situacaoSaida().total).toBe(4);

    // The app is closed and opened again: the outbox is read back from IndexedDB.
    fecharBanco();
    (col as unknown as { base: unknown }).base = null;
    await carregarSaida();
    expect(situacaoSaida().total).toBe(4);

    servidor.offline = false;
    expect(await enviarSaida()).toBe(4);
    // In order; each rename made on versao 0 moved with the record: no false conflict.
    expect(servidor.chamadas).toEqual(['criar a', 'renomear a Alfa 2 @1', 'criar b', 'renomear a Alfa 3 @2']);
    expect(await nomes()).toEqual(['a:Alfa 3', 'b:Beta']);
    expect(situacaoSaida().total).toBe(0);
    expect(await enviarSaida()).toBe(0);
    expect(servidor.chamadas).toHaveLength(4);
  });

  it('the device says it is offline: nothing is tried (no call can slip out), kept, sent when it is back', async () => {
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      expect(await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 })).toEqual({ pendente: true });
      expect(await enviarSaida()).toBe(0);
      expect(servidor.chamadas).toEqual([]);
      expect(situacaoSaida().total).toBe(1);
      expect(proximoEnvio()).toBeGreaterThan(Date.now());
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
    expect(await enviarSaida()).toBe(1);
    expect(servidor.chamadas).toEqual(['criar a']);
    expect(situacaoSaida().total).toBe(0);
  });

  it('a replay whose first answer was lost is not applied twice', async () => {
    await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 });
    servidor.perderResposta = true;
    expect(await executar(renomear, { id: 'a', nome: 'Novo' })).toEqual({ pendente: true });
    expect(servidor.registros.get('a')).toEqual({ id: 'a', nome: 'Novo', versao: 2 });
    // Replayed: the server says 409 (versao moved), the operation sees its own write: done.
    expect(await enviarSaida()).toBe(1);
    expect(servidor.registros.get('a')?.versao).toBe(2);
    expect(situacaoSaida().total).toBe(0);
    expect(await nomes()).toEqual(['a:Novo']);

    servidor.perderResposta = true;
    expect(await executar(criar, { id: 'b', nome: 'Beta', versao: 0 })).toEqual({ pendente: true });
    await enviarSaida();
    expect([...servidor.registros.keys()]).toEqual(['a', 'b']);
  });

  it('a refusal is kept with its reason; later changes to the same record wait, others go on', async () => {
    servidor.offline = true;
    servidor.recusar.add('Proibido');
    await executar(criar, { id: 'a', nome: 'Proibido', versao: 0 });
    await executar(renomear, { id: 'a', nome: 'Depois' });
    await executar(criar, { id: 'b', nome: 'Beta', versao: 0 });
    servidor.offline = false;
    expect(await enviarSaida()).toBe(1);
    const s = situacaoSaida();
    expect(s.total).toBe(2);
    expect(s.recusadas).toBe(1);
    const recusado = s.itens.find((i) => i.recusa) as ItemSaida<Item>;
    expect(recusado.recusa).toMatchObject({ mensagem: 'Nome recusado.', motivo: 'DADOS_INVALIDOS', campos: [{ campo: 'nome', descricao: 'Nome recusado.' }] });
    expect(servidor.chamadas).toEqual(['criar a', 'criar b']);
    // Corrected: sent again in its place, then what waited behind it.
    const r = await corrigirItem<Item>(recusado.seq!, { id: 'a', nome: 'Permitido', versao: 0 });
    expect(r.pendente).toBe(false);
    expect(servidor.chamadas.slice(2)).toEqual(['criar a', 'renomear a Depois @1']);
    expect(situacaoSaida().total).toBe(0);
    expect(await nomes()).toEqual(['b:Beta', 'a:Depois']);
  });

  it('a stale version is a conflict; discarding drops the change and what it showed', async () => {
    await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 });
    servidor.offline = true;
    await executar(renomear, { id: 'a', nome: 'Meu nome' });
    // Someone else renames it meanwhile.
    servidor.registros.set('a', { id: 'a', nome: 'Do colega', versao: 2 });
    servidor.offline = false;
    await enviarSaida();
    const [item] = situacaoSaida().itens;
    expect(item.recusa?.motivo).toBe(Motivo.VersaoDesatualizada);
    expect(await nomes()).toEqual(['a:Meu nome*']);
    await descartar(item.seq!);
    expect(situacaoSaida().total).toBe(0);
    expect(await nomes()).toEqual(['a:Alfa']);
  });

  it('online refusal: thrown for the form and not kept', async () => {
    servidor.recusar.add('Proibido');
    await expect(executar(criar, { id: 'a', nome: 'Proibido', versao: 0 })).rejects.toMatchObject({ motivo: 'DADOS_INVALIDOS' });
    expect(situacaoSaida().total).toBe(0);
    expect(await nomes()).toEqual([]);
  });

  it('version 2 devices: the offline customer queue moves into the outbox on upgrade', async () => {
    fecharBanco();
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(DEVICE_DB);
      req.onsuccess = () => resolve();
    });
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open(DEVICE_DB, 2);
      req.onupgradeneeded = () => {
        const db = req.result;
        db.createObjectStore('clientes', { keyPath: 'id' });
        db.createObjectStore('meta');
        const fila = db.createObjectStore('fila', { keyPath: 'id' });
        fila.put({ id: 'c2', tipo: 'criar-cliente', corpo: { id: 'c2', nome: 'Segundo' }, criadoEm: '2026-01-02T00:00:00Z', erro: 'CNPJ inválido.' });
        fila.put({ id: 'c1', tipo: 'criar-cliente', corpo: { id: 'c1', nome: 'Primeiro' }, criadoEm: '2026-01-01T00:00:00Z' });
      };
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error);
    });
    await carregarSaida();
    const itens = situacaoSaida().itens;
    expect(itens.map((i) => [i.op, i.alvo, i.recusa?.mensagem ?? ''])).toEqual([
      ['clientes.criar', 'c1', ''],
      ['clientes.criar', 'c2', 'CNPJ inválido.'],
    ]);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open(DEVICE_DB);
      req.onsuccess = () => resolve(req.result);
    });
    expect([...db.objectStoreNames].sort()).toEqual(['meta', 'registros', STORE_SAIDA]);
    db.close();
  });
});

describe('outbox: whose items (sign-out never throws away work)', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    entrar();
    servidor.registros.clear();
    servidor.chamadas = [];
    servidor.offline = false;
    servidor.perderResposta = false;
    servidor.recusar.clear();
    servidor.limitar = 0;
  });

  it('sign-out keeps what waits on the device; another user never sees or sends it; its user signing in again sends it once', async () => {
    servidor.offline = true;
    expect(await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 })).toEqual({ pendente: true });
    expect(resumoPendentes()).toBe('1 item ainda não foi enviado');

    await sair();
    expect(situacaoSaida().total).toBe(0);
    expect(await noAparelho()).toHaveLength(1);

    // Another seller signs in on the same device, online.
    servidor.offline = false;
    entrar('u2', 'op2');
    await carregarSaida();
    expect(situacaoSaida().total).toBe(0);
    expect(await enviarSaida()).toBe(0);
    expect(servidor.chamadas).toEqual([]);
    expect(await nomes()).toEqual([]);
    await sair();

    // The seller who made it signs in again: it is there, and goes exactly once.
    entrar();
    await carregarSaida();
    expect(situacaoSaida().total).toBe(1);
    expect(await nomes()).toEqual(['a:Alfa*']);
    expect(await enviarSaida()).toBe(1);
    expect(await enviarSaida()).toBe(0);
    expect(servidor.chamadas).toEqual(['criar a']);
    expect(await noAparelho()).toEqual([]);
  });

  it("an expired session, another user's copy replacing this one, a restart: the change waits for its user", async () => {
    await executar(criar, { id: 'a', nome: 'Alfa', versao: 0 });
    await col.sincronizar();
    servidor.offline = true;
    await executar(renomear, { id: 'a', nome: 'Meu' });
    expect(situacaoSaida().total).toBe(1);

    // Firebase no longer has the session (updateSessionUser(null) drops the profile).
    clearSessionKeys();
    expect(situacaoSaida().total).toBe(0);
    // Another seller signs in; their copy replaces this one (collection of another operator).
    servidor.offline = false;
    reabrir();
    entrar('u2', 'op2');
    await col.sincronizar();
    expect(situacaoSaida().total).toBe(0);
    expect(await enviarSaida()).toBe(0);
    expect(await nomes()).toEqual(['a:Alfa']);
    // The same uid in another company does not see it either.
    entrar('u1', 'op9', 'outra');
    await carregarSaida();
    expect(situacaoSaida().total).toBe(0);

    reabrir();
    clearSessionKeys();
    entrar();
    await carregarSaida();
    expect(situacaoSaida().total).toBe(1);
    expect(await enviarSaida()).toBe(1);
    expect(servidor.chamadas).toEqual(['criar a', 'renomear a Meu @1']);
    expect(servidor.registros.get('a')?.nome).toBe('Meu');
  });

  it('items kept by an earlier version (no owner) belong to the user whose copy the device held, not to whoever signs in', async () => {
    await col.sincronizar(); // the copy is u1:op1's
    clearSessionKeys();
    await transacao(STORE_SAIDA, 'readwrite', (tx) =>
      tx.objectStore(STORE_SAIDA).add({ id: 'x1', op: 'teste.criar', colecao: 'teste-saida', alvo: 'v', dados: { id: 'v', nome: 'Velho', versao: 0 }, base: 0, criadoEm: '2026-01-01T00:00:00Z', tentativas: 0 }),
    );
    reabrir();
    entrar('u2', 'op2');
    expect(await nomes()).toEqual([]);
    expect(situacaoSaida().total).toBe(0);
    expect(await enviarSaida()).toBe(0);
    expect((await noAparelho()).map((i) => i.dono)).toEqual([{ uid: 'u1', empresa: '' }]);
    // u2's copy replaced u1's (the sync state that named u1 is gone): still u1's.
    expect(await transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get('sync:teste-saida')))).toBeUndefined();
    await sair();
    entrar();
    await carregarSaida();
    expect(situacaoSaida().total).toBe(1);
    expect(await enviarSaida()).toBe(1);
    expect(servidor.chamadas).toEqual(['criar v']);
  });

  it('a change on its way when its user signs out lands once and leaves the outbox; the next user copy is not touched', async () => {
    let soltar!: () => void;
    const segurar = new Promise<void>((r) => (soltar = r));
    const lento = declararOperacao<Item, Item>({
      nome: 'teste.lento',
      colecao: col,
      especie: ITEM,
      alvo: (d) => d.id,
      async enviar(d) {
        await segurar;
        servidor.chamadas.push(`lento ${d.id}`);
        const r = { ...d, versao: 1 };
        servidor.registros.set(d.id, r);
        return r;
      },
      local: (_r, d) => ({ ...d, versao: 0 }),
      descrever: (d) => `Lento ${d.nome}`,
    });
    const indo = executar(lento, { id: 'l', nome: 'Lento', versao: 0 });
    await vi.waitFor(() => expect(situacaoSaida().total).toBe(1));
    await sair();
    entrar('u2', 'op2');
    soltar();
    await indo;
    expect(servidor.chamadas).toEqual(['lento l']);
    expect(await noAparelho()).toEqual([]);
    expect(situacaoSaida().total).toBe(0);
    expect(await nomes()).toEqual([]);
  });
});

// One outbox for any write made on the device (IndexedDB store `saida`, in order).
//
// An entity declares each write once (`declararOperacao`): how it is sent, which record it
// targets, how it shows on the device meanwhile, and how a replay recognises that it already
// landed. Screens call `executar`: the change is kept in the outbox first (so closing the app
// loses nothing), shown at once, and sent; without a connection (or when the network hangs past
// the timeout) it waits and is sent, in order, when the connection returns, with backoff.
//
// - Every item carries its client id; creations send it as the record's id, so a replay returns
//   the first result instead of duplicating.
// - A change the server refuses (a 4xx with its reason) stays in the outbox with its pt-BR
//   message until the user corrects or discards it; later changes to the same record wait
//   behind it, changes to other records go on.
// - `base` is the server's versao the change was made on (sent as `versao` by updates). When a
//   change lands and moves the record exactly one version on, the changes queued after it on the
//   same record move their base with it; a write by someone else in between leaves them stale,
//   and the server answers 409, shown as a conflict.
// - Every item belongs to the user who made it (`dono`: Firebase uid and company). Only the
//   signed-in user's items are read, shown and sent; sign-out, an expired session, an app update or
//   a crash never delete them (device-db keeps this store), and another user signing in on the
//   same device never sees or sends them. They go when their user signs in again.
import { useSyncExternalStore } from 'react';
import { ApiError, falhaDeConexao, Motivo } from '../api/client';
import { aoApagarDados, pedido, STORE_META, STORE_SAIDA, temBancoNoAparelho, transacao } from '../device-db';
import { readProfile, subscribeStorage } from '../storage';
import { novoId } from '../uuid';
import { definirCarregadorDePendentes, type Colecao, type Indexado, type Sobreposicao } from './colecao';

/** Why the server refused a change, as the outbox keeps it. */
export interface Recusa {
  mensagem: string;
  motivo: string;
  campos: { campo: string; descricao: string }[];
  status?: number;
}

export interface ItemSaida<D = unknown> {
  /** Order in the outbox (IndexedDB key). */
  seq?: number;
  /** The change's client id (idempotency key). */
  id: string;
  /** Declared operation name, e.g. 'clientes.alterar'. */
  op: string;
  colecao: string;
  /** The record it changes (id). */
  alvo: string;
  dados: D;
  /** The server's versao of the record when the change was made (0: none). */
  base: number;
  criadoEm: string;
  tentativas: number;
  recusa?: Recusa;
  /**
   * Who made it. Missing only on items kept by a version of the app that did not record it: they
   * are given to the user the device copy belonged to when first read (see lerTudo).
   */
  dono?: DonoSaida;
}

/** The user an outbox item belongs to: the Firebase uid and the company they were signed in to. */
export interface DonoSaida {
  uid: string;
  /** '' when not known (an item from before owners were recorded): any company of that uid. */
  empresa: string;
}

/** What an operation changes, as the sign-out warning counts it ("2 pedidos e 1 cliente"). */
export interface Especie {
  /** One: "pedido". */
  um: string;
  /** Several: "pedidos". */
  varios: string;
  /** A feminine noun ("resposta de pesquisa"): "enviada", "enviadas". */
  feminino?: boolean;
}

type Registro = { id: string };

export interface Operacao<D, T extends Registro = Registro> {
  /** Unique name, kept in the outbox: never rename one that may be queued on devices. */
  nome: string;
  /** The collection its answer goes to (and its overlay is laid over). */
  colecao?: Colecao<T, T & Indexado>;
  alvo(dados: D): string;
  /**
   * Which changes it keeps order with (default `<colecao>/<alvo>`): it waits while an earlier
   * one of the same line is refused. An answer waits behind its customer's changes.
   */
  fila?(dados: D): string;
  /** Sends it; resolves with the record the server answers (kept in the collection). */
  enviar(dados: D, item: ItemSaida<D>, signal: AbortSignal): Promise<T | void>;
  /** How it shows on the device while it waits (null deletes the record). */
  local?(r: T | undefined, dados: D): T | null;
  /**
   * After a refusal: whether the change already holds on the server (a replay of a change whose
   * answer was lost). Resolves with the record when it does, null when the refusal stands.
   */
  jaAplicada?(err: ApiError, dados: D, item: ItemSaida<D>): Promise<T | null>;
  /** A pt-BR line for the outbox list, e.g. "Alterar cliente Mercado Bom Preço". */
  descrever(dados: D): string;
  /** Where the user corrects a refused change (a route with the item's seq). */
  corrigir?(item: ItemSaida<D>): string;
  /** What it changes, for the count of what waits ("2 pedidos e 1 cliente"). */
  especie: Especie;
  /**
   * Which one of its kind it is, for that count (default its alvo): changes to the same one count
   * once (an order created and then sent is one order).
   */
  unidade?(dados: D): string;
}

/** What a screen says when a change was kept on the device to be sent later. */
export const MENSAGEM_GUARDADA = 'Sem conexão: a alteração ficou guardada no aparelho e será enviada quando a conexão voltar.';

/** How long a send may take before the change waits for a better connection. */
export const TEMPO_LIMITE_ENVIO_MS = 15_000;
const ESPERA_MAXIMA_MS = 60_000;
/** With no connection on the device, a safety net in case the 'online' event never comes. */
const ESPERA_SEM_CONEXAO_MS = 30_000;

const operacoes = new Map<string, Operacao<any, any>>();

export function declararOperacao<D, T extends Registro = Registro>(op: Operacao<D, T>): Operacao<D, T> {
  if (operacoes.has(op.nome)) throw new Error(`operação ${op.nome} declarada duas vezes`);
  operacoes.set(op.nome, op);
  if (itens.length) publicar(itens);
  return op;
}

// ---------- whose items ----------

/** The signed-in user (the stored operator profile), to whom the outbox shown belongs; null: nobody. */
function donoAgora(): DonoSaida | null {
  const p = readProfile();
  return p ? { uid: p.uid, empresa: p.empresa } : null;
}

const chaveDe = (d: DonoSaida | null) => (d ? `${d.empresa}\u0000${d.uid}` : '');

/** Whether an item belongs to a user: the same uid, and the same company when it was recorded. */
export function pertenceA(it: Pick<ItemSaida, 'dono'>, d: DonoSaida | null): boolean {
  return Boolean(d && it.dono && it.dono.uid === d.uid && (it.dono.empresa === '' || it.dono.empresa === d.empresa));
}

// ---------- state ----------

/** The signed-in user's items, in order (what screens see and what is sent). */
let itens: ItemSaida[] = [];
let carregada: Promise<void> | null = null;
/** Whose items `itens` holds (chaveDe). */
let carregadaPara = '';
/** Without IndexedDB: every user's items, in memory. */
let semBanco: ItemSaida[] = [];
const ouvintes = new Set<() => void>();

/** Each item's overlay, made once per item (the collections reuse what they computed from it). */
const sobreposicaoDe = new WeakMap<ItemSaida, Sobreposicao<Registro>>();

function publicar(lista: ItemSaida[]): void {
  itens = lista;
  // Each collection gets the overlays of its pending changes, in order.
  const porColecao = new Map<Colecao<Registro, Registro & Indexado>, Map<string, Sobreposicao<Registro>[]>>();
  for (const op of operacoes.values()) if (op.colecao && !porColecao.has(op.colecao)) porColecao.set(op.colecao, new Map());
  for (const it of lista) {
    const op = operacoes.get(it.op);
    if (!op?.colecao || !op.local) continue;
    const mapa = porColecao.get(op.colecao)!;
    const l = mapa.get(it.alvo) ?? [];
    let f = sobreposicaoDe.get(it);
    if (!f) {
      const local = op.local;
      f = (r) => local(r, it.dados);
      sobreposicaoDe.set(it, f);
    }
    l.push(f);
    mapa.set(it.alvo, l);
  }
  for (const [c, mapa] of porColecao) c.definirPendentes(mapa);
  ouvintes.forEach((f) => f());
}

const emOrdem = (l: ItemSaida[]) => l.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));

/** The user's items kept on the device, in order. */
async function lerTudo(dono: DonoSaida | null): Promise<ItemSaida[]> {
  if (!temBancoNoAparelho()) return emOrdem(semBanco.filter((i) => pertenceA(i, dono)));
  const [todos, copias] = await transacao([STORE_SAIDA, STORE_META], 'readonly', (tx) =>
    Promise.all([
      pedido(tx.objectStore(STORE_SAIDA).getAll() as IDBRequest<ItemSaida[]>),
      pedido(tx.objectStore(STORE_META).getAll(IDBKeyRange.bound('sync:', 'sync:\uffff')) as IDBRequest<{ dono?: string }[]>),
    ]),
  );
  const antigos = todos.filter((i) => !i.dono);
  const dele = antigos.length ? donoDosAntigos(copias, dono) : null;
  if (dele) {
    for (const it of antigos) it.dono = dele;
    await transacao(STORE_SAIDA, 'readwrite', (tx) => antigos.forEach((it) => tx.objectStore(STORE_SAIDA).put(it)));
  }
  return emOrdem(todos.filter((i) => pertenceA(i, dono)));
}

/**
 * Items kept before owners were recorded belong to the user the device copy belonged to (each
 * collection's sync state names it, uid:operador), read before anything can drop that copy; with no
 * copy on the device, to the user signed in now. When that cannot be told, they stay unowned.
 */
function donoDosAntigos(copias: { dono?: string }[], dono: DonoSaida | null): DonoSaida | null {
  const uids = new Set(copias.map((c) => (c.dono ?? '').split(':')[0]).filter(Boolean));
  if (uids.size === 0 || (dono && uids.has(dono.uid))) return dono;
  return uids.size === 1 ? { uid: [...uids][0], empresa: '' } : null;
}

/** Reads the signed-in user's outbox from the device (once per user; the collections wait for it before their first read). */
export function carregarSaida(): Promise<void> {
  const dono = donoAgora();
  const chave = chaveDe(dono);
  if (carregadaPara !== chave) esquecer();
  carregadaPara = chave;
  if (!carregada) {
    const esta: Promise<void> = lerTudo(dono).then(
      (l) => {
        if (carregada === esta) publicar(l);
      },
      (err) => {
        if (carregada === esta) carregada = null;
        throw err;
      },
    );
    carregada = esta;
  }
  return carregada;
}
definirCarregadorDePendentes(carregarSaida);

/** Forgets the items in memory (they stay on the device). */
function esquecer(): void {
  carregada = null;
  carregadaPara = '';
  resultados.clear();
  publicar([]);
}

aoApagarDados(esquecer);

// Another user signs in (or the session ends) without a sign-out: their outbox, not this one.
subscribeStorage(() => {
  if (carregada && chaveDe(donoAgora()) !== carregadaPara) {
    esquecer();
    void carregarSaida().catch((err) => console.warn('Saída não carregou', err));
  }
});

async function gravar(it: ItemSaida): Promise<ItemSaida> {
  let novo: ItemSaida;
  if (!temBancoNoAparelho()) {
    novo = { ...it, seq: it.seq ?? semBanco.reduce((m, x) => Math.max(m, x.seq ?? 0), 0) + 1 };
    semBanco = [...semBanco.filter((x) => x.seq !== novo.seq), novo];
  } else {
    const seq = await transacao(STORE_SAIDA, 'readwrite', (tx) => pedido(tx.objectStore(STORE_SAIDA).put(it) as IDBRequest<number>));
    novo = { ...it, seq };
  }
  // The memory copy follows the write (the outbox is read from the device once per user), unless
  // its user is no longer the one signed in (signed out while it was being sent).
  if (pertenceA(novo, donoAgora()) && carregadaPara === chaveDe(donoAgora())) publicar(emOrdem([...itens.filter((x) => x.seq !== novo.seq), novo]));
  return novo;
}

async function remover(seqs: number[]): Promise<void> {
  if (temBancoNoAparelho()) {
    await transacao(STORE_SAIDA, 'readwrite', (tx) => {
      for (const s of seqs) tx.objectStore(STORE_SAIDA).delete(s);
    });
  } else semBanco = semBanco.filter((x) => !seqs.includes(x.seq ?? -1));
  publicar(itens.filter((x) => !seqs.includes(x.seq ?? -1)));
}

// ---------- what screens use ----------

export interface SituacaoSaida {
  itens: readonly ItemSaida[];
  /** Changes waiting to be sent (refused ones included: they wait for the user). */
  total: number;
  recusadas: number;
}

let situacao: SituacaoSaida = { itens: [], total: 0, recusadas: 0 };
let situacaoDe: ItemSaida[] | null = null;
export function situacaoSaida(): SituacaoSaida {
  if (situacaoDe !== itens) {
    situacaoDe = itens;
    situacao = { itens, total: itens.length, recusadas: itens.filter((i) => i.recusa).length };
  }
  return situacao;
}

export function useSaida(): SituacaoSaida {
  return useSyncExternalStore(
    (l) => {
      ouvintes.add(l);
      void carregarSaida().catch(() => undefined);
      return () => ouvintes.delete(l);
    },
    situacaoSaida,
    situacaoSaida,
  );
}

/** The names of every operation declared (tests: each has its words for the count). */
export function operacoesDeclaradas(): string[] {
  return [...operacoes.keys()];
}

/** The pt-BR line for an item of the outbox. */
export function descreverItem(it: ItemSaida): string {
  return operacoes.get(it.op)?.descrever(it.dados) ?? 'Alteração';
}

/** Where a refused item is corrected ('' when it can only be discarded). */
export function rotaParaCorrigir(it: ItemSaida): string {
  return operacoes.get(it.op)?.corrigir?.(it) ?? '';
}

/** An outbox item of an operation this version does not know. */
const ALTERACAO: Especie = { um: 'alteração', varios: 'alterações', feminino: true };

export interface ContagemPendente {
  especie: Especie;
  n: number;
}

/**
 * What waits, by kind, in the order first made: each record (order, customer, answer…) counted
 * once however many changes it has waiting.
 */
export function contarPendentes(lista: readonly ItemSaida[] = itens): ContagemPendente[] {
  const porEspecie = new Map<string, { especie: Especie; unidades: Set<string> }>();
  for (const it of lista) {
    const op = operacoes.get(it.op);
    const especie = op?.especie ?? ALTERACAO;
    const unidade = op ? (op.unidade?.(it.dados) ?? it.alvo) : `${it.op}#${it.seq ?? it.id}`;
    const c = porEspecie.get(especie.varios) ?? { especie, unidades: new Set<string>() };
    c.unidades.add(unidade);
    porEspecie.set(especie.varios, c);
  }
  return [...porEspecie.values()].map((c) => ({ especie: c.especie, n: c.unidades.size }));
}

/**
 * What waits, in pt-BR: "1 pedido ainda não foi enviado", "2 pedidos e 1 cliente ainda não foram
 * enviados", "1 resposta de pesquisa ainda não foi enviada" ('' when nothing waits).
 */
export function resumoPendentes(lista: readonly ItemSaida[] = itens): string {
  const c = contarPendentes(lista);
  if (!c.length) return '';
  const partes = c.map(({ especie, n }) => `${n.toLocaleString('pt-BR')} ${n === 1 ? especie.um : especie.varios}`);
  const oQue = partes.length === 1 ? partes[0] : `${partes.slice(0, -1).join(', ')} e ${partes.at(-1)}`;
  const um = c.length === 1 && c[0].n === 1;
  const genero = c.every((x) => x.especie.feminino) ? 'a' : 'o';
  return `${oQue} ainda não ${um ? 'foi' : 'foram'} enviad${genero}${um ? '' : 's'}`;
}

export interface Resultado<T> {
  /** Sent and accepted: the server's record (when the operation answers one). */
  registro?: T;
  /** Kept on the device: it goes when the connection returns. */
  pendente: boolean;
}

/**
 * Runs a write through the outbox. Resolves when the server accepted it (pendente false) or when
 * it was kept to send later (pendente true: no connection, or a change before it still waits).
 * When the server refuses it right away, it leaves the outbox and the ApiError is thrown, so the
 * form shows it at its fields.
 */
export async function executar<D, T extends Registro>(
  op: Operacao<D, T>,
  dados: D,
  opcoes: {
    /** false: keep it and return at once (it is sent in the background). */
    aguardar?: boolean;
    /** The record's versao the change was made on (a form's), when not the device's current one. */
    base?: number;
  } = {},
): Promise<Resultado<T>> {
  await carregarSaida().catch(() => undefined);
  const dono = donoAgora();
  if (!dono) throw new Error('Entre na sua conta para salvar.');
  const alvo = op.alvo(dados);
  const item = await gravar({
    dono,
    id: novoId(),
    op: op.nome,
    colecao: op.colecao?.nome ?? '',
    alvo,
    dados,
    base: opcoes.base ?? op.colecao?.versaoDoServidor(alvo) ?? 0,
    criadoEm: new Date().toISOString(),
    tentativas: 0,
  });
  if (opcoes.aguardar === false) {
    agendar(0);
    return { pendente: true };
  }
  return enviarEAguardar<T>(item.seq!);
}

/**
 * Sends the outbox and tells what became of one item (see executar). A refused item leaves the
 * outbox unless `manter` (a correction of a change already kept there stays until discarded).
 */
async function enviarEAguardar<T>(seq: number, manter = false): Promise<Resultado<T>> {
  aguardados.add(seq);
  try {
    await enviarSaida();
  } finally {
    aguardados.delete(seq);
  }
  const r = resultados.get(seq);
  resultados.delete(seq);
  if (r?.erro) {
    if (!manter) {
      await remover([seq]);
      if (itens.some((i) => !i.recusa)) agendar(0);
    }
    throw r.erro;
  }
  if (r) return { pendente: false, registro: r.registro as T | undefined };
  return { pendente: true };
}

/** Drops a change (refused, or one the user gave up on) and what it showed on the device. */
export async function descartar(seq: number): Promise<void> {
  await remover([seq]);
}

/**
 * Takes back a change not sent yet (a photo removed before it left the device): it is dropped and
 * never sent. Resolves false when it is on its way right now or already gone — then the server
 * has it, or will, and the caller undoes it there instead.
 */
export async function retirar(seq: number): Promise<boolean> {
  await carregarSaida();
  if (emEnvio.has(seq) || !itens.some((x) => x.seq === seq)) return false;
  // Out of memory first: a pass under way that has not reached it yet skips it.
  publicar(itens.filter((x) => x.seq !== seq));
  await remover([seq]);
  return true;
}

/**
 * A corrected change replaces the refused one, keeping its place (changes after it on the same
 * record still wait behind it), made on the server's versao the device has now, and is sent like
 * a new one (see executar): refused again, it stays in the outbox with the new reason, and the
 * error is thrown for the form to show.
 */
export async function corrigirItem<D, T extends Registro = Registro>(seq: number, dados: D): Promise<Resultado<T>> {
  await carregarSaida();
  const it = itens.find((x) => x.seq === seq);
  if (!it) throw new Error('Esta alteração não está mais na fila do aparelho.');
  const op = operacoes.get(it.op);
  const { recusa: _r, ...resto } = it;
  void _r;
  await gravar({ ...resto, dados, alvo: op?.alvo(dados) ?? it.alvo, base: op?.colecao?.versaoDoServidor(it.alvo) ?? it.base, tentativas: 0 });
  return enviarEAguardar<T>(seq, true);
}

/** The signed-in user's outbox, read from the device when it was not yet. */
export async function itensDaSaida(): Promise<readonly ItemSaida[]> {
  await carregarSaida();
  return itens;
}

/** An item of the outbox by seq (the correction screen). */
export async function itemDaSaida(seq: number): Promise<ItemSaida | undefined> {
  await carregarSaida();
  return itens.find((x) => x.seq === seq);
}

// ---------- sending ----------

/** Outcomes of the changes a screen waits for (executar), by seq. */
const resultados = new Map<number, { registro?: unknown; erro?: ApiError }>();
const aguardados = new Set<number>();
/** The item being sent now (retirar leaves it alone). */
const emEnvio = new Set<number>();
let emCurso: Promise<number> | null = null;
let deNovo = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let falhasSeguidas = 0;

function recusaDe(err: ApiError): Recusa {
  return { mensagem: err.mensagem, motivo: err.motivo, campos: err.campos, status: err.status };
}

/** The sign-in expired or is not back yet: wait, like a connection failure. */
function semSessao(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

/**
 * Sends the outbox in order; resolves with how many went through. Stops at a connection
 * failure (the rest waits for the next try, with backoff). One run at a time: a call during a run
 * makes it go over the outbox again before resolving.
 */
export function enviarSaida(): Promise<number> {
  if (emCurso) {
    deNovo = true;
    return emCurso;
  }
  emCurso = (async () => {
    let total = 0;
    do {
      deNovo = false;
      total += await umaPassada();
    } while (deNovo);
    return total;
  })().finally(() => {
    emCurso = null;
  });
  return emCurso;
}

/**
 * The device says it has no connection (navigator.onLine false is reliable; true is not): nothing
 * is tried until the 'online' event (iniciarSincronizacao) or the next scheduled try. A request
 * made anyway could still slip out through the service worker on some WebViews.
 */
function semConexaoNoAparelho(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function umaPassada(): Promise<number> {
  await carregarSaida();
  if (semConexaoNoAparelho()) {
    if (itens.some((i) => !i.recusa)) agendar(ESPERA_SEM_CONEXAO_MS);
    return 0;
  }
  let enviadas = 0;
  const esperando = new Set<string>(); // records with a change refused or held before
  const deQuem = carregadaPara;
  for (const original of [...itens]) {
    // Signed out (or another user signed in) meanwhile: the rest waits for its user.
    if (carregadaPara !== deQuem) break;
    const it = itens.find((x) => x.seq === original.seq);
    if (!it) continue;
    const chave = filaDe(it);
    if (it.recusa || esperando.has(chave)) {
      esperando.add(chave);
      continue;
    }
    const op = operacoes.get(it.op);
    if (!op) {
      await gravar({ ...it, recusa: { mensagem: 'Esta alteração não pode mais ser enviada por esta versão do app.', motivo: '', campos: [] } });
      continue;
    }
    emEnvio.add(it.seq!);
    try {
      const registro = await enviarUm(op, it);
      await concluir(op, it, registro ?? undefined);
      enviadas++;
      falhasSeguidas = 0;
    } catch (err) {
      if (!(err instanceof ApiError) || falhaDeConexao(err) || semSessao(err)) {
        falhasSeguidas++;
        await gravar({ ...it, tentativas: it.tentativas + 1 });
        // Too many calls (429): not before the server says (Retry-After), however short the backoff.
        agendar(Math.max(Math.min(ESPERA_MAXIMA_MS, 1000 * 2 ** Math.min(falhasSeguidas, 6)), esperaPedida(err)));
        break;
      }
      if (aguardados.has(it.seq!)) resultados.set(it.seq!, { erro: err });
      await gravar({ ...it, recusa: recusaDe(err), tentativas: it.tentativas + 1 });
      esperando.add(chave);
    } finally {
      emEnvio.delete(it.seq!);
    }
  }
  return enviadas;
}

async function enviarUm(op: Operacao<unknown, Registro>, it: ItemSaida): Promise<Registro | void> {
  const signal = AbortSignal.timeout(TEMPO_LIMITE_ENVIO_MS);
  try {
    return await op.enviar(it.dados, it, signal);
  } catch (err) {
    if (err instanceof ApiError && !falhaDeConexao(err) && op.jaAplicada) {
      const r = await op.jaAplicada(err, it.dados, it);
      if (r) return r;
    }
    throw err;
  }
}

/** A change the server accepted: its answer goes to the collection, later changes move their base. */
async function concluir(op: Operacao<unknown, Registro>, it: ItemSaida, registro: Registro | undefined): Promise<void> {
  if (!pertenceA(it, donoAgora())) {
    // Its user signed out while it was on its way: it landed, so it leaves the outbox; the device
    // copy (wiped at sign-out) is not theirs to write any more.
    if (temBancoNoAparelho()) await transacao(STORE_SAIDA, 'readwrite', (tx) => void tx.objectStore(STORE_SAIDA).delete(it.seq!));
    else semBanco = semBanco.filter((x) => x.seq !== it.seq);
    return;
  }
  if (aguardados.has(it.seq!)) resultados.set(it.seq!, { registro });
  const versao = registro && op.colecao ? op.colecao.def.versao(registro) : 0;
  const seguintes = itens.filter((x) => (x.seq ?? 0) > (it.seq ?? 0) && x.colecao === it.colecao && x.alvo === it.alvo && x.base === it.base);
  if (versao && versao === it.base + 1) for (const s of seguintes) await gravar({ ...s, base: versao });
  if (registro && op.colecao && temBancoNoAparelho()) {
    // The answer is kept and the item leaves the outbox in one transaction.
    await op.colecao.guardar([registro], { stores: [STORE_SAIDA], fn: (tx) => tx.objectStore(STORE_SAIDA).delete(it.seq!) });
    publicar(itens.filter((x) => x.seq !== it.seq));
  } else {
    if (registro && op.colecao) await op.colecao.guardar([registro]);
    await remover([it.seq!]);
  }
}

/** How long the server asked to wait before calling again (a 429's tentar_em_segundos), in ms. */
function esperaPedida(err: unknown): number {
  const s = err instanceof ApiError && err.status === 429 ? Number(err.detalhes.tentar_em_segundos) : 0;
  return Number.isFinite(s) && s > 0 ? Math.min(s, 600) * 1000 : 0;
}

let proximoEnvioEm = 0;

/** When the next send is scheduled (epoch ms; 0: none). */
export function proximoEnvio(): number {
  return timer ? proximoEnvioEm : 0;
}

/** Sends again after `ms` (backoff), unless a send is already scheduled sooner. */
function agendar(ms: number): void {
  if (typeof window === 'undefined') return;
  if (timer) clearTimeout(timer);
  proximoEnvioEm = Date.now() + ms;
  timer = setTimeout(() => {
    timer = null;
    if (itens.some((i) => !i.recusa)) void enviarSaida().catch((err) => console.warn('Envio da saída falhou', err));
  }, ms);
}

function filaDe(it: ItemSaida): string {
  return operacoes.get(it.op)?.fila?.(it.dados) ?? `${it.colecao}/${it.alvo}`;
}

/** Whether an error of a replayed delete means it already happened. */
export function jaRemovido(err: ApiError): boolean {
  return err.status === 404 || err.motivo === Motivo.NaoEncontrado;
}


/** Tests: the app starts again (nothing of the outbox in memory; the device keeps it). */
export function esquecerSaida(): void {
  esquecer();
}

/** Tests: forget the scheduled retry. */
export function pararAgendamento(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  falhasSeguidas = 0;
}

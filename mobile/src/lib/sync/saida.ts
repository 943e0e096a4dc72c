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
import { useSyncExternalStore } from 'react';
import { ApiError, falhaDeConexao, Motivo } from '../api/client';
import { aoApagarDados, pedido, STORE_SAIDA, temBancoNoAparelho, transacao } from '../device-db';
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

// ---------- state ----------

let itens: ItemSaida[] = [];
let carregada: Promise<void> | null = null;
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

async function lerTudo(): Promise<ItemSaida[]> {
  if (!temBancoNoAparelho()) return itens;
  const l = await transacao(STORE_SAIDA, 'readonly', (tx) => pedido(tx.objectStore(STORE_SAIDA).getAll() as IDBRequest<ItemSaida[]>));
  return l.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Reads the outbox from the device (once; the collections wait for it before their first read). */
export function carregarSaida(): Promise<void> {
  carregada ??= lerTudo().then(publicar, (err) => {
    carregada = null;
    throw err;
  });
  return carregada;
}
definirCarregadorDePendentes(carregarSaida);

aoApagarDados(() => {
  carregada = null;
  resultados.clear();
  publicar([]);
});

async function gravar(it: ItemSaida): Promise<ItemSaida> {
  if (!temBancoNoAparelho()) {
    const novo = { ...it, seq: it.seq ?? (itens.at(-1)?.seq ?? 0) + 1 };
    publicar([...itens.filter((x) => x.seq !== novo.seq), novo]);
    return novo;
  }
  const seq = await transacao(STORE_SAIDA, 'readwrite', (tx) => pedido(tx.objectStore(STORE_SAIDA).put(it) as IDBRequest<number>));
  // The memory copy follows the write (the outbox is read from the device once, at start).
  const novo = { ...it, seq };
  publicar([...itens.filter((x) => x.seq !== seq), novo].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)));
  return novo;
}

async function remover(seqs: number[]): Promise<void> {
  if (temBancoNoAparelho()) {
    await transacao(STORE_SAIDA, 'readwrite', (tx) => {
      for (const s of seqs) tx.objectStore(STORE_SAIDA).delete(s);
    });
  }
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

/** The pt-BR line for an item of the outbox. */
export function descreverItem(it: ItemSaida): string {
  return operacoes.get(it.op)?.descrever(it.dados) ?? 'Alteração';
}

/** Where a refused item is corrected ('' when it can only be discarded). */
export function rotaParaCorrigir(it: ItemSaida): string {
  return operacoes.get(it.op)?.corrigir?.(it) ?? '';
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
  const alvo = op.alvo(dados);
  const item = await gravar({
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

/** An item of the outbox by seq (the correction screen). */
export async function itemDaSaida(seq: number): Promise<ItemSaida | undefined> {
  await carregarSaida();
  return itens.find((x) => x.seq === seq);
}

// ---------- sending ----------

/** Outcomes of the changes a screen waits for (executar), by seq. */
const resultados = new Map<number, { registro?: unknown; erro?: ApiError }>();
const aguardados = new Set<number>();
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
  for (const original of [...itens]) {
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


/** Tests: forget the scheduled retry. */
export function pararAgendamento(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  falhasSeguidas = 0;
}

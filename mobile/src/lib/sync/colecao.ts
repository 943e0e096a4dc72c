// One device collection for any entity, over the data layer's change feed.
//
// An entity declares its collection once (name, how to read a page of its feed, its versao, how
// it is searched and sorted); the collection then keeps the server's records in IndexedDB
// (`registros`, key [colecao, id]) with the feed's cursor (`meta`, key `sync:<colecao>`), and
// serves them from memory. What the device changed and has not sent yet lives in the outbox
// (./saida), which lays each pending change over the server's record: a screen sees its edit at
// once, and no page of the feed can overwrite it.
//
// Rules, in one place:
// - version-aware: a record replaces the stored one only when its versao is not older, so a page
//   fetched before a save never undoes the save's answer;
// - resumable: each page is applied with its cursor in one transaction, so a sync killed mid-way
//   starts again from the last page that landed;
// - per operator: the copy belongs to uid:operador; another operator's copy is dropped (never the
//   outbox: what another user changed and did not send stays, theirs);
// - wiped on sign-out (device-db empties every store but the outbox).
import { useSyncExternalStore } from 'react';
import { mensagemDeErro } from '../api/client';
import { aoApagarDados, pedido, STORE_META, STORE_REGISTROS, temBancoNoAparelho, transacao } from '../device-db';
import { readProfile } from '../storage';

/** One entry of a change feed: the record as it is now, or its removal from the caller's scope. */
export interface Mudanca<T> {
  id: string;
  removido: boolean;
  registro: T | null;
}

export interface PaginaFeed<T> {
  mudancas: Mudanca<T>[];
  /** Where the next page starts (opaque). */
  cursor: string;
  mais: boolean;
  /**
   * On the first page of a first copy (desde ''), when the server says: how many records the
   * copy is heading for (its progress, "1.200 de 2.000 clientes").
   */
  total?: number;
}

/** A page of a REST change feed ({alteracoes: [{id, removido, <record>}], cursor, mais, total?}) as the collection reads it. */
export function paginaDoFeed<A extends { id: string; removido: boolean }, T>(
  r: { alteracoes?: A[]; cursor: string; mais: boolean; total?: number },
  registro: (a: A) => T | null | undefined,
): PaginaFeed<T> {
  return {
    mudancas: (r.alteracoes ?? []).map((a) => ({ id: a.id, removido: a.removido, registro: registro(a) ?? null })),
    cursor: r.cursor,
    mais: r.mais,
    ...(r.total ? { total: Number(r.total) } : {}),
  };
}

/** What the device adds to each record for lists and search (computed once per record). */
export interface Indexado {
  id: string;
  /** Folded search text. */
  _busca: string;
  /** Sort key. */
  _ordem: string;
  /** Changed on the device and not sent yet. */
  _pendente?: boolean;
}

export interface DefinicaoColecao<T extends { id: string }, L extends T & Indexado> {
  /** The collection's name on the device (`registros` key and `sync:<nome>`). */
  nome: string;
  /**
   * One page of the server's feed after `desde` ('' = from the start). A collection without a
   * feed (a handful of records) answers everything in one page and sets `completa`.
   */
  buscar(desde: string, tamanho: number): Promise<PaginaFeed<T>>;
  /** Each sync brings the whole set: what it does not bring is dropped. */
  completa?: boolean;
  versao(r: T): number;
  /** A tombstone (deleted on the server). */
  excluido?(r: T): boolean;
  /** The record as lists and search use it. */
  indexar(r: T): L;
  tamanhoPagina?: number;
  /**
   * Whose pages go first when several collections sync (lower first; default 10): what a seller
   * looks for first on a new device — the portfolio — before the history.
   */
  prioridade?: number;
  /** How screens name the copy while its first copy is under way (components/sync/ProgressoCopia). */
  rotulos?: RotulosColecao;
  /**
   * The server's search over the same records (its list with `q`), which a search asks while the
   * first copy is under way (./buscaDuranteACopia): what the device has not copied yet is found.
   */
  buscarNoServidor?(consulta: string, opcoes: { limite: number; filtros: Record<string, string>; signal?: AbortSignal }): Promise<T[]>;
}

/** A record the server search found: shown at once, kept in the copy when the screen uses it (Colecao.guardarDaBusca). */
export type DoServidor<L> = L & { _doServidor: true };

/** The pt-BR words a screen uses for a collection's first copy. */
export interface RotulosColecao {
  /** The copy, with its article: "a carteira" ("Baixando a carteira: 1.200 de 2.000 clientes"). */
  copia: string;
  /** Its records, plural: "clientes". */
  itens: string;
  /** "A carteira ainda está sendo baixada" (": conecte-se para buscar todos os clientes."). */
  incompleta: string;
  /** Its records are feminine ("visitas", "tabelas"): "todas as visitas". */
  feminino?: boolean;
}

export interface EstadoSync {
  cursor: string;
  /** When the copy last caught up (ISO), '' when never. */
  sincronizadoEm: string;
  /** uid:operador. */
  dono: string;
  /** What the first copy is heading for, when the server said (kept so a resumed copy still knows). */
  total?: number;
}

export interface SituacaoSync {
  sincronizando: boolean;
  /** pt-BR message of the last failed sync (null after a good one). */
  erro: string | null;
  sincronizadoEm: string;
  /**
   * The copy has never caught up: its first copy is under way, or was cut short (no connection).
   * null until the stored copy is read (not known yet).
   */
  primeiraCopia: boolean | null;
  /** Records the device holds from the server. */
  recebidos: number;
  /** How many records the first copy is heading for (null: the server did not say). */
  total: number | null;
}

/** The first copy cannot go on now: no connection, or its last try failed (only the server has the rest). */
export function copiaParada(s: SituacaoSync, online: boolean): boolean {
  return !online || (!s.sincronizando && Boolean(s.erro));
}

/** A search over the collection must also ask the server: its first copy is under way and can go on. */
export function copiaPedeOServidor(s: SituacaoSync, online: boolean): boolean {
  return s.primeiraCopia === true && !copiaParada(s, online);
}

const SITUACAO_INICIAL: SituacaoSync = { sincronizando: false, erro: null, sincronizadoEm: '', primeiraCopia: null, recebidos: 0, total: null };

/** Another write made in the same transaction as the collection's. */
export interface Junto {
  stores: string[];
  fn: (tx: IDBTransaction) => void;
}

/** How a pending change shows on the device: the record after it, or null when it deletes. */
export type Sobreposicao<T> = (r: T | undefined) => T | null;

interface Guardado<T> {
  colecao: string;
  id: string;
  r: T;
}

/** The operator the device copy belongs to. */
export function donoAtual(): string {
  const p = readProfile();
  return p ? `${p.uid}:${p.operador}` : '';
}

const colecoes = new Map<string, Colecao<{ id: string }, { id: string } & Indexado>>();
/** Every collection declared (the sync runs them all). */
export function todasAsColecoes(): Colecao<{ id: string }, { id: string } & Indexado>[] {
  return [...colecoes.values()];
}

/** Loads the outbox's overlays before a collection is first read (set by ./saida). */
let carregarPendentes: () => Promise<void> = async () => undefined;
export function definirCarregadorDePendentes(f: () => Promise<void>): void {
  carregarPendentes = f;
}

const faixa = (nome: string) => IDBKeyRange.bound([nome], [nome, []]);

/**
 * Feed pages in flight at once, over every collection. A first sync brings all of them; side by
 * side on a phone's connection (one bandwidth, HTTP/1.1 keeps 6 connections per host, one main
 * thread applying the pages) the screens' own requests — a search typed meanwhile, a screen's
 * code — waited behind them: bench:primeira-copia measured sign-in → a customer found by name in
 * the order entry at 8.3 s with 2 pages in flight (the search's answer often came after the
 * whole copy), 6.3–6.9 s with 1, and 4.3–6.8 s with the portfolio's pages first (prioridade).
 */
export const PAGINAS_EM_VOO = 1;
let emVoo = 0;
/** Pages waiting for their turn: by the collection's priority, then in order of arrival. */
const naFila: { prioridade: number; vez: () => void }[] = [];
/**
 * The priorities of the sync runs under way. A page waits while a collection of a higher
 * priority is syncing, between its pages too: the portfolio's whole first copy goes before the
 * catalogue's and the history's pages (whichever collection happened to ask first). Without it a
 * first sync started with the orders' first page (210 KB on the demo seller, 2.5 s at 1.6 Mbps,
 * then half a second of the main thread applying it) while the seller searched a customer.
 */
const emSync: number[] = [];

/** Gives the free slots to the pages whose turn it is. */
function despachar(): void {
  while (emVoo < PAGINAS_EM_VOO && naFila.length > 0) {
    const { prioridade, vez } = naFila[0];
    if (emSync.some((p) => p < prioridade)) return;
    naFila.shift();
    emVoo++;
    vez();
  }
}

async function naVez<R>(prioridade: number, f: () => Promise<R>): Promise<R> {
  await new Promise<void>((vez) => {
    const i = naFila.findIndex((x) => x.prioridade > prioridade);
    naFila.splice(i < 0 ? naFila.length : i, 0, { prioridade, vez });
    despachar();
  });
  try {
    return await f();
  } finally {
    emVoo--;
    despachar();
  }
}

/**
 * Records written per transaction when a feed page is applied, the main thread given back to the
 * screens between batches. A 500-customer page written at once held a phone's main thread (4x
 * slower) for 1–1.5 s, and a screen reading the device meanwhile (the order entry's draft) waited
 * behind it: bench:primeira-copia.
 */
export const REGISTROS_POR_LOTE = 100;

/**
 * The first page of a first copy: smaller than the others, so it arrives, and is applied, at once
 * (the copy's progress, "Baixando a carteira: 100 de 2.000 clientes", with it).
 */
export const PRIMEIRA_PAGINA = 100;

function emLotes<X>(xs: readonly X[], n: number): (readonly X[])[] {
  if (xs.length <= n) return [xs];
  const lotes: (readonly X[])[] = [];
  for (let i = 0; i < xs.length; i += n) lotes.push(xs.slice(i, i + n));
  return lotes;
}

/** Gives the main thread back (a screen renders, an input is handled) before going on. */
const cederAVez = () => new Promise<void>((r) => setTimeout(r, 0));

/** Runs one collection's sync at its priority (see emSync). */
async function emSuaVez<R>(prioridade: number, f: () => Promise<R>): Promise<R> {
  emSync.push(prioridade);
  try {
    return await f();
  } finally {
    emSync.splice(emSync.indexOf(prioridade), 1);
    despachar();
  }
}

export class Colecao<T extends { id: string }, L extends T & Indexado> {
  readonly def: DefinicaoColecao<T, L>;
  private base: Map<string, T> | null = null;
  private carregando: Promise<void> | null = null;
  private estado: EstadoSync | null = null;
  private pendentes = new Map<string, Sobreposicao<T>[]>();
  /** What a pending record looked like, while neither its server record nor its changes move. */
  private vistaPendente = new Map<string, { base: T | undefined; sobreposicoes: Sobreposicao<T>[]; l: L | undefined }>();
  private avisoAgendado: ReturnType<typeof setTimeout> | null = null;
  private ultimoAviso = 0;
  private indexados = new WeakMap<object, L>();
  /** The server's record behind each result of its search (kept in the copy when a screen uses it). */
  private daBuscaNoServidor = new WeakMap<object, T>();
  private vista: L[] | null = null;
  private vistaPorId: Map<string, L> | null = null;
  private ouvintes = new Set<() => void>();
  private situacao: SituacaoSync = SITUACAO_INICIAL;
  private ouvintesSituacao = new Set<() => void>();
  private emCurso: Promise<number> | null = null;

  constructor(def: DefinicaoColecao<T, L>) {
    this.def = def;
    aoApagarDados(() => {
      this.base = null;
      this.carregando = null;
      this.estado = null;
      this.pendentes.clear();
      this.vistaPendente.clear();
      this.invalidar();
      this.mudarSituacao(SITUACAO_INICIAL);
    });
  }

  get nome(): string {
    return this.def.nome;
  }

  /** The declaration's words for screens (a generic fallback when it has none). */
  get rotulos(): RotulosColecao {
    return this.def.rotulos ?? { copia: 'os dados', itens: 'registros', incompleta: 'Os dados ainda estão sendo baixados' };
  }

  // ---------- reading ----------

  /** Every record as the device shows it (server's, with pending changes laid over), sorted. */
  async lista(): Promise<L[]> {
    await this.carregar();
    return this.calcularVista();
  }

  /** The list if it is already in memory (a synchronous first render). */
  emMemoria(): L[] | null {
    return this.base ? this.calcularVista() : null;
  }

  /** One record as the device shows it, if the collection is in memory. */
  emMemoriaPorId(id: string): L | undefined {
    if (!this.base) return undefined;
    this.calcularVista();
    return this.vistaPorId!.get(id);
  }

  async um(id: string): Promise<L | undefined> {
    await this.carregar();
    this.calcularVista();
    return this.vistaPorId!.get(id);
  }

  /** The server's record as last seen (no pending change laid over). */
  async doServidor(id: string): Promise<T | undefined> {
    await this.carregar();
    return this.base!.get(id);
  }

  /** The server's versao of a record (0 when the device has none). */
  versaoDoServidor(id: string): number {
    const r = this.base?.get(id);
    return r ? this.def.versao(r) : 0;
  }

  async lerEstado(): Promise<EstadoSync | null> {
    await this.carregar();
    return this.estado;
  }

  assinar(l: () => void): () => void {
    this.ouvintes.add(l);
    return () => this.ouvintes.delete(l);
  }

  situacaoAtual(): SituacaoSync {
    return this.situacao;
  }

  assinarSituacao(l: () => void): () => void {
    this.ouvintesSituacao.add(l);
    return () => this.ouvintesSituacao.delete(l);
  }

  /** Loads the stored records and the sync state once (and again after sign-out). */
  carregar(): Promise<void> {
    if (this.base) return Promise.resolve();
    if (!temBancoNoAparelho()) {
      this.base = new Map();
      this.mudarProgresso();
      return Promise.resolve();
    }
    this.carregando ??= (async () => {
      // The outbox first: it reads whose its items are (kept before owners were recorded) from
      // the sync state below, before another operator's copy is dropped with it.
      await carregarPendentes();
      const nome = this.def.nome;
      const [guardados, estado] = await transacao([STORE_REGISTROS, STORE_META], 'readonly', (tx) =>
        Promise.all([
          pedido(tx.objectStore(STORE_REGISTROS).getAll(faixa(nome)) as IDBRequest<Guardado<T>[]>),
          pedido(tx.objectStore(STORE_META).get(`sync:${nome}`) as IDBRequest<EstadoSync | undefined>),
        ]),
      );
      const dono = donoAtual();
      if (estado && estado.dono !== dono) {
        await this.apagarTudo();
        this.base = new Map();
        this.estado = null;
      } else {
        this.base = new Map(guardados.map((g) => [g.id, g.r]));
        this.estado = estado ?? null;
        if (estado?.sincronizadoEm && !this.situacao.sincronizadoEm) this.mudarSituacao({ sincronizadoEm: estado.sincronizadoEm });
      }
      this.mudarProgresso();
      this.invalidar();
    })().finally(() => {
      this.carregando = null;
    });
    return this.carregando;
  }

  // ---------- the outbox's overlays ----------

  /** Sets the pending changes of this collection (by record id, in order). Called by the outbox. */
  definirPendentes(porAlvo: Map<string, Sobreposicao<T>[]>): void {
    this.pendentes = porAlvo;
    this.invalidar();
  }

  // ---------- writing ----------

  /**
   * Keeps records the server just answered (a save's result): version-aware. `junto`: another
   * write made in the same transaction (the outbox drops the item the answer is for).
   */
  async guardar(registros: readonly T[], junto?: Junto): Promise<void> {
    if (registros.length === 0) return;
    await this.aplicar(
      registros.map((r) => ({ id: r.id, removido: false, registro: r })),
      null,
      junto,
    );
  }

  /** A record the server search found, as lists show it (marked _doServidor). */
  daBusca(r: T): DoServidor<L> {
    const l: DoServidor<L> = { ...this.def.indexar(r), _doServidor: true };
    this.daBuscaNoServidor.set(l, r);
    return l;
  }

  /**
   * Keeps a result of the server search in the device copy (version-aware), so the screen that
   * chose it uses it at once (an order's customer, a product priced on the device).
   */
  async guardarDaBusca(l: DoServidor<L>): Promise<void> {
    const r = this.daBuscaNoServidor.get(l);
    if (r) await this.guardar([r]);
  }

  /** Drops a record (deleted, or moved out of this operator's scope by a save on this device). */
  async esquecer(id: string): Promise<void> {
    await this.aplicar([{ id, removido: true, registro: null }], null);
  }

  /**
   * Applies feed entries (and, when given, the new sync state) in one transaction. A record
   * older than the stored one is ignored; a tombstone or a removal deletes.
   */
  private async aplicar(mudancas: readonly Mudanca<T>[], novo: EstadoSync | null, junto?: Junto): Promise<void> {
    await this.carregar();
    // In batches, the main thread given back between them; the sync state and `junto` go with
    // the last batch (a copy killed mid-page starts that page again: its records are version-aware).
    const lotes = emLotes(mudancas, REGISTROS_POR_LOTE);
    for (let i = 0; i < lotes.length; i++) {
      const ultimo = i === lotes.length - 1;
      if (i > 0) await cederAVez();
      await this.aplicarLote(lotes[i], ultimo ? novo : null, ultimo ? junto : undefined);
    }
  }

  /** One batch of `aplicar`, in one transaction (the device copy's store alone when there is no state to write with it). */
  private async aplicarLote(mudancas: readonly Mudanca<T>[], novo: EstadoSync | null, junto?: Junto): Promise<void> {
    const nome = this.def.nome;
    const { versao, excluido } = this.def;
    const decisoes: { id: string; r: T | null }[] = [];
    const base = this.base!;
    if (temBancoNoAparelho()) {
      await transacao(
        // Not `meta` when the batch has no state: a screen's read of it (the order being typed)
        // does not wait for the copy's writes.
        [STORE_REGISTROS, ...(novo ? [STORE_META] : []), ...(junto?.stores ?? [])],
        'readwrite',
        async (tx) => {
          junto?.fn(tx);
          const s = tx.objectStore(STORE_REGISTROS);
          // The stored versions are in memory (loaded above, kept in step with every write): the
          // transaction only writes, with no read round trip per record.
          mudancas.forEach((m) => {
            const id = m.registro?.id || m.id;
            const atual = base.get(id);
            if (m.registro && atual && versao(m.registro) < versao(atual)) return; // the device has newer
            if (m.removido || !m.registro || excluido?.(m.registro)) {
              s.delete([nome, id]);
              decisoes.push({ id, r: null });
            } else {
              s.put({ colecao: nome, id, r: m.registro } satisfies Guardado<T>);
              decisoes.push({ id, r: m.registro });
            }
          });
          if (novo) tx.objectStore(STORE_META).put(novo, `sync:${nome}`);
        },
        // The server can bring the copy back: its commit need not wait for the disk. (An outbox
        // item dropped with it may come back after a power cut: its replay is recognised.)
        'relaxed',
      );
    } else {
      for (const m of mudancas) {
        const id = m.registro?.id || m.id;
        const atual = this.base!.get(id);
        if (m.registro && atual && versao(m.registro) < versao(atual)) continue;
        decisoes.push({ id, r: m.removido || !m.registro || excluido?.(m.registro) ? null : m.registro });
      }
    }
    if (novo) this.estado = novo;
    for (const d of decisoes) {
      if (d.r) this.base!.set(d.id, d.r);
      else this.base!.delete(d.id);
    }
    if (decisoes.length > 0) this.invalidar();
    if (novo || decisoes.length > 0) this.mudarProgresso();
  }

  /** Drops the whole copy of this collection (another operator's). */
  private async apagarTudo(): Promise<void> {
    const nome = this.def.nome;
    await transacao([STORE_REGISTROS, STORE_META], 'readwrite', (tx) => {
      tx.objectStore(STORE_REGISTROS).delete(faixa(nome));
      tx.objectStore(STORE_META).delete(`sync:${nome}`);
    });
  }

  // ---------- sync ----------

  /**
   * Brings the copy up to date; resolves with the number of entries applied. One run at a time:
   * a call during a run gets that run. Throws when the server cannot be reached.
   */
  sincronizar(): Promise<number> {
    if (this.emCurso) return this.emCurso;
    this.emCurso = emSuaVez(this.def.prioridade ?? 10, () => this.rodarSync()).finally(() => {
      this.emCurso = null;
    });
    return this.emCurso;
  }

  private async rodarSync(): Promise<number> {
    const dono = donoAtual();
    if (!dono) return 0;
    this.mudarSituacao({ sincronizando: true });
    try {
      await this.carregar();
      const tamanho = this.def.tamanhoPagina ?? 500;
      let cursor = this.def.completa ? '' : (this.estado?.cursor ?? '');
      let aplicadas = 0;
      const vistos = new Set<string>();
      const prioridade = this.def.prioridade ?? 10;
      const pagina = (desde: string, n = tamanho) => naVez(prioridade, () => this.def.buscar(desde, n));
      // The next page is asked for while this one is applied (parsing and writing it take the
      // main thread; the line would sit idle meanwhile). Pages are still applied in order. A first
      // copy starts with a small page (PRIMEIRA_PAGINA): its progress and first records come at once.
      const doInicio = cursor === '' && !this.def.completa && !this.estado?.sincronizadoEm;
      let proxima = pagina(cursor, doInicio ? Math.min(tamanho, PRIMEIRA_PAGINA) : tamanho);
      for (let n = 0; n < 100_000; n++) {
        const desde = cursor;
        const r = await proxima;
        const fim = !r.mais;
        cursor = r.cursor || cursor;
        if (!fim) {
          proxima = pagina(cursor);
          // Its failure is seen when it is awaited (a failed apply ends the run before that).
          proxima.catch(() => undefined);
        }
        for (const m of r.mudancas) vistos.add(m.registro?.id || m.id);
        const sincronizadoEm = fim ? new Date().toISOString() : (this.estado?.sincronizadoEm ?? '');
        // The total comes with a first copy's first page; a resumed copy keeps the one it had.
        const total = desde === '' && !this.estado?.sincronizadoEm ? r.total : this.estado?.total;
        let mudancas = r.mudancas;
        if (fim && this.def.completa) {
          const sobra = [...this.base!.keys()].filter((id) => !vistos.has(id));
          mudancas = [...mudancas, ...sobra.map((id) => ({ id, removido: true, registro: null }))];
        }
        await this.aplicar(mudancas, { cursor, sincronizadoEm, dono, ...(total && !sincronizadoEm ? { total } : {}) });
        aplicadas += r.mudancas.length;
        if (fim) break;
      }
      this.mudarSituacao({ sincronizando: false, erro: null, sincronizadoEm: this.estado?.sincronizadoEm ?? '' });
      return aplicadas;
    } catch (err) {
      this.mudarSituacao({ sincronizando: false, erro: mensagemDeErro(err) });
      throw err;
    }
  }

  // ---------- internals ----------

  private invalidar(): void {
    this.vista = null;
    this.vistaPorId = null;
    this.avisar();
  }

  /**
   * Tells the screens, at most every 100 ms: a burst of changes (a page of the feed, the outbox
   * replaying hundreds of changes) costs one new list per screen refresh, not one per change.
   */
  private avisar(): void {
    if (this.avisoAgendado) return;
    const espera = Math.max(0, this.ultimoAviso + 100 - Date.now());
    this.avisoAgendado = setTimeout(() => {
      this.avisoAgendado = null;
      this.ultimoAviso = Date.now();
      this.ouvintes.forEach((l) => l());
    }, espera);
  }

  private indexar(r: T): L {
    let l = this.indexados.get(r);
    if (!l) {
      l = this.def.indexar(r);
      this.indexados.set(r, l);
    }
    return l;
  }

  private calcularVista(): L[] {
    if (this.vista) return this.vista;
    const porId = new Map<string, L>();
    const base = this.base ?? new Map<string, T>();
    for (const [id, r] of base) if (!this.pendentes.has(id)) porId.set(id, this.indexar(r));
    const antes = this.vistaPendente;
    this.vistaPendente = new Map();
    for (const [id, sobreposicoes] of this.pendentes) {
      const doServidor = base.get(id);
      const c = antes.get(id);
      let l: L | undefined;
      if (c && c.base === doServidor && c.sobreposicoes.length === sobreposicoes.length && c.sobreposicoes.every((f, i) => f === sobreposicoes[i])) l = c.l;
      else {
        let r: T | undefined = doServidor;
        for (const s of sobreposicoes) r = s(r) ?? undefined;
        l = r ? { ...this.def.indexar(r), _pendente: true } : undefined;
      }
      this.vistaPendente.set(id, { base: doServidor, sobreposicoes, l });
      if (l) porId.set(id, l);
    }
    const lista = [...porId.values()].sort((a, b) => (a._ordem < b._ordem ? -1 : a._ordem > b._ordem ? 1 : 0));
    this.vista = lista;
    this.vistaPorId = porId;
    return lista;
  }

  /** The first copy's progress from the stored copy (after loading it and after each write). */
  private mudarProgresso(): void {
    const primeiraCopia = !this.estado?.sincronizadoEm;
    const recebidos = this.base?.size ?? 0;
    const total = primeiraCopia && this.estado?.total ? Math.max(this.estado.total, recebidos) : null;
    const s = this.situacao;
    if (s.primeiraCopia === primeiraCopia && s.recebidos === recebidos && s.total === total) return;
    this.mudarSituacao({ primeiraCopia, recebidos, total });
  }

  private mudarSituacao(p: Partial<SituacaoSync>): void {
    this.situacao = { ...this.situacao, ...p };
    this.ouvintesSituacao.forEach((l) => l());
  }
}

/** Declares an entity's device collection (once, at module load). */
export function definirColecao<T extends { id: string }, L extends T & Indexado>(def: DefinicaoColecao<T, L>): Colecao<T, L> {
  if (colecoes.has(def.nome)) throw new Error(`coleção ${def.nome} declarada duas vezes`);
  const c = new Colecao(def);
  colecoes.set(def.nome, c as unknown as Colecao<{ id: string }, { id: string } & Indexado>);
  return c;
}

/** A collection's list for a screen (null while it loads), kept current. */
export function useColecao<T extends { id: string }, L extends T & Indexado>(c: Colecao<T, L>): L[] | null {
  const assinar = (l: () => void) => {
    const off = c.assinar(l);
    if (!c.emMemoria()) void c.carregar().catch((err) => console.warn(`Cópia ${c.nome} não carregou`, err));
    return off;
  };
  return useSyncExternalStore(assinar, () => c.emMemoria(), () => c.emMemoria());
}

/** A collection's sync state for a screen. */
export function useSituacaoColecao(c: { assinarSituacao(l: () => void): () => void; situacaoAtual(): SituacaoSync }): SituacaoSync {
  return useSyncExternalStore(
    (l) => c.assinarSituacao(l),
    () => c.situacaoAtual(),
    () => c.situacaoAtual(),
  );
}

// A simple entity of the server (services/platform/entity: create with the client's id, get,
// list in pages, update on versao, delete, change feed) on the device, from one declaration:
// its device collection over the feed (or, for a handful of records without one, over the whole
// list at each sync), its outbox operations (criar, alterar unless the server has no update,
// excluir: kept on the device, sent in order, a replay recognised) and the paged server list,
// filtered by the list's declared fields, with the hooks an ADMIN screen writes through
// (components/entidade gives that screen).
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { api, Motivo, seg } from '../api/client';
import { paginas, useMutacao } from '../query';
import { definirColecao, paginaDoFeed, type Colecao, type Indexado } from '../sync/colecao';
import { declararOperacao, executar, jaRemovido, type Especie, type Operacao, type Resultado } from '../sync/saida';
import { dobrar } from '../texto';

/** What every record of a simple entity carries (the store's bookkeeping, as the API sends it). */
export interface RegistroEntidade {
  id: string;
  versao: string | number;
  excluido: boolean;
}

export interface DeclaracaoEntidade<T extends RegistroEntidade, C extends { id?: string }> {
  /** The device collection ('condicoes-pagamento'; `registros` key and `sync:<nome>`). */
  colecao: string;
  /**
   * The REST root (default: '/' + colecao): GET lists (page_size, page_token), POST creates,
   * GET /alteracoes is the feed (desde, page_size), PATCH and DELETE /{id} (versao).
   */
  rota?: string;
  /** The list answer's field ('condicoes') and the feed change's record field ('condicao'). */
  campoLista: string;
  campoAlteracao: string;
  /**
   * The outbox operations' prefix ('condicoes' → condicoes.criar, condicoes.alterar,
   * condicoes.excluir). Kept in the outbox on devices: never rename.
   */
  operacoes: string;
  /** What they change, for the count of what waits ("1 condição de pagamento"). */
  especie: Especie;
  /** The record's name in lists and the outbox's lines ("Alterar condição de pagamento Pix"; default: its nome). */
  nome?(r: T | C): string;
  /** The device's sort key (default: the folded name) and search text (default: the name). */
  ordem?(r: T): string;
  busca?(r: T): string;
  /** A feed page's size (default 200); without a feed, the list's page the device copy reads. */
  tamanhoPagina?: number;
  /** The screen's list page size (default 100). */
  tamanhoPaginaLista?: number;
  /**
   * The server has no change feed (a handful of records: ICMS-ST rules): the device copy reads the
   * whole list at each sync, and what it does not bring is dropped.
   */
  semFeed?: boolean;
  /** The server has no update (a record is deleted and created again): no alterar operation. */
  semAlteracao?: boolean;
  /** How a new record shows on the device until the server answers (none: after it answers). */
  local?(novo: C): T;
}

/** An update as the outbox keeps it: what changed (versao is the outbox's base). */
export interface Alteracao<A> {
  id: string;
  nome: string;
  mudancas: A;
}

/** What a screen saves: a new record, or the changes to one (made on its versao). */
export type Salvar<T, C, A> = { novo: C } | { registro: T; mudancas: A };

/** A declaration with its defaults. */
export type DeclaracaoCompleta<T extends RegistroEntidade, C extends { id?: string }> = DeclaracaoEntidade<T, C> & Required<Pick<DeclaracaoEntidade<T, C>, 'rota' | 'nome'>>;

export interface Entidade<T extends RegistroEntidade, C extends { id?: string }, A> {
  declaracao: DeclaracaoCompleta<T, C>;
  colecao: Colecao<T, T & Indexado>;
  criar: Operacao<C, T>;
  /** Absent when the server has no update (semAlteracao). */
  alterar?: Operacao<Alteracao<A>, T>;
  excluir: Operacao<{ id: string; nome: string }, T>;
  /** The server list's query key (every write makes it stale; a filtered list's key starts with it). */
  chave: QueryKey;
  /** The server's list, filtered by the list request's fields (an empty value: not filtered). */
  listaQueryOptions(filtros?: Readonly<Record<string, string>>): ReturnType<typeof paginas<PaginaLista, QueryKey>>;
  /** The records of the pages loaded so far. */
  registros(pages: readonly Record<string, unknown>[] | undefined): T[];
  obter(id: string, signal?: AbortSignal): Promise<T>;
}

const versaoDe = (r: RegistroEntidade) => Number(r.versao) || 0;

type PaginaLista = { next_page_token: string } & Record<string, unknown>;

/** Declares a simple entity (once, at module load): its collection and outbox operations. */
export function definirEntidade<T extends RegistroEntidade, C extends { id?: string }, A extends object>(declarada: DeclaracaoEntidade<T, C>): Entidade<T, C, A> {
  const d: DeclaracaoCompleta<T, C> = { rota: `/${declarada.colecao}`, nome: (r) => String((r as { nome?: unknown }).nome ?? ''), ...declarada };
  const ordem = d.ordem ?? ((r: T) => dobrar(d.nome(r)));
  const busca = d.busca ?? ((r: T) => dobrar(d.nome(r)));
  const colecao = definirColecao<T, T & Indexado>({
    nome: d.colecao,
    tamanhoPagina: d.tamanhoPagina ?? 200,
    completa: d.semFeed,
    buscar: d.semFeed
      ? async (_desde, tamanho) => {
          const todos: T[] = [];
          let token = '';
          do {
            const r = await api<PaginaLista>(d.rota, { query: { page_size: tamanho, page_token: token || undefined } });
            todos.push(...((r[d.campoLista] as T[] | undefined) ?? []));
            token = r.next_page_token;
          } while (token);
          return { mudancas: todos.map((r) => ({ id: r.id, removido: false, registro: r })), cursor: '', mais: false };
        }
      : async (desde, tamanho) =>
          paginaDoFeed(
            await api<{ alteracoes: ({ id: string; removido: boolean } & Record<string, unknown>)[]; cursor: string; mais: boolean }>(`${d.rota}/alteracoes`, {
              query: { desde, page_size: tamanho },
            }),
            (a) => a[d.campoAlteracao] as T | undefined,
          ),
    versao: versaoDe,
    excluido: (r) => Boolean(r.excluido),
    indexar: (r) => ({ ...r, _busca: busca(r), _ordem: `${ordem(r)}\u0000${r.id}` }),
  });
  const obter = (id: string, signal?: AbortSignal) => api<T>(`${d.rota}/${seg(id)}`, { signal });
  const rotulo = d.especie.um;
  const criar = declararOperacao<C, T>({
    nome: `${d.operacoes}.criar`,
    colecao,
    especie: d.especie,
    alvo: (c) => c.id ?? '',
    // The client's id: a replay whose answer was lost gets the first record back.
    enviar: (c, _it, signal) => api<T>(d.rota, { method: 'POST', body: c, signal }),
    local: d.local ? (_r, c) => d.local!(c) : undefined,
    descrever: (c) => `Incluir ${rotulo} ${d.nome(c)}`.trim(),
  });
  const alterar = d.semAlteracao
    ? undefined
    : declararOperacao<Alteracao<A>, T>({
        nome: `${d.operacoes}.alterar`,
        colecao,
        especie: d.especie,
        alvo: (a) => a.id,
        enviar: (a, it, signal) => api<T>(`${d.rota}/${seg(a.id)}`, { method: 'PATCH', body: { ...a.mudancas, versao: it.base ? String(it.base) : undefined }, signal }),
        local: (r, a) => (r ? { ...r, ...(a.mudancas as Partial<T>) } : null),
        // A replay whose first answer was lost meets its own write: 409 with every field as sent (a
        // list emptied by limpar_<lista>: empty).
        async jaAplicada(err, a) {
          if (err.motivo !== Motivo.VersaoDesatualizada) return null;
          const atual = await obter(a.id);
          const m = a.mudancas as Record<string, unknown>;
          const r = atual as unknown as Record<string, unknown>;
          const igual = (k: string) =>
            k.startsWith('limpar_') ? !m[k] || (r[k.slice('limpar_'.length)] as unknown[] | undefined)?.length === 0 : String(m[k]) === String(r[k]);
          return Object.keys(m).every((k) => m[k] === undefined || igual(k)) ? atual : null;
        },
        descrever: (a) => `Alterar ${rotulo} ${a.nome}`,
      });
  const excluir = declararOperacao<{ id: string; nome: string }, T>({
    nome: `${d.operacoes}.excluir`,
    colecao,
    especie: d.especie,
    alvo: (x) => x.id,
    enviar: (x, it, signal) => api<T>(`${d.rota}/${seg(x.id)}`, { method: 'DELETE', query: { versao: it.base || undefined }, signal }),
    local: () => null,
    async jaAplicada(err, x) {
      const r = await colecao.doServidor(x.id);
      return jaRemovido(err) && r ? { ...r, excluido: true, versao: String(versaoDe(r) + 1) } : null;
    },
    descrever: (x) => `Excluir ${rotulo} ${x.nome}`,
  });
  const chave: QueryKey = ['entidade', d.colecao];
  return {
    declaracao: d,
    colecao,
    criar,
    alterar,
    excluir,
    chave,
    listaQueryOptions: (filtros = {}) => {
      const definidos = Object.fromEntries(Object.entries(filtros).filter(([, v]) => v));
      return paginas(Object.keys(definidos).length ? [...chave, definidos] : chave, (page_token, signal) =>
        api<PaginaLista>(d.rota, { query: { ...definidos, page_size: d.tamanhoPaginaLista ?? 100, page_token }, signal }),
      );
    },
    registros: (pages) => (pages ?? []).flatMap((p) => (p[d.campoLista] as T[] | undefined) ?? []),
    obter,
  };
}

/** The server's list of an entity, page by page (an ADMIN screen), filtered by the list's fields. */
export const useListaEntidade = <T extends RegistroEntidade, C extends { id?: string }, A>(e: Entidade<T, C, A>, filtros?: Readonly<Record<string, string>>) =>
  useInfiniteQuery(e.listaQueryOptions(filtros));

type Config<R> = { onSuccess?: (r: R) => void; onError?: (err: Error) => void };

/**
 * Saves through the outbox: resolves with the server's record, or pendente when it was kept on
 * the device to send later; a refusal is thrown (the form shows it at its fields).
 */
export const useSalvarEntidade = <T extends RegistroEntidade, C extends { id?: string }, A>(e: Entidade<T, C, A>, config: Config<Resultado<T>> = {}) =>
  useMutacao(
    (s: Salvar<T, C, A>) => {
      if ('novo' in s) return executar(e.criar, s.novo);
      if (!e.alterar) throw new Error(`${e.declaracao.especie.um} não é alterada: exclua e crie de novo.`);
      return executar(e.alterar, { id: s.registro.id, nome: e.declaracao.nome(s.registro), mudancas: s.mudancas }, { base: versaoDe(s.registro) });
    },
    [e.chave],
    config,
  );

/** Deletes through the outbox, on the versao the screen showed. */
export const useExcluirEntidade = <T extends RegistroEntidade, C extends { id?: string }, A>(e: Entidade<T, C, A>, config: Config<Resultado<T>> = {}) =>
  useMutacao((r: T) => executar(e.excluir, { id: r.id, nome: e.declaracao.nome(r) }, { base: versaoDe(r) }), [e.chave], config);

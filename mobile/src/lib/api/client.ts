import { config } from '../../config/env';
import { Motivo } from './motivos.gen';
import type { components } from './schema.gen';

export { Motivo, ehMotivo } from './motivos.gen';

/**
 * Error body of the product API (services/platform/server's error handler): crm.platform.v1.Erro,
 * every operation's default response in the OpenAPI document, with `motivo` one of the registry's
 * reasons (contracts/motivos.json, generated into ./motivos.gen).
 */
export type ApiErrorBody = Omit<components['schemas']['v1Erro'], 'motivo'> & {
  /** Machine-readable reason (google.rpc.ErrorInfo): act on it, never on the message. */
  motivo?: Motivo;
};

export const MENSAGEM_FALHA_REDE = 'Falha de rede. Verifique sua conexão.';
export const MENSAGEM_TEMPO_ESGOTADO = 'O servidor demorou a responder. Verifique sua conexão e tente novamente.';
export const MENSAGEM_FALHA_SERVIDOR = 'Não foi possível concluir a operação. Tente novamente.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly mensagem: string;
  readonly campos: { campo: string; descricao: string }[];
  /** The reason ('' when the answer has none: a network failure, an unknown route). */
  readonly motivo: Motivo | '';
  readonly detalhes: Record<string, string>;

  constructor(status: number, body: ApiErrorBody | null) {
    const mensagem = body?.mensagem || (status === 0 ? MENSAGEM_FALHA_REDE : MENSAGEM_FALHA_SERVIDOR);
    super(body?.message || mensagem);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code || '';
    this.mensagem = mensagem;
    this.campos = (body?.campos || []).map((c) => ({ campo: c.campo ?? '', descricao: c.descricao ?? '' }));
    this.motivo = body?.motivo || '';
    this.detalhes = body?.detalhes || {};
  }
}

/** True when err is an API error with this reason. */
export function temMotivo(err: unknown, motivo: Motivo): err is ApiError {
  return err instanceof ApiError && err.motivo === motivo;
}

/** Field errors of an API answer, by field name. */
export function errosDeCampo(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError) for (const c of err.campos) out[c.campo] = c.descricao;
  return out;
}

/** True for errors that mean the server could not be reached (no network, 5xx, timeouts). */
export function falhaDeConexao(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 0 || err.status >= 500 || err.status === 429;
  return !(err instanceof Error && err.name === 'AbortError');
}

/** The message to show the user for any error thrown by an API call. */
export function mensagemDeErro(err: unknown): string {
  if (err instanceof ApiError) return err.mensagem;
  return MENSAGEM_FALHA_SERVIDOR;
}

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider = async () => null;

/** Set by the Firebase module: yields the signed-in user's ID token. */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/** The current user's ID token, or null when signed out. */
export function currentToken(): Promise<string | null> {
  return tokenProvider();
}

export type Query = Record<string, string | number | boolean | undefined | null | readonly string[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** A token to use instead of the current user's (right after sign-in). */
  token?: string;
  /**
   * How long the call may take (ms). Past it the call fails like a lost connection, so a
   * connected but useless mobile network never hangs a screen (writes then wait in the outbox).
   */
  tempoLimiteMs?: number;
}

/** Default time limit of a call (imports and other long calls pass their own). */
export const TEMPO_LIMITE_PADRAO_MS = 20_000;

function comTempoLimite(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const limite = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, limite]) : limite;
}

export function buildUrl(path: string, query?: Query): string {
  let url = `${config.apiBase}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (Array.isArray(v)) for (const x of v) params.append(k, String(x));
      else if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/** The caller's own abort (a screen left) stays an AbortError; a time limit is a lost connection. */
function falhaDeTransporte(err: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return err;
  if ((err as Error)?.name === 'TimeoutError') return new ApiError(0, { mensagem: MENSAGEM_TEMPO_ESGOTADO });
  if ((err as Error)?.name === 'AbortError') return err;
  return new ApiError(0, null);
}

/**
 * Sends a call to `{api}{path}` with the caller's token and the time limit; the raw answer. When
 * the device says it has no connection (navigator.onLine false is reliable), the call fails at
 * once as a lost connection, without a request the browser would report in the console.
 */
async function enviar(path: string, options: RequestOptions, accept: string): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, null);
  const headers: Record<string, string> = { Accept: accept };
  const token = options.token ?? (await tokenProvider());
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method || 'GET',
      headers,
      body,
      signal: comTempoLimite(options.signal, options.tempoLimiteMs ?? TEMPO_LIMITE_PADRAO_MS),
    });
  } catch (err) {
    throw falhaDeTransporte(err, options.signal);
  }
}

function lerJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls the product API at `{api}{path}`; throws ApiError on any non-2xx answer. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await enviar(path, options, 'application/json');
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw falhaDeTransporte(err, options.signal);
  }
  const data = lerJson(text);
  if (!res.ok) throw new ApiError(res.status, (data as ApiErrorBody) || null);
  return data as T;
}

/** A call whose answer is a file (a product photo, a PDF): its bytes; ApiError on non-2xx. */
export async function apiArquivo(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await enviar(path, options, '*/*');
  try {
    if (!res.ok) throw new ApiError(res.status, (lerJson(await res.text()) as ApiErrorBody) || null);
    return await res.blob();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw falhaDeTransporte(err, options.signal);
  }
}

/** Encodes one path segment. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}

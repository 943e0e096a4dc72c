// CEP lookup (SPEC §5) through the address service, GET {api}/cep/{cep}, which answers 404
// where the public service flags `erro`. Failures are logged only and yield nothing.
import { buildUrl, currentToken } from './api/client';
import type { Endereco } from './api/types';

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** The 8 digits of a CEP, or null when it has another length. */
export function normalizarCep(cep: string | null | undefined): string | null {
  const d = String(cep ?? '').replace(/\D/g, '');
  return d.length === 8 ? d : null;
}

export async function buscarCep(
  cep: string,
  opts: { token?: string | null; signal?: AbortSignal; fetcher?: Fetcher } = {},
): Promise<Endereco | undefined> {
  const digits = normalizarCep(cep);
  if (!digits) return undefined;
  const fetcher: Fetcher = opts.fetcher ?? ((url, init) => fetch(url, init));
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.token === undefined ? await currentToken() : opts.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetcher(buildUrl(`/cep/${digits}`), { headers, signal: opts.signal });
    if (res.status !== 200) {
      console.error(`Consulta de CEP ${digits}: HTTP ${res.status}`);
      return undefined;
    }
    const body = (await res.json()) as Endereco & { erro?: unknown };
    if (!body || body.erro) return undefined;
    return body;
  } catch (err) {
    console.error('Consulta de CEP falhou', err);
    return undefined;
  }
}

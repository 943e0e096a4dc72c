// Calls of the address service: states, IBGE cities and the company's sales regions.
import { api, seg } from '../../lib/api/client';
import type {
  AtualizarRegiaoPedido,
  Cidade,
  CriarRegiaoPedido,
  ListarCidadesParametros,
  ListarCidadesResposta,
  ListarRegioesResposta,
  Regiao,
  Uf,
} from '../../lib/api/types';

export const chavesEnderecos = {
  ufs: ['ufs'] as const,
  cidades: (p: ListarCidadesParametros) => ['cidades', p] as const,
  regioes: ['regioes'] as const,
  regiao: (id: string) => ['regioes', 'uma', id] as const,
};

export function listarUfs(signal?: AbortSignal) {
  return api<{ ufs: Uf[] }>('/ufs', { signal });
}

export function listarCidades(p: ListarCidadesParametros, signal?: AbortSignal) {
  return api<ListarCidadesResposta>('/cidades', { query: p, signal });
}

/** The named cities of these IBGE codes (a region's cities), in pages of 200. */
export async function cidadesPorIbge(ibges: readonly string[], signal?: AbortSignal): Promise<Cidade[]> {
  const out: Cidade[] = [];
  for (let i = 0; i < ibges.length; i += 100) {
    const r = await listarCidades({ ibge: ibges.slice(i, i + 100), page_size: 200 }, signal);
    out.push(...r.cidades);
  }
  return out;
}

export function listarRegioes(p: { q?: string; page_size?: number; page_token?: string } = {}, signal?: AbortSignal) {
  return api<ListarRegioesResposta>('/regioes', { query: p, signal });
}

/** Every region of the company (for filters and pickers). */
export async function todasRegioes(signal?: AbortSignal): Promise<Regiao[]> {
  const out: Regiao[] = [];
  let token = '';
  for (let i = 0; i < 50; i++) {
    const r = await listarRegioes({ page_size: 200, page_token: token || undefined }, signal);
    out.push(...r.regioes);
    token = r.next_page_token;
    if (!token) break;
  }
  return out;
}

export function obterRegiao(id: string, signal?: AbortSignal) {
  return api<Regiao>(`/regioes/${seg(id)}`, { signal });
}

export function criarRegiao(body: CriarRegiaoPedido) {
  return api<Regiao>('/regioes', { method: 'POST', body });
}

export function atualizarRegiao(id: string, body: AtualizarRegiaoPedido) {
  return api<Regiao>(`/regioes/${seg(id)}`, { method: 'PATCH', body });
}

export function excluirRegiao(id: string) {
  return api<Regiao>(`/regioes/${seg(id)}`, { method: 'DELETE' });
}

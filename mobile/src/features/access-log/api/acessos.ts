// The access log (ADMIN): GET /sistema/logacesso, filtered by operator and period, paged.
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ListarAcessosParametros, ListarAcessosResposta } from '../../../lib/api/types';
import { paginas } from '../../../lib/query';

export function listarAcessos(p: ListarAcessosParametros, signal?: AbortSignal) {
  return api<ListarAcessosResposta>('/sistema/logacesso', { query: p, signal });
}

export const acessosQueryOptions = (p: Omit<ListarAcessosParametros, 'page_token'>) =>
  paginas(['acessos', p], (page_token, signal) => listarAcessos({ ...p, page_token }, signal));

export const useAcessos = (p: Omit<ListarAcessosParametros, 'page_token'>, { enabled = true } = {}) => useInfiniteQuery({ ...acessosQueryOptions(p), enabled });

/** A day (aaaa-mm-dd, local time) as the RFC 3339 instant it starts. */
export function inicioDoDia(dia: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dia)) return undefined;
  const [y, m, d] = dia.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** The exclusive end of a day: the start of the next one. */
export function fimDoDia(dia: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dia)) return undefined;
  const [y, m, d] = dia.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

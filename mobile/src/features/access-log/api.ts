import { api } from '../../lib/api/client';
import type { ListarAcessosParametros, ListarAcessosResposta } from '../../lib/api/types';

export function listarAcessos(p: ListarAcessosParametros, signal?: AbortSignal) {
  return api<ListarAcessosResposta>('/sistema/logacesso', { query: p, signal });
}

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

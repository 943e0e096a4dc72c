// Calls of the field service's visits (visitas.proto).
import { api, seg } from '../../lib/api/client';
import type {
  AlteracoesVisitasResposta,
  ConfiguracaoVisitas,
  DefinirConfiguracaoVisitasPedido,
  FazerCheckinPedido,
  FazerCheckoutPedido,
  ListarVisitasParametros,
  ListarVisitasResposta,
  Visita,
} from '../../lib/api/types';

export const chavesVisitas = {
  todas: ['visitas'] as const,
  configuracao: ['visitas', 'configuracao'] as const,
  propostas: ['visitas', 'coordenadas-propostas'] as const,
};

export function fazerCheckin(body: FazerCheckinPedido, signal?: AbortSignal) {
  return api<Visita>('/visitas/checkin', { method: 'POST', body, signal });
}

export function fazerCheckout(id: string, body: FazerCheckoutPedido, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(id)}/checkout`, { method: 'POST', body, signal });
}

/** One page of the visits' feed (the caller's scope: a seller's own, the team's, the company's). */
export function alteracoesVisitas(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesVisitasResposta>('/visitas/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

export function listarVisitas(p: ListarVisitasParametros = {}, signal?: AbortSignal) {
  return api<ListarVisitasResposta>('/visitas', { query: p, signal });
}

export function obterConfiguracaoVisitas(signal?: AbortSignal) {
  return api<ConfiguracaoVisitas>('/configuracao-visitas', { signal });
}

/** ADMIN: replaces the company's visit settings. */
export function definirConfiguracaoVisitas(body: DefinirConfiguracaoVisitasPedido, signal?: AbortSignal) {
  return api<ConfiguracaoVisitas>('/configuracao-visitas', { method: 'PUT', body, signal });
}

/** ADMIN: a check-in's proposed position becomes its customer's main address coordinates. */
export function aceitarCoordenadas(id: string, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(id)}/aceitar-coordenadas`, { method: 'POST', body: {}, signal });
}

/** ADMIN: a wrong proposal (a check-in at the wrong place) leaves the list without touching the address. */
export function descartarCoordenadas(id: string, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(id)}/descartar-coordenadas`, { method: 'POST', body: {}, signal });
}

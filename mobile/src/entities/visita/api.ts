// Calls of the field service's visits (visitas.proto).
import { api, seg } from '../../lib/api/client';
import type {
  ConfiguracaoVisitas,
  FazerCheckinPedido,
  FazerCheckoutPedido,
  ListarVisitasParametros,
  ListarVisitasResposta,
  Visita,
} from '../../lib/api/types';

export const chavesVisitas = {
  todas: ['visitas'] as const,
  doCliente: (clienteId: string) => ['visitas', 'cliente', clienteId] as const,
  configuracao: ['visitas', 'configuracao'] as const,
};

export function fazerCheckin(body: FazerCheckinPedido, signal?: AbortSignal) {
  return api<Visita>('/visitas/checkin', { method: 'POST', body, signal });
}

export function fazerCheckout(id: string, body: FazerCheckoutPedido, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(id)}/checkout`, { method: 'POST', body, signal });
}

export function listarVisitas(p: ListarVisitasParametros = {}, signal?: AbortSignal) {
  return api<ListarVisitasResposta>('/visitas', { query: p, signal });
}

export function obterConfiguracaoVisitas(signal?: AbortSignal) {
  return api<ConfiguracaoVisitas>('/configuracao-visitas', { signal });
}

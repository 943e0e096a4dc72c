// The agenda's calls (field service: agenda.proto).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import type { AgendaResposta, ClienteSemVisita, ItemAgenda, Rota } from '../../lib/api/types';

export const chavesAgenda = {
  todas: ['agenda'] as const,
  periodo: (de: string, ate: string, vendedor: string) => ['agenda', de, ate, vendedor] as const,
  semVisita: (dias: number, vendedor: string) => ['agenda', 'sem-visita', dias, vendedor] as const,
};

export function useAgenda(de: string, ate: string, vendedor: string) {
  return useQuery({
    queryKey: chavesAgenda.periodo(de, ate, vendedor),
    queryFn: ({ signal }) => api<AgendaResposta>('/agenda', { query: { de, ate, vendedor_id: vendedor || undefined }, signal }),
    retry: false,
  });
}

export function obterRota(data: string, latitude: number, longitude: number, vendedor: string) {
  return api<Rota>('/agenda/rota', { query: { data, latitude, longitude, vendedor_id: vendedor || undefined } });
}

export function useSemVisita(dias: number, vendedor: string, ativo: boolean) {
  return useQuery({
    queryKey: chavesAgenda.semVisita(dias, vendedor),
    queryFn: ({ signal }) => api<{ clientes: ClienteSemVisita[] }>('/agenda/sem-visita', { query: { dias, vendedor_id: vendedor || undefined }, signal }),
    enabled: ativo,
    retry: false,
  });
}

export function planejarVisitas(data: string, clienteIds: string[]) {
  return api<{ criadas: number; itens: ItemAgenda[] }>('/agenda/visitas', { method: 'POST', body: { data, cliente_ids: clienteIds } });
}

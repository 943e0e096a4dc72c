// GET /crm/painel/sem-pedido: the active customers of the portfolios in scope without a counting
// order for at least N days (the panel's "sem pedido há 30/60/90 dias", one by one). Online only:
// the last orders are in the server's summaries, not on the device.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';

export type ClienteSemPedido = Required<components['schemas']['v1ClienteSemPedido']>;

/** The filter's query parameter (/crm-clientes?sem_pedido_dias=30). */
export const PARAM_SEM_PEDIDO = 'sem_pedido_dias';

/** The days of the filter when the parameter is a whole number from 1 to 3650, else null. */
export function diasSemPedido(param: string | null): number | null {
  if (!param || !/^\d{1,4}$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 && n <= 3650 ? n : null;
}

export const useClientesSemPedido = (dias: number, vendedor: string) =>
  useQuery({
    queryKey: ['clientes-sem-pedido', dias, vendedor],
    queryFn: async ({ signal }) => {
      const r = await api<{ clientes?: ClienteSemPedido[] }>('/painel/sem-pedido', { query: { dias: String(dias), vendedor_id: vendedor || undefined }, signal });
      return r.clientes ?? [];
    },
    retry: false,
  });

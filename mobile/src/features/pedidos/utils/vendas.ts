// The sales figures from the orders on the device (offline, and the day's, which the server's
// month summary does not give). Mirrors the server's summaries (services/sales domain/resumo.go):
// an order counts from enviado (enviado, em_separacao, faturado, entregue), in the month (São
// Paulo) of its enviado_em, else of its creation; valor = products, total = what the customer pays.
import type { Pedido } from '../../../lib/api/types';
import { hojeIso } from '../../../lib/format/date';
import { statusContaNosResumos } from '../../../lib/contratos/pedidos.gen';

export interface Figuras {
  valor_centavos: number;
  total_centavos: number;
  pedidos: number;
  clientes: number;
}

/** The order's day in São Paulo ("AAAA-MM-DD"), by when it was sent (else created). */
export function diaDoPedido(p: Pick<Pedido, 'enviado_em' | 'criado_em'>): string {
  const t = Date.parse(p.enviado_em || p.criado_em);
  return Number.isFinite(t) ? hojeIso(new Date(t)) : '';
}

/** The figures of the counting orders whose day starts with `periodo` ("AAAA-MM" or "AAAA-MM-DD"). */
export function figurasDoAparelho(pedidos: readonly Pedido[], periodo: string): Figuras {
  const out: Figuras = { valor_centavos: 0, total_centavos: 0, pedidos: 0, clientes: 0 };
  const clientes = new Set<string>();
  for (const p of pedidos) {
    if (!statusContaNosResumos(p.status) || !diaDoPedido(p).startsWith(periodo)) continue;
    out.valor_centavos += Number(p.total_produtos_centavos) || 0;
    out.total_centavos += Number(p.total_centavos) || 0;
    out.pedidos++;
    clientes.add(p.cliente_id);
  }
  out.clientes = clientes.size;
  return out;
}

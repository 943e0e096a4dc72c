// An order's status and number as the user reads them (the orders screens, the PDF, the
// customer's file). The statuses, their labels and sets are contracts/pedidos.json's, shared
// with the server (lib/contratos/pedidos.gen).
import type { Pedido } from '../../lib/api/types';
import { ROTULOS_STATUS_PEDIDO, ROTULOS_TIPO_PEDIDO, statusEmAberto } from '../../lib/contratos/pedidos.gen';

/** orcamento → "Em orçamento", …; an unknown status as it came. */
export function rotuloStatusPedido(status: string): string {
  if (!Object.hasOwn(ROTULOS_STATUS_PEDIDO, status)) return status;
  const r = ROTULOS_STATUS_PEDIDO[status as keyof typeof ROTULOS_STATUS_PEDIDO];
  return r.charAt(0).toUpperCase() + r.slice(1);
}

/** venda → "Venda", bonificacao → "Bonificação", …; an unknown type as it came. */
export function rotuloTipoPedido(tipo: string): string {
  return Object.hasOwn(ROTULOS_TIPO_PEDIDO, tipo) ? ROTULOS_TIPO_PEDIDO[tipo as keyof typeof ROTULOS_TIPO_PEDIDO] : tipo;
}

/** The order's number ("0" or empty: not numbered yet, '' here). */
export function numeroPedido(p: Pick<Pedido, 'numero'>): string {
  return String(p.numero ?? '').replace(/\D/g, '').replace(/^0+/, '');
}

/** "Nº 123", or "a enviar" before the server numbered it. */
export function tituloPedido(p: Pick<Pedido, 'numero'>): string {
  const n = numeroPedido(p);
  return n ? `Nº ${n}` : 'a enviar';
}

/** The customer's open orders on the device (statusEmAberto: what weighs on credit): how many and their total (centavos). */
export function emAbertoDoCliente(pedidos: readonly Pick<Pedido, 'cliente_id' | 'status' | 'total_centavos'>[], clienteId: string): { pedidos: number; total: number } {
  let n = 0;
  let total = 0;
  for (const p of pedidos) {
    if (p.cliente_id !== clienteId || !statusEmAberto(p.status)) continue;
    n++;
    total += Number(p.total_centavos) || 0;
  }
  return { pedidos: n, total };
}

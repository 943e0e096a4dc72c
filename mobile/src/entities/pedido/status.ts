// An order's status and number as the user reads them (the orders screens, the PDF, the
// customer's file).
import type { Pedido } from '../../lib/api/types';

const STATUS: Record<string, string> = {
  orcamento: 'Em orçamento',
  aguardando_aprovacao: 'Aguardando aprovação',
  enviado: 'Enviado',
  em_separacao: 'Em separação',
  faturado: 'Faturado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
  reprovado: 'Reprovado',
};

/** orcamento → "Em orçamento", …; an unknown status as it came. */
export function rotuloStatusPedido(status: string): string {
  return Object.hasOwn(STATUS, status) ? STATUS[status] : status;
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

/** The statuses of an open order (the server's StatusPedido.EmAberto: what counts on credit). */
const EM_ABERTO = new Set(['aguardando_aprovacao', 'enviado', 'em_separacao']);

/** The customer's open orders on the device: how many and their total (centavos). */
export function emAbertoDoCliente(pedidos: readonly Pick<Pedido, 'cliente_id' | 'status' | 'total_centavos'>[], clienteId: string): { pedidos: number; total: number } {
  let n = 0;
  let total = 0;
  for (const p of pedidos) {
    if (p.cliente_id !== clienteId || !EM_ABERTO.has(p.status)) continue;
    n++;
    total += Number(p.total_centavos) || 0;
  }
  return { pedidos: n, total };
}

import { formatarMoeda } from '../../../lib/format/money';

/**
 * "Verba flex: R$ 143,94 · este pedido usa R$ 5,10": the seller's flex balance as the server prices
 * an order against it (the policy's plus what the counting orders did to it, as of the device's
 * last copy of the policy) and what the order being typed does to it.
 */
export function VerbaFlex({ saldo, pedido }: { saldo: number | null; pedido?: number }) {
  if (saldo === null) return null;
  const efeito = !pedido ? '' : pedido < 0 ? ` · este pedido usa ${formatarMoeda(-pedido)}` : ` · este pedido credita ${formatarMoeda(pedido)}`;
  return (
    <p className="verba-flex" data-testid="verba-flex" aria-live="polite">
      Verba flex: <strong>{formatarMoeda(saldo)}</strong>
      {efeito}
    </p>
  );
}

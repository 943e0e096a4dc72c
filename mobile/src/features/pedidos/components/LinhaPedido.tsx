import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Pedido } from '../../../lib/api/types';
import { formatarDiaHora } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { rotuloNaLista, tituloPedido } from '../utils/acoes';

/** An order in a list: number (or "a enviar"), customer, its seller (a manager's lists), date, total and status chip. */
export const LinhaPedido = memo(function LinhaPedido({ p, pendente, detalhe, vendedor }: { p: Pedido; pendente?: boolean; detalhe?: string; vendedor?: string }) {
  return (
    <Link to={`/crm-vendas-pedidos?id=${encodeURIComponent(p.id)}`} className="pedido-item-lista" data-testid="linha-pedido-lista" data-numero={p.numero} data-status={p.status}>
      <span>
        <strong>{p.cliente?.nome}</strong>
        <br />
        {vendedor ? (
          <>
            <small data-testid="vendedor-pedido">{vendedor}</small>
            <br />
          </>
        ) : null}
        <small className="muted">
          {tituloPedido(p)} · {formatarDiaHora(p.criado_em)}
          {detalhe ? ` · ${detalhe}` : ''}
        </small>
      </span>
      <span style={{ textAlign: 'right' }}>
        <strong>{formatarMoeda(p.total_centavos)}</strong>
        <br />
        <span className={`pedido-chip status-${p.status}${p.numero === '0' || !p.numero ? ' a-enviar' : ''}`}>{rotuloNaLista(p)}</span>
        {pendente && p.numero !== '0' ? <small className="muted"> · envio pendente</small> : null}
      </span>
    </Link>
  );
});

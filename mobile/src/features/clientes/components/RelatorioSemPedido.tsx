import { useMemo } from 'react';
import { IonButton } from '@ionic/react';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { linhaDoCliente } from '../../../entities/cliente/busca';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { formatarData } from '../../../lib/format/date';
import { useClientesSemPedido } from '../api/semPedido';
import { ItemCliente, ListaClientes } from './ItemCliente';

/**
 * `/crm-clientes?sem_pedido_dias=30` (the panel's tap-through): the customers of the portfolios
 * in scope (the seller chosen in `escolher`, or the seller's own) without an order for at least
 * that many days, from the server, shown with the device copy's card when the device has them.
 */
export function RelatorioSemPedido({ dias, vendedor, aoLimpar }: { dias: number; vendedor: string; aoLimpar: () => void }) {
  const q = useClientesSemPedido(dias, vendedor);
  const copia = useClientesDoAparelho();
  const porId = useMemo(() => new Map((copia ?? []).map((c) => [c.id, c])), [copia]);
  return (
    <section aria-label="Clientes sem pedido" data-testid="sem-pedido">
      <div className="barra-vendedor">
        <span>
          Sem pedido há <strong>{dias} dias</strong> ou mais{q.data ? ` · ${q.data.length} cliente(s)` : ''}
        </span>
        <IonButton size="small" fill="outline" onClick={aoLimpar}>
          Ver todos
        </IonButton>
      </div>
      {q.isPending ? (
        <PageLoading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState>Todos os clientes da carteira compraram nos últimos {dias} dias.</EmptyState>
      ) : (
        <ListaClientes data-testid="lista-sem-pedido">
          {q.data.map((s) => {
            const c = porId.get(s.cliente_id);
            const quando = s.ultimo_pedido ? `Último pedido em ${formatarData(s.ultimo_pedido)}` : 'Nunca comprou';
            return c ? (
              <ItemCliente key={s.cliente_id} c={{ ...c, _linha: `${linhaDoCliente(c)} · ${quando}` }} />
            ) : (
              <li key={s.cliente_id}>
                <a href={`/crm-clientes-ficha?id=${encodeURIComponent(s.cliente_id)}`}>
                  <strong>Cliente {s.cliente_id}</strong>
                  <small>{quando}</small>
                </a>
              </li>
            );
          })}
        </ListaClientes>
      )}
    </section>
  );
}

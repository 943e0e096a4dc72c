import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import type { ClienteLocal } from '../../../entities/cliente/busca';
import { useClienteDoParam } from '../hooks/useClienteDoParam';

/**
 * The frame of a screen about the customer of ?cliente= (contacts, addresses): what to show while
 * it loads or when it can't be read, and its name over the screen's content.
 */
export function ClienteDoParam({ children }: { children: (c: ClienteLocal) => ReactNode }) {
  const { id, cliente, carregando, erro, recarregar } = useClienteDoParam();
  if (!id) return <EmptyState>Nenhum cliente indicado.</EmptyState>;
  if (carregando) return <PageLoading />;
  if (!cliente) return <ErrorState error={erro} onRetry={recarregar} />;
  return (
    <div className="narrow">
      <p className="muted" style={{ marginTop: 0 }}>
        {cliente.nome}
      </p>
      {children(cliente)}
    </div>
  );
}

// Customers as a table with sortable columns, for wide screens (≥ 1024 px).
import { useMemo } from 'react';
import { TabelaOrdenavel, type Coluna } from '../../../components/ui/TabelaOrdenavel';
import type { Cliente } from '../../../lib/api/types';
import { formatarDocumento } from '../../../lib/format/document';
import { rotuloStatus } from '../../../entities/cliente/status';
import { colunasClientes } from '../utils/tabela';

type Linha = Cliente & { _pendente?: boolean };

/** What each column's cell shows (the sort keys are the utils'). */
const CELULAS: Record<string, (c: Linha) => React.ReactNode> = {
  nome: (c) => (
    <>
      <strong>{c.nome}</strong>
      {c.nome_fantasia ? <div className="muted">{c.nome_fantasia}</div> : null}
      {c._pendente ? <span className="selo bloqueado">aguardando envio</span> : null}
    </>
  ),
  documento: (c) => (c.documento ? formatarDocumento(c.documento) : ''),
  cidade: (c) => (c.cidade ? `${c.cidade}/${c.uf}` : c.uf),
  status: (c) => rotuloStatus(c.status),
};

export function TabelaClientes({ clientes, vendedor }: { clientes: readonly Linha[]; vendedor?: (id: string) => string }) {
  const colunas = useMemo<Coluna<Linha>[]>(() => colunasClientes<Linha>(vendedor).map((c) => ({ ...c, celula: CELULAS[c.id] })), [vendedor]);
  return <TabelaOrdenavel linhas={clientes} colunas={colunas} href={(c) => `/crm-clientes-ficha?id=${encodeURIComponent(c.id)}`} testId="tabela-clientes" />;
}

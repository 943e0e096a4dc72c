// Customers as a table with sortable columns, for wide screens (≥ 1024 px). Sorting orders the
// rows already loaded (the list keeps loading more as it scrolls).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cliente } from '../../../lib/api/types';
import { formatarDocumento } from '../../../lib/format/document';
import { rotuloStatus } from '../../../entities/cliente/status';
import { ordenarClientes, type ColunaClientes, type Direcao } from '../utils/tabela';

type Linha = Cliente & { _pendente?: boolean };

export function TabelaClientes({ clientes, vendedor }: { clientes: readonly Linha[]; vendedor?: (id: string) => string }) {
  const navigate = useNavigate();
  const [ordem, setOrdem] = useState<{ coluna: ColunaClientes; direcao: Direcao }>({ coluna: 'nome', direcao: 'asc' });
  const linhas = useMemo(() => ordenarClientes(clientes, ordem.coluna, ordem.direcao, vendedor), [clientes, ordem, vendedor]);
  const colunas: { id: ColunaClientes; rotulo: string }[] = [
    { id: 'nome', rotulo: 'Cliente' },
    { id: 'documento', rotulo: 'CPF/CNPJ' },
    { id: 'cidade', rotulo: 'Cidade' },
    { id: 'status', rotulo: 'Status' },
    ...(vendedor ? [{ id: 'vendedor' as const, rotulo: 'Vendedor' }] : []),
  ];
  const ordenar = (coluna: ColunaClientes) =>
    setOrdem((o) => ({ coluna, direcao: o.coluna === coluna && o.direcao === 'asc' ? 'desc' : 'asc' }));
  return (
    <table className="tabela" data-testid="tabela-clientes">
      <thead>
        <tr>
          {colunas.map((c) => (
            <th key={c.id} aria-sort={ordem.coluna === c.id ? (ordem.direcao === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => ordenar(c.id)} data-coluna={c.id}>
                {c.rotulo}
                {ordem.coluna === c.id ? (ordem.direcao === 'asc' ? ' ▲' : ' ▼') : ''}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((c) => {
          const href = `/crm-clientes-ficha?id=${encodeURIComponent(c.id)}`;
          return (
            <tr key={c.id} className="clicavel" data-id={c.id} onClick={() => navigate(href)}>
              <td>
                <a
                  href={href}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    navigate(href);
                  }}
                >
                  <strong>{c.nome}</strong>
                </a>
                {c.nome_fantasia ? <div className="muted">{c.nome_fantasia}</div> : null}
                {c._pendente ? <span className="selo bloqueado">aguardando envio</span> : null}
              </td>
              <td>{c.documento ? formatarDocumento(c.documento) : ''}</td>
              <td>{c.cidade ? `${c.cidade}/${c.uf}` : c.uf}</td>
              <td>{rotuloStatus(c.status)}</td>
              {vendedor ? <td>{vendedor(c.vendedor_id)}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

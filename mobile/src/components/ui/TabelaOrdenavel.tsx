// A list as a table with sortable columns, for wide screens (≥ 1024 px; phones keep their lists).
// Sorting orders the rows already loaded (a paged list keeps loading more as it scrolls); a click
// on a row opens it.
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ordenarPor, type Direcao } from '../../lib/ordenar';

export interface Coluna<L> {
  id: string;
  rotulo: string;
  /** The text it sorts by (pt-BR collation, accents and case ignored). */
  chave: (l: L) => string;
  /** Numbers compared as text, digit by digit (documents, codes). */
  digitoADigito?: boolean;
  /** What the cell shows (default: the key). */
  celula?: (l: L) => ReactNode;
}

export function TabelaOrdenavel<L extends { id: string }>({
  linhas,
  colunas,
  href,
  testId,
  inicial,
}: {
  linhas: readonly L[];
  colunas: readonly Coluna<L>[];
  href: (l: L) => string;
  testId?: string;
  inicial?: string;
}) {
  const navigate = useNavigate();
  const [ordem, setOrdem] = useState<{ coluna: string; direcao: Direcao }>({ coluna: inicial ?? colunas[0].id, direcao: 'asc' });
  const col = colunas.find((c) => c.id === ordem.coluna) ?? colunas[0];
  const ordenadas = useMemo(() => ordenarPor(linhas, col.chave, ordem.direcao, col.digitoADigito), [linhas, col, ordem.direcao]);
  const ordenar = (coluna: string) => setOrdem((o) => ({ coluna, direcao: o.coluna === coluna && o.direcao === 'asc' ? 'desc' : 'asc' }));
  return (
    <table className="tabela" data-testid={testId}>
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
        {ordenadas.map((l) => {
          const destino = href(l);
          const abrir = () => navigate(destino);
          return (
            <tr key={l.id} className="clicavel" data-id={l.id} onClick={abrir}>
              {colunas.map((c, i) => (
                <td key={c.id}>
                  {i === 0 ? (
                    <a
                      href={destino}
                      onClick={(e) => {
                        e.preventDefault();
                        e.stopPropagation();
                        abrir();
                      }}
                    >
                      {c.celula ? c.celula(l) : c.chave(l)}
                    </a>
                  ) : c.celula ? (
                    c.celula(l)
                  ) : (
                    c.chave(l)
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import { memo, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cliente } from '../../../lib/api/types';
import { linhaDoCliente } from '../../../entities/cliente/busca';
import { rotuloStatus } from '../../../entities/cliente/status';

/**
 * One customer in a list: plain elements and a plain link (a list of 50 renders fast on a slow
 * phone); memoized, so rows that stay between keystrokes are not rendered again.
 */
export const ItemCliente = memo(function ItemCliente({ c, vendedor }: { c: Cliente & { _linha?: string; _pendente?: boolean }; vendedor?: string }) {
  const linha = c._linha ?? linhaDoCliente(c);
  return (
    <li>
      <a href={`/crm-clientes-ficha?id=${encodeURIComponent(c.id)}`}>
        <strong>
          {c.nome}
          {c.status !== 'ativo' ? <span className={`selo ${c.status}`}>{rotuloStatus(c.status)}</span> : null}
          {c._pendente ? <span className="selo bloqueado">aguardando envio</span> : null}
        </strong>
        {c.nome_fantasia ? <small>{c.nome_fantasia}</small> : null}
        <small>{vendedor ? `${linha} · ${vendedor}` : linha}</small>
      </a>
    </li>
  );
});

/** A list of ItemCliente; its links navigate inside the app (one handler for the whole list). */
export function ListaClientes({ children, ...rest }: { children: ReactNode; 'data-testid'?: string; 'data-consulta'?: string }) {
  const navigate = useNavigate();
  const clique = (e: MouseEvent<HTMLUListElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const href = a.getAttribute('href');
    if (!href?.startsWith('/')) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <ul className="lista-simples" onClick={clique} {...rest}>
      {children}
    </ul>
  );
}

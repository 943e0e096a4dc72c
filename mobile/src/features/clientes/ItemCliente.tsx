import { Link } from 'react-router-dom';
import type { Cliente } from '../../lib/api/types';
import { formatarDocumento } from '../../lib/format/document';
import { formatarTelefone } from '../../lib/format/phone';
import { rotuloStatus } from '../../lib/clientes/status';

/** One customer in a list: plain elements (a list of 50 renders fast on a slow phone). */
export function ItemCliente({ c, vendedor }: { c: Cliente; vendedor?: string }) {
  const fone = c.celular || c.telefone;
  const local = [c.cidade, c.uf].filter(Boolean).join('/');
  return (
    <li>
      <Link to={`/crm-clientes-ficha?id=${encodeURIComponent(c.id)}`}>
        <strong>
          {c.nome}
          {c.status !== 'ativo' ? <span className={`selo ${c.status}`}>{rotuloStatus(c.status)}</span> : null}
        </strong>
        {c.nome_fantasia ? <small>{c.nome_fantasia}</small> : null}
        <small>
          {c.documento ? formatarDocumento(c.documento) : ''}
          {local ? ` · ${local}` : ''}
          {fone ? ` · ${formatarTelefone(fone)}` : ''}
          {vendedor ? ` · ${vendedor}` : ''}
        </small>
      </Link>
    </li>
  );
}

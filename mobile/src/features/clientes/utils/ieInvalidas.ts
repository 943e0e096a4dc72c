// The rows of the "IE inválida" report (ADMIN) as the customer list shows them.
import { formatarDocumento } from '../../../lib/format/document';
import { pode } from '../../../lib/permissoes';
import type { ListarClientesIEInvalidaResposta } from '../api/ieInvalidas';

/** The filter's value in the list's address: /crm-clientes?filtro=ie-invalida. */
export const FILTRO_IE_INVALIDA = 'ie-invalida';

/** Only ADMIN reads the report (the server's policy for ListarClientesIEInvalida). */
export const veIEInvalida = (perfil: string | null | undefined) => pode(perfil, 'clientes.ieInvalidas');

export interface LinhaIEInvalida {
  id: string;
  nome: string;
  documento: string;
  ie: string;
  /** "MG", or "sem endereço" when the customer has no main address. */
  uf: string;
  motivo: string;
  /** The customer's edit screen, where the IE is fixed. */
  href: string;
}

export function linhasIEInvalida(paginas: readonly ListarClientesIEInvalidaResposta[]): LinhaIEInvalida[] {
  return paginas.flatMap((p) =>
    p.clientes.map(({ cliente, uf, motivo }) => ({
      id: cliente.id,
      nome: cliente.nome,
      documento: formatarDocumento(cliente.documento),
      ie: cliente.inscricao_estadual,
      uf: uf || 'sem endereço',
      motivo,
      href: `/crm-clientes-incluir?id=${encodeURIComponent(cliente.id)}`,
    })),
  );
}

// The seller a SUPERVISOR or an ADMIN is looking at: the one chosen in `escolher`, kept in the
// spec's filtro_vendedor_id / filtro_vendedor (the same choice the customers list makes), so the
// orders list, the approvals queue and the goals (crm-metas) follow it. A seller always sees their own.
import { useEscolha } from './useEscolha';
import { useOperadores } from './useOperadores';
import { KEYS, setItem, TODOS_VENDEDORES } from '../lib/storage';
import { useSession } from '../lib/session';

export function useVendedorEscolhido() {
  const { profile } = useSession();
  const ops = useOperadores();
  const vendedor = ops.gestor ? (profile?.filtroVendedorId ?? '') : (profile?.operador ?? '');
  const escolher = useEscolha('crm-vendas-pedidos/vendedor', (r) => {
    const o = r.opcoes[0];
    setItem(KEYS.filtroVendedorId, o?.valor ?? '');
    setItem(KEYS.filtroVendedor, o?.valor ? o.rotulo : TODOS_VENDEDORES);
  });
  const trocar = () => escolher({ titulo: 'Escolher vendedor', opcoes: ops.vendedores, multipla: false, selecionados: [vendedor], opcaoTodos: TODOS_VENDEDORES });
  return {
    gestor: ops.gestor,
    vendedor,
    rotulo: ops.gestor ? profile?.filtroVendedor || TODOS_VENDEDORES : (profile?.nomeOperador ?? ''),
    trocar,
    carregando: ops.carregando,
    nome: ops.nome,
  };
}

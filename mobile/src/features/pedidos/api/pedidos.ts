// The orders area's server reads: the paged search (and the approvals queue), and everything a
// search matches for the export.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { chavesPedidos, listarPedidos, resumoVendas } from '../../../entities/pedido/api';
import type { ListarPedidosParametros, ListarPedidosResposta, Pedido } from '../../../lib/api/types';
import { paginas } from '../../../lib/query';

export type FiltroPedidos = Omit<ListarPedidosParametros, 'page_token'>;

export const usePedidosDoServidor = (p: FiltroPedidos, { enabled = true } = {}) =>
  useInfiniteQuery({ ...paginas(chavesPedidos.lista(p), (page_token, signal) => listarPedidos({ ...p, page_token }, signal)), enabled, retry: false });

/** Everything a search matches (for the export), from the pages already read on. */
export async function todosOsPedidos(p: FiltroPedidos, lidas: readonly ListarPedidosResposta[]): Promise<Pedido[]> {
  const todos = lidas.flatMap((x) => x.pedidos);
  let token = lidas.length ? lidas[lidas.length - 1].next_page_token : '';
  for (let i = 0; i < 500 && token; i++) {
    const r = await listarPedidos({ ...p, page_size: 200, page_token: token });
    todos.push(...r.pedidos);
    token = r.next_page_token;
  }
  return todos;
}

/** A month's figures from the server's summaries (the caller's scope). */
export const useResumoVendas = (mes: string, vendedor = '') =>
  useQuery({ queryKey: chavesPedidos.resumo(mes, vendedor), queryFn: ({ signal }) => resumoVendas(mes, vendedor, signal), retry: false });

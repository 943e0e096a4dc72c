// The customers area's reads: the filtered list (paged) and the server search used while the
// device copy is not there yet. One customer is `useCliente` (entities/cliente/hooks).
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { chavesClientes, listarClientes } from '../../../entities/cliente/api';
import type { Cliente, ListarClientesParametros, ListarClientesResposta } from '../../../lib/api/types';
import { paginas } from '../../../lib/query';

type Filtro = Omit<ListarClientesParametros, 'page_token'>;

export const listaClientesQueryOptions = (p: Filtro) => paginas(chavesClientes.lista(p), (page_token, signal) => listarClientes({ ...p, page_token }, signal));

/** The list from the server; a server out of reach fails at once (the screen shows the device copy). */
export const useListaClientes = (p: Filtro, { enabled = true } = {}) => useInfiniteQuery({ ...listaClientesQueryOptions(p), enabled, retry: false });

/** One page of a server search (name, fantasia or document). */
export const buscaClientesQueryOptions = (p: Filtro) => queryOptions({ queryKey: chavesClientes.lista(p), queryFn: ({ signal }) => listarClientes(p, signal) });

export const useBuscaClientes = (p: Filtro, { enabled = true } = {}) => useQuery({ ...buscaClientesQueryOptions(p), enabled });

/** Everything a filter matches (for the export), from the pages already read on. */
export async function todaALista(p: Filtro, lidas: readonly ListarClientesResposta[]): Promise<Cliente[]> {
  const todos = lidas.flatMap((x) => x.clientes);
  let token = lidas.length ? lidas[lidas.length - 1].next_page_token : '';
  for (let i = 0; i < 500 && token; i++) {
    const r = await listarClientes({ ...p, page_size: 200, page_token: token });
    todos.push(...r.clientes);
    token = r.next_page_token;
  }
  return todos;
}

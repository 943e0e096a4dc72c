// What the catalogue's forms choose from: customers (searched on the server), regions and the
// company's operators (the policy's sellers).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chavesClientes, listarClientes, obterCliente } from '../../../entities/cliente/api';
import { useRegioes } from '../../../entities/endereco/queries';
import { useOperadoresDaEmpresa } from '../../../entities/operador/queries';

export const buscaClientesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...chavesClientes.listas, { q, page_size: 10, catalogo: true }] as const,
    queryFn: ({ signal }) => listarClientes({ q, page_size: 10 }, signal),
    staleTime: 60_000,
  });

/** Customers whose name, trade name or document matches q (10 at most). */
export function useBuscaClientes(q: string) {
  const r = useQuery({ ...buscaClientesQueryOptions(q), enabled: q.length >= 2 });
  return { opcoes: (r.data?.clientes ?? []).map((c) => ({ valor: c.id, rotulo: c.nome, detalhe: [c.documento, c.cidade].filter(Boolean).join(' · ') })), carregando: r.isFetching };
}

export const clienteQueryOptions = (id: string) => queryOptions({ queryKey: chavesClientes.um(id), queryFn: ({ signal }) => obterCliente(id, signal), staleTime: 5 * 60_000 });

/** A customer's name for its id (the id while loading or when out of reach). */
export function useNomeCliente(id: string): string {
  const r = useQuery({ ...clienteQueryOptions(id), retry: false });
  return r.data?.nome ?? id;
}

export { useRegioes, useOperadoresDaEmpresa };

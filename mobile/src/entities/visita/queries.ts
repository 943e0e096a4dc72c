// Visit queries read by the customer file and the check-in screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chavesVisitas, listarVisitas, obterConfiguracaoVisitas } from './api';

/** A customer's latest visits (the caller's scope), newest first; with vendedorId, that seller's. */
export const visitasDoClienteQueryOptions = (clienteId: string, vendedorId = '') =>
  queryOptions({
    queryKey: [...chavesVisitas.doCliente(clienteId), vendedorId] as const,
    queryFn: ({ signal }) => listarVisitas({ cliente_id: clienteId, page_size: 10, ...(vendedorId ? { vendedor_id: vendedorId } : {}) }, signal),
  });

export const useVisitasDoCliente = (clienteId: string, { vendedorId = '', enabled = true } = {}) =>
  useQuery({ ...visitasDoClienteQueryOptions(clienteId, vendedorId), enabled });

/** The company's visit settings (the reasons of a visit without a sale). */
export const useConfiguracaoVisitas = () =>
  useQuery({ queryKey: chavesVisitas.configuracao, queryFn: ({ signal }) => obterConfiguracaoVisitas(signal), staleTime: 5 * 60_000 });

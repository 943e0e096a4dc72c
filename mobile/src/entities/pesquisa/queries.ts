// Survey queries read by the customer page and the surveys screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chavesClientes, listarRespostas, obterPesquisa } from '../cliente/api';

/** A survey form; with `versao`, that version (answers keep the version they answered). */
export const pesquisaQueryOptions = (id: string, versao?: string) =>
  queryOptions({
    queryKey: chavesClientes.pesquisa(id, versao),
    queryFn: ({ signal }) => obterPesquisa(id, versao, signal),
    // A past version never changes; the current one is read fresh.
    staleTime: versao ? Infinity : 0,
  });

export const usePesquisa = (id: string, { versao, enabled = true }: { versao?: string; enabled?: boolean } = {}) => useQuery({ ...pesquisaQueryOptions(id, versao), enabled });

/** A customer's survey answers, newest first. */
export const respostasQueryOptions = (clienteId: string) =>
  queryOptions({ queryKey: chavesClientes.respostas(clienteId), queryFn: ({ signal }) => listarRespostas(clienteId, { page_size: 50 }, signal) });

export const useRespostas = (clienteId: string, { enabled = true } = {}) => useQuery({ ...respostasQueryOptions(clienteId), enabled });

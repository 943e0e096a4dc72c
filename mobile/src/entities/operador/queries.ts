// The operator queries several features read (names for seller ids, choosers, filters).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../lib/query';
import { chaves, todosOperadores } from './api';

/** Every operator of the company, inactive ones too (names in lists and histories). */
export const operadoresDaEmpresaQueryOptions = () =>
  queryOptions({ queryKey: chaves.todosDaEmpresa, queryFn: ({ signal }) => todosOperadores(true, signal), staleTime: 5 * 60_000 });

export const useOperadoresDaEmpresa = (config: QueryConfig<typeof operadoresDaEmpresaQueryOptions> = {}) =>
  useQuery({ ...operadoresDaEmpresaQueryOptions(), ...config });

/** The active operators (who may be put in a team). */
export const operadoresAtivosQueryOptions = () =>
  queryOptions({ queryKey: chaves.ativos, queryFn: ({ signal }) => todosOperadores(false, signal), staleTime: 60_000 });

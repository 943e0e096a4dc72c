// The address queries several features read: the company's regions (filters, the regions
// screen) and the states.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../lib/query';
import { chavesEnderecos, listarUfs, todasRegioes } from './api';

export const regioesQueryOptions = () => queryOptions({ queryKey: chavesEnderecos.regioes, queryFn: ({ signal }) => todasRegioes(signal) });

export const useRegioes = (config: QueryConfig<typeof regioesQueryOptions> = {}) => useQuery({ ...regioesQueryOptions(), ...config });

/** The 27 states: they never change while the app runs. */
export const ufsQueryOptions = () => queryOptions({ queryKey: chavesEnderecos.ufs, queryFn: ({ signal }) => listarUfs(signal), staleTime: Infinity });

export const useUfs = () => useQuery(ufsQueryOptions());

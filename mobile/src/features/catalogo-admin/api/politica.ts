// The commercial policy (ADMIN): read and replace the whole policy.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { DefinirPoliticaPedido, PoliticaComercial } from '../../../lib/api/types';
import { useMutacao } from '../../../lib/query';
import { chaves } from './chaves';

export const politicaQueryOptions = () => queryOptions({ queryKey: chaves.politica, queryFn: ({ signal }) => api<PoliticaComercial>('/politica-comercial', { signal }) });

export const usePolitica = () => useQuery(politicaQueryOptions());

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

export function useDefinirPolitica(config: Config<PoliticaComercial> = {}) {
  const qc = useQueryClient();
  return useMutacao((p: DefinirPoliticaPedido) => api<PoliticaComercial>('/politica-comercial', { method: 'PUT', body: p }), [], {
    onError: config.onError,
    onSuccess: (p) => {
      qc.setQueryData(chaves.politica, p);
      config.onSuccess?.(p);
    },
  });
}

// The app versions per platform (ADMIN): GET /sistema/versoes and PUT /sistema/versoes/{tipo}.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { ConfigVersao, DefinirVersaoPedido, ListarVersoesResposta } from '../../../lib/api/types';
import { useMutacao, type MutationConfig, type QueryConfig } from '../../../lib/query';

export function listarVersoes(signal?: AbortSignal) {
  return api<ListarVersoesResposta>('/sistema/versoes', { signal });
}

export const versoesQueryOptions = () => queryOptions({ queryKey: ['sistema', 'versoes'], queryFn: ({ signal }) => listarVersoes(signal) });

export const useVersoes = (config: QueryConfig<typeof versoesQueryOptions> = {}) => useQuery({ ...versoesQueryOptions(), ...config });

export function definirVersao({ tipo, ...body }: DefinirVersaoPedido & { tipo: string }) {
  return api<ConfigVersao>(`/sistema/versoes/${seg(tipo)}`, { method: 'PUT', body });
}

export const useDefinirVersao = (config?: MutationConfig<typeof definirVersao>) => useMutacao(definirVersao, [versoesQueryOptions().queryKey], config);

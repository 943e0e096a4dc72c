// Price tables (ADMIN): list, one, create/update, delete.
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { AtualizarTabelaPedido, CriarTabelaPedido, ListarTabelasResposta, TabelaPreco } from '../../../lib/api/types';
import { paginas, useMutacao, type QueryConfig } from '../../../lib/query';
import { chaves } from './chaves';

export const listaTabelasQueryOptions = () =>
  paginas(chaves.listaTabelas, (page_token, signal) => api<ListarTabelasResposta>('/tabelas-preco', { query: { page_size: 100, page_token }, signal }));

export const useListaTabelas = () => useInfiniteQuery(listaTabelasQueryOptions());

export const tabelaQueryOptions = (id: string) =>
  queryOptions({ queryKey: chaves.tabela(id), queryFn: ({ signal }) => api<TabelaPreco>(`/tabelas-preco/${seg(id)}`, { signal }) });

export const useTabela = (id: string, config: QueryConfig<typeof tabelaQueryOptions> = {}) => useQuery({ ...tabelaQueryOptions(id), ...config });

export type SalvarTabela = { novo: CriarTabelaPedido; id?: undefined } | { id: string; alteracao: AtualizarTabelaPedido };

function salvarTabela(s: SalvarTabela): Promise<TabelaPreco> {
  return s.id === undefined
    ? api<TabelaPreco>('/tabelas-preco', { method: 'POST', body: s.novo })
    : api<TabelaPreco>(`/tabelas-preco/${seg(s.id)}`, { method: 'PATCH', body: s.alteracao });
}

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

export function useSalvarTabela(config: Config<TabelaPreco> = {}) {
  const qc = useQueryClient();
  return useMutacao(salvarTabela, [chaves.tabelas], {
    onError: config.onError,
    onSuccess: (t) => {
      qc.setQueryData(chaves.tabela(t.id), t);
      config.onSuccess?.(t);
    },
  });
}

export function useExcluirTabela(config: Config<TabelaPreco> = {}) {
  return useMutacao((t: TabelaPreco) => api<TabelaPreco>(`/tabelas-preco/${seg(t.id)}`, { method: 'DELETE', query: { versao: t.versao } }), [chaves.tabelas], config);
}

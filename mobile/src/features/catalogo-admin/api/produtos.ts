// Products (ADMIN): the paged list with search and filters, one product, create/update, delete
// the photo (set or remove) and the CSV import.
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { AtualizarProdutoPedido, CriarProdutoPedido, ImportarCatalogoResposta, Produto } from '../../../lib/api/types';
import { listarProdutos } from '../../../entities/produto/api';
import { comChave } from '../../../lib/importacao';
import { paginas, useMutacao, type QueryConfig } from '../../../lib/query';
import { chaves, type FiltroProdutos } from './chaves';

export function obterProduto(id: string, signal?: AbortSignal) {
  return api<Produto>(`/produtos/${seg(id)}`, { signal });
}

export const listaProdutosQueryOptions = (p: FiltroProdutos) => paginas(chaves.listaProdutos(p), (page_token, signal) => listarProdutos({ ...p, page_token }, signal));

export const useListaProdutos = (p: FiltroProdutos, config: { enabled?: boolean } = {}) => useInfiniteQuery({ ...listaProdutosQueryOptions(p), ...config });

export const produtoQueryOptions = (id: string) => queryOptions({ queryKey: chaves.produto(id), queryFn: ({ signal }) => obterProduto(id, signal), staleTime: 5 * 60_000 });

export const useProduto = (id: string, config: QueryConfig<typeof produtoQueryOptions> = {}) => useQuery({ ...produtoQueryOptions(id), ...config });

export type SalvarProduto = { novo: CriarProdutoPedido; id?: undefined } | { id: string; alteracao: AtualizarProdutoPedido };

function salvarProduto(s: SalvarProduto): Promise<Produto> {
  return s.id === undefined
    ? api<Produto>('/produtos', { method: 'POST', body: s.novo })
    : api<Produto>(`/produtos/${seg(s.id)}`, { method: 'PATCH', body: s.alteracao });
}

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

/** A saved product replaces its cached copy; every product list is stale. */
export function useSalvarProduto(config: Config<Produto> = {}) {
  const qc = useQueryClient();
  return useMutacao(salvarProduto, [chaves.produtos], {
    onError: config.onError,
    onSuccess: (p) => {
      qc.setQueryData(chaves.produto(p.id), p);
      config.onSuccess?.(p);
    },
  });
}

export function useExcluirProduto(config: Config<Produto> = {}) {
  return useMutacao((p: Produto) => api<Produto>(`/produtos/${seg(p.id)}`, { method: 'DELETE', query: { versao: p.versao } }), [chaves.produtos], config);
}

/** One chunk of the products' CSV import (or its validation only). */
export async function importarProdutos(csv: string, validarApenas: boolean) {
  const r = await api<ImportarCatalogoResposta>('/produtos/importar', { method: 'POST', body: { csv, validar_apenas: validarApenas }, tempoLimiteMs: 180_000 });
  return comChave(r, (l) => l.codigo);
}

/** After an import every product list is stale. */
export function useAposImportarProdutos() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: chaves.produtos });
}

export type DefinirFoto = { produto: Pick<Produto, 'id' | 'versao'>; imagem: string };

/**
 * A new photo (a data URL or base64) for the product, on the versao shown. The answer is the
 * product with its new foto_versao and versao; the lists are stale (the form keeps its own copy).
 */
export function useDefinirFoto(config: Config<Produto> = {}) {
  return useMutacao(
    ({ produto, imagem }: DefinirFoto) =>
      api<Produto>(`/produtos/${seg(produto.id)}/foto`, { method: 'PUT', body: { imagem_base64: imagem, versao: produto.versao }, tempoLimiteMs: 120_000 }),
    [chaves.listasProdutos],
    config,
  );
}

export function useRemoverFoto(config: Config<Produto> = {}) {
  return useMutacao(
    (produto: Pick<Produto, 'id' | 'versao'>) => api<Produto>(`/produtos/${seg(produto.id)}/foto`, { method: 'DELETE', query: { versao: produto.versao } }),
    [chaves.listasProdutos],
    config,
  );
}

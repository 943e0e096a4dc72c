// Calls of the sales service for the catalogue: the products' feed (the device copy), and the
// paged list with its search (the ADMIN's catalogue, and a search during the first copy).
import { api } from '../../lib/api/client';
import type { AlteracoesProdutosResposta, ListarProdutosParametros, ListarProdutosResposta } from '../../lib/api/types';

export function listarProdutos(p: ListarProdutosParametros, signal?: AbortSignal) {
  return api<ListarProdutosResposta>('/produtos', { query: p, signal });
}

export function alteracoesProdutos(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesProdutosResposta>('/produtos/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

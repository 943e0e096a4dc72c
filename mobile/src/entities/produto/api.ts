// Calls of the sales service the device copy of the catalogue makes (the products' feed).
import { api } from '../../lib/api/client';
import type { AlteracoesProdutosResposta } from '../../lib/api/types';

export function alteracoesProdutos(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesProdutosResposta>('/produtos/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

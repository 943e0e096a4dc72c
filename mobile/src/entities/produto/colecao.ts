// The catalogue on the device: every product of the company over GET /crm/produtos/alteracoes
// (a distributor has up to ~15,000), so a seller finds a product and prices it with no signal.
// Product search runs over the device copy (lib/sync/busca): code, description, barcode and brand.
import type { Produto } from '../../lib/api/types';
import { definirColecao, paginaDoFeed, useColecao, type Indexado } from '../../lib/sync/colecao';
import { dobrar } from '../../lib/texto';
import { alteracoesProdutos, listarProdutos } from './api';

export type ProdutoLocal = Produto & Indexado;

/** Feed pages of 1,000 (the server's maximum): 15 round trips for a 15,000-product catalogue. */
export const TAMANHO_PAGINA_CATALOGO = 1000;

export function indexarProduto(p: Produto): ProdutoLocal {
  const descricao = dobrar(p.descricao);
  return {
    ...p,
    _busca: `${dobrar(p.codigo)} ${descricao} ${p.ean ?? ''} ${dobrar(p.marca)}`,
    _ordem: `${descricao}\u0000${p.id}`,
  };
}

export const colecaoProdutos = definirColecao<Produto, ProdutoLocal>({
  nome: 'produtos',
  prioridade: 1,
  rotulos: { copia: 'o catálogo', itens: 'produtos', incompleta: 'O catálogo ainda está sendo baixado' },
  tamanhoPagina: TAMANHO_PAGINA_CATALOGO,
  buscar: async (desde, tamanho) => paginaDoFeed(await alteracoesProdutos(desde, tamanho), (a) => a.produto),
  versao: (p) => Number(p.versao) || 0,
  excluido: (p) => Boolean(p.excluido),
  indexar: indexarProduto,
  // During the first copy a product search also asks the server (code, description or barcode);
  // filtros.ativo 'true': only products on sale (the order entry's).
  buscarNoServidor: async (q, { limite, filtros, signal }) =>
    (await listarProdutos({ q, page_size: limite, ...(filtros.ativo ? { ativo: filtros.ativo === 'true' } : {}) }, signal)).produtos,
});

/** Every product on the device, by description (null while the copy loads). */
export function useProdutosDoAparelho(): ProdutoLocal[] | null {
  return useColecao(colecaoProdutos);
}

/** The groups of the catalogue, sorted (for the group filter). */
export function gruposDe(produtos: readonly Produto[]): string[] {
  const g = new Set<string>();
  for (const p of produtos) if (p.grupo) g.add(p.grupo);
  return [...g].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

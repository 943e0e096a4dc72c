// Query keys of the catalogue's administration: one tree per collection, so that a write makes
// stale exactly what it changed (useMutacao's list).
import type { ListarProdutosParametros } from '../../../lib/api/types';

export type FiltroProdutos = Omit<ListarProdutosParametros, 'page_token'>;

export const chaves = {
  produtos: ['catalogo', 'produtos'] as const,
  listasProdutos: ['catalogo', 'produtos', 'lista'] as const,
  listaProdutos: (p: FiltroProdutos) => ['catalogo', 'produtos', 'lista', p] as const,
  produto: (id: string) => ['catalogo', 'produtos', 'um', id] as const,
  tabelas: ['catalogo', 'tabelas'] as const,
  listaTabelas: ['catalogo', 'tabelas', 'lista'] as const,
  tabela: (id: string) => ['catalogo', 'tabelas', 'uma', id] as const,
  precos: (tabelaId: string) => ['catalogo', 'precos', tabelaId] as const,
  politica: ['catalogo', 'politica'] as const,
};

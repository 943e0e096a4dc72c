// The customers' device collection: the operator's portfolio over GET /crm/clientes/alteracoes.
import { definirColecao, paginaDoFeed } from '../../lib/sync/colecao';
import type { Cliente } from '../../lib/api/types';
import { alteracoesClientes, listarClientes } from './api';
import { paraLocal, type ClienteLocal } from './busca';

export const TAMANHO_PAGINA_SYNC = 500;

export const colecaoClientes = definirColecao<Cliente, ClienteLocal>({
  nome: 'clientes',
  // A new seller's first search is for a customer (a new order): the portfolio comes first.
  prioridade: 0,
  rotulos: { copia: 'a carteira', itens: 'clientes', incompleta: 'A carteira ainda está sendo baixada' },
  tamanhoPagina: TAMANHO_PAGINA_SYNC,
  buscar: async (desde, tamanho) => paginaDoFeed(await alteracoesClientes(desde, tamanho), (a) => a.cliente),
  versao: (c) => Number(c.versao) || 0,
  excluido: (c) => Boolean(c.excluido),
  indexar: paraLocal,
  // During the first copy a customer search also asks the server (name, fantasia, CNPJ/CPF), in
  // the seller a manager chose.
  buscarNoServidor: async (q, { limite, filtros, signal }) => (await listarClientes({ q, vendedor: filtros.vendedor, page_size: limite }, signal)).clientes,
});

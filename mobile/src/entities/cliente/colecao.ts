// The customers' device collection: the operator's portfolio over GET /crm/clientes/alteracoes.
import { definirColecao } from '../../lib/sync/colecao';
import type { Cliente } from '../../lib/api/types';
import { alteracoesClientes } from './api';
import { paraLocal, type ClienteLocal } from './busca';

export const TAMANHO_PAGINA_SYNC = 500;

export const colecaoClientes = definirColecao<Cliente, ClienteLocal>({
  nome: 'clientes',
  tamanhoPagina: TAMANHO_PAGINA_SYNC,
  async buscar(desde, tamanho) {
    const r = await alteracoesClientes(desde, tamanho);
    return {
      mudancas: (r.alteracoes ?? []).map((a) => ({ id: a.id, removido: a.removido, registro: a.cliente })),
      cursor: r.cursor,
      mais: r.mais,
    };
  },
  versao: (c) => Number(c.versao) || 0,
  excluido: (c) => Boolean(c.excluido),
  indexar: paraLocal,
});

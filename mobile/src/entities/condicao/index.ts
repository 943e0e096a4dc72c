// Payment terms (condições de pagamento), a simple entity of the sales service: on the device
// over its feed (the pricing reads them offline), written by ADMIN through the outbox.
import type { AtualizarCondicaoPedido, CondicaoPagamento, CriarCondicaoPedido } from '../../lib/api/types';
import { definirEntidade } from '../../lib/entidade/entidade';

export type MudancasCondicao = Omit<AtualizarCondicaoPedido, 'versao'>;

export const condicoes = definirEntidade<CondicaoPagamento, CriarCondicaoPedido, MudancasCondicao>({
  colecao: 'condicoes-pagamento',
  campoLista: 'condicoes',
  campoAlteracao: 'condicao',
  operacoes: 'condicoes',
  especie: { um: 'condição de pagamento', varios: 'condições de pagamento', feminino: true },
});

export const colecaoCondicoes = condicoes.colecao;

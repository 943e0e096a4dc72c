// A new order's suggestions (issue 23): what this customer stopped buying, offered as lines of the
// usual quantity. Pure: the hook (useIncluirPedido) gives the draft and the device's products.
import type { RascunhoPedido } from '../../../entities/pedido/previa';
import { quantidadeUsual } from '../../../entities/cliente/sugestoes';
import type { Produto, Sugestao } from '../../../lib/api/types';
import { ajustarAoMultiplo, multiploDe } from './rascunho';

type ProdutoDaLinha = Pick<Produto, 'id' | 'multiplo_venda' | 'ativo'>;

/** The suggestions still to offer: products the device sells (active) and not in the draft yet. */
export function sugestoesAOferecer(sugestoes: readonly Sugestao[], r: RascunhoPedido, produto: (id: string) => ProdutoDaLinha | undefined): Sugestao[] {
  const noPedido = new Set(r.itens.map((l) => l.produto_id));
  return sugestoes.filter((s) => !noPedido.has(s.produto_id) && !!produto(s.produto_id)?.ativo);
}

/**
 * The draft with each suggestion as a line of its usual quantity (in the product's sales multiple,
 * should it have changed since), priced as any line; one already in the draft or no longer sold is
 * left out.
 */
export function adicionarSugestoes(r: RascunhoPedido, sugestoes: readonly Sugestao[], produto: (id: string) => ProdutoDaLinha | undefined): RascunhoPedido {
  const novas = sugestoesAOferecer(sugestoes, r, produto).map((s) => ({
    produto_id: s.produto_id,
    quantidade: ajustarAoMultiplo(quantidadeUsual(s), multiploDe(produto(s.produto_id))),
    desconto_percentual: 0,
    bonificacao: false,
  }));
  return novas.length ? { ...r, itens: [...r.itens, ...novas] } : r;
}

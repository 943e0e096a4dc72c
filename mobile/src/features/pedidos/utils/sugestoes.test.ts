import { describe, expect, it } from 'vitest';
import type { RascunhoPedido } from '../../../entities/pedido/previa';
import type { Produto, Sugestao } from '../../../lib/api/types';
import { adicionarSugestoes, sugestoesAOferecer } from './sugestoes';

const sug = (produto_id: string, quantidade_usual: string) => ({ produto_id, quantidade_usual, descricao: produto_id, unidade: 'UN', ultima_compra: '2026-08-01', meses_comprados: ['2026-06', '2026-08'] }) as Sugestao;
const produtos = new Map(
  [
    { id: 'pa', multiplo_venda: '1', ativo: true },
    { id: 'pb', multiplo_venda: '6', ativo: true },
    { id: 'pc', multiplo_venda: '1', ativo: false },
  ].map((p) => [p.id, p as unknown as Produto]),
);
const produto = (id: string) => produtos.get(id);
const rascunho = (itens: RascunhoPedido['itens'] = []) => ({ id: 'r1', cliente_id: 'c1', condicao_id: '', tipo: 'venda', itens }) as RascunhoPedido;

describe('a new order’s suggestions', () => {
  it('offers what is not in the draft and still sold', () => {
    const r = rascunho([{ produto_id: 'pa', quantidade: 3, desconto_percentual: 0, bonificacao: false }]);
    expect(sugestoesAOferecer([sug('pa', '2'), sug('pb', '12'), sug('pc', '1'), sug('fora', '1')], r, produto).map((s) => s.produto_id)).toEqual(['pb']);
  });

  it('adds a line of the usual quantity, in the product’s multiple, once', () => {
    const um = adicionarSugestoes(rascunho(), [sug('pb', '12')], produto);
    expect(um.itens).toEqual([{ produto_id: 'pb', quantidade: 12, desconto_percentual: 0, bonificacao: false }]);
    // The multiple changed since (now 6): 8 becomes 12. Tapped again: nothing more.
    const arredondado = adicionarSugestoes(rascunho(), [sug('pb', '8')], produto);
    expect(arredondado.itens[0].quantidade).toBe(12);
    expect(adicionarSugestoes(um, [sug('pb', '12')], produto)).toBe(um);
  });

  it('adds all at once, after the lines already there', () => {
    const r = rascunho([{ produto_id: 'px', quantidade: 1, desconto_percentual: 5, bonificacao: false }]);
    expect(adicionarSugestoes(r, [sug('pa', '2'), sug('pb', '6'), sug('pc', '1')], produto).itens.map((l) => [l.produto_id, l.quantidade])).toEqual([
      ['px', 1],
      ['pa', 2],
      ['pb', 6],
    ]);
  });
});

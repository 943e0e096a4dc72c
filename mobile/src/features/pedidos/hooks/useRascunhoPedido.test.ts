import { describe, expect, it } from 'vitest';
import { ErroPreco } from '../../../entities/preco/calcular';
import { precosAindaChegando } from './useRascunhoPedido';

describe('a price missing during the first copy of the prices', () => {
  const fora = () => new ErroPreco('PRODUTO_FORA_DA_TABELA', 'Produto 10001 não está na tabela de preço deste cliente.', [{ campo: 'itens[0].produto_id', descricao: 'x' }]);

  it('says the prices are still coming, on the line too, instead of "not in the table"', () => {
    const r = precosAindaChegando(fora(), false);
    expect(r.erro).toBe('Os preços ainda estão sendo baixados para este aparelho: o pedido é calculado assim que chegarem.');
    expect(r.campos).toEqual([{ campo: 'itens[0].produto_id', descricao: r.erro }]);
  });

  it('offline, says how to finish the copy', () => {
    expect(precosAindaChegando(fora(), true).erro).toMatch(/^Os preços ainda não foram todos baixados.*conecte-se/);
  });

  it('any other refusal keeps its own words', () => {
    const e = new ErroPreco('QUANTIDADE_INVALIDA', 'Informe a quantidade.', []);
    expect(precosAindaChegando(e, false)).toEqual({ erro: 'Informe a quantidade.', campos: [] });
  });
});

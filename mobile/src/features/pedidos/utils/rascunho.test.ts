import { describe, expect, it } from 'vitest';
import { rascunhoVazio } from '../../../entities/pedido/previa';
import { adicionarProduto, aprovacaoDaLinha, ajustarAoMultiplo, errosPorLinha, lerPercentual, podeEnviar, produtoPorCodigo, removerLinha } from './rascunho';

describe('the order being entered', () => {
  it('quantities follow the sales multiple', () => {
    expect(ajustarAoMultiplo(7, 6)).toBe(12);
    expect(ajustarAoMultiplo(12, 6)).toBe(12);
    expect(ajustarAoMultiplo(0, 6)).toBe(6);
    expect(ajustarAoMultiplo(3, 1)).toBe(3);
  });

  it('adding a product puts one multiple, adding it again one more; removing drops the line', () => {
    let r = rascunhoVazio('x', 'c');
    r = adicionarProduto(r, { id: 'p2', multiplo_venda: '6' });
    r = adicionarProduto(r, { id: 'p2', multiplo_venda: '6' });
    r = adicionarProduto(r, { id: 'p1', multiplo_venda: '1' });
    expect(r.itens.map((l) => [l.produto_id, l.quantidade])).toEqual([
      ['p2', 12],
      ['p1', 1],
    ]);
    expect(removerLinha(r, 0).itens.map((l) => l.produto_id)).toEqual(['p1']);
  });

  it('a typed barcode finds the product (or its exact code)', () => {
    const ps = [
      { id: 'a', ean: '7891000100103', codigo: '001', ativo: true },
      { id: 'b', ean: '', codigo: '7891000100103', ativo: true },
      { id: 'c', ean: '7890000000000', codigo: '003', ativo: false },
    ];
    expect(produtoPorCodigo(ps, ' 7891000100103 ')?.id).toBe('a');
    expect(produtoPorCodigo(ps, '001')?.id).toBe('a');
    expect(produtoPorCodigo(ps, '7890000000000')).toBeUndefined();
  });

  it('reads a discount typed in pt-BR', () => {
    expect(lerPercentual('7,5')).toBe(7.5);
    expect(lerPercentual('10 %')).toBe(10);
    expect(lerPercentual('')).toBe(0);
    expect(lerPercentual('abc')).toBeNaN();
  });

  it('maps the pricing errors to their lines, and only sends what can be sent', () => {
    expect([...errosPorLinha([{ campo: 'itens[1].quantidade', descricao: 'Múltiplo 6.' }, { campo: 'condicao_id', descricao: 'x' }])]).toEqual([[1, 'Múltiplo 6.']]);
    const r = adicionarProduto(rascunhoVazio('x', 'c'), { id: 'p', multiplo_venda: '1' });
    expect(podeEnviar(r)).toBe(true);
    expect(podeEnviar({ ...r, tipo: 'orcamento' })).toBe(false);
    expect(podeEnviar({ ...r, cliente_id: '' })).toBe(false);
  });
});

describe('a line over the seller cap', () => {
  const acima = { motivo: 'DESCONTO_ACIMA_DO_LIMITE' as const, mensagem: 'Produto Café: desconto de 10% acima do limite de 5%.', produto_id: 'p1' };
  const saldo = { motivo: 'SALDO_FLEX_INSUFICIENTE' as const, mensagem: 'Verba flex insuficiente.' };
  it('goes to approval with its own reason, or with the flex balance when flex pays it', () => {
    expect(aprovacaoDaLinha([acima], { produto_id: 'p1', descontos: [] })).toEqual({ aprovacao: [acima.mensagem], flex: false });
    expect(aprovacaoDaLinha([acima], { produto_id: 'p2', descontos: [] }).aprovacao).toEqual([]);
    expect(aprovacaoDaLinha([saldo], { produto_id: 'p2', descontos: [{ origem: 'flex' }] })).toEqual({ aprovacao: ['Verba flex insuficiente.'], flex: true });
    expect(aprovacaoDaLinha([], { produto_id: 'p2', descontos: [{ origem: 'vendedor' }, { origem: 'flex' }] })).toEqual({ aprovacao: [], flex: true });
    expect(aprovacaoDaLinha([saldo], { produto_id: 'p2', descontos: [{ origem: 'vendedor' }] }).aprovacao).toEqual([]);
  });
});

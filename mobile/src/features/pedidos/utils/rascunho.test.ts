import { describe, expect, it } from 'vitest';
import { rascunhoVazio } from '../../../entities/pedido/previa';
import { adicionarProduto, aprovacaoDaLinha, ajustarAoMultiplo, errosPorLinha, lerPercentual, notaDoArredondamento, podeEnviar, produtoPorCodigo, removerLinha, repetirPedido } from './rascunho';

describe('the order being entered', () => {
  it('quantities follow the sales multiple', () => {
    expect(ajustarAoMultiplo(7, 6)).toBe(12);
    expect(ajustarAoMultiplo(12, 6)).toBe(12);
    expect(ajustarAoMultiplo(0, 6)).toBe(6);
    expect(ajustarAoMultiplo(3, 1)).toBe(3);
  });

  it('a quantity rounded up to the multiple says so; one left as typed says nothing', () => {
    expect(notaDoArredondamento(7, 12, 6)).toBe('Arredondado para 12 (múltiplo de 6).');
    expect(notaDoArredondamento(12, 12, 6)).toBe('');
    expect(notaDoArredondamento(0, 6, 6)).toBe('');
    expect(notaDoArredondamento(3, 3, 1)).toBe('');
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

describe('repeat the last order', () => {
  const produtos = new Map([
    ['a', { id: 'a', ativo: true, multiplo_venda: '6' }],
    ['b', { id: 'b', ativo: false, multiplo_venda: '1' }],
    ['d', { id: 'd', ativo: true, multiplo_venda: '1' }],
  ]);
  const ultimo = {
    condicao_id: 'boleto30',
    itens: [
      { produto_id: 'a', codigo: 'A1', descricao: 'Açúcar', quantidade: '10', desconto_percentual: 3, bonificacao: false },
      { produto_id: 'b', codigo: 'B1', descricao: 'Café', quantidade: '2', desconto_percentual: 0, bonificacao: false },
      { produto_id: 'c', codigo: 'C1', descricao: 'Chá', quantidade: '1', desconto_percentual: 0, bonificacao: false },
      { produto_id: 'd', codigo: 'D1', descricao: 'Doce', quantidade: '1', desconto_percentual: 0, bonificacao: true },
    ],
  } as unknown as Parameters<typeof repetirPedido>[1];

  it('brings the sellable items (quantities to the current multiple), the term, and names what it leaves out', () => {
    const { rascunho, fora } = repetirPedido(rascunhoVazio('n1', 'c1'), ultimo, (id) => produtos.get(id));
    expect(rascunho.itens).toEqual([
      { produto_id: 'a', quantidade: 12, desconto_percentual: 3, bonificacao: false },
      { produto_id: 'd', quantidade: 1, desconto_percentual: 0, bonificacao: true },
    ]);
    expect(rascunho.condicao_id).toBe('boleto30');
    expect(rascunho.id).toBe('n1');
    expect(fora).toEqual(['B1 Café (inativo)', 'C1 Chá (fora do catálogo)']);
  });

  it('keeps a term already chosen', () => {
    const r = { ...rascunhoVazio('n1', 'c1'), condicao_id: 'pix' };
    expect(repetirPedido(r, ultimo, (id) => produtos.get(id)).rascunho.condicao_id).toBe('pix');
  });
});

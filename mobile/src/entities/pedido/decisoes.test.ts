import { describe, expect, it } from 'vitest';
import type { Pedido } from '../../lib/api/types';
import { assinarDecisoes, avisarDecisoes, decisaoParaOVendedor } from './decisoes';

const pedido = (status: string, acao: string, por: string, observacao = '') =>
  ({
    id: 'p1',
    numero: '42',
    status,
    vendedor_id: 'v1',
    cliente: { nome: 'Mercado Bom Preço' },
    historico: [
      { acao: 'enviado', status: 'aguardando_aprovacao', por: 'v1', em: '2026-11-23T10:00:00Z', observacao: '' },
      { acao, status, por, em: '2026-11-23T11:00:00Z', observacao },
    ],
  }) as unknown as Pedido;

describe('the seller is told of a decision', () => {
  it('approved or rejected by the supervisor since the device saw it waiting', () => {
    expect(decisaoParaOVendedor({ status: 'aguardando_aprovacao' }, pedido('enviado', 'aprovado', 'sup'), 'v1')).toEqual({
      id: 'p1',
      aprovado: true,
      texto: 'Pedido Nº 42 (Mercado Bom Preço) aprovado.',
    });
    expect(decisaoParaOVendedor({ status: 'aguardando_aprovacao' }, pedido('reprovado', 'reprovado', 'sup', ' Desconto alto '), 'v1')?.texto).toBe(
      'Pedido Nº 42 (Mercado Bom Preço) reprovado: Desconto alto',
    );
  });

  it('nothing for a first copy, another seller, their own action or an order that was not waiting', () => {
    const aprovado = pedido('enviado', 'aprovado', 'sup');
    expect(decisaoParaOVendedor(undefined, aprovado, 'v1')).toBeNull();
    expect(decisaoParaOVendedor({ status: 'aguardando_aprovacao' }, aprovado, 'v2')).toBeNull();
    expect(decisaoParaOVendedor({ status: 'enviado' }, aprovado, 'v1')).toBeNull();
    expect(decisaoParaOVendedor({ status: 'aguardando_aprovacao' }, pedido('orcamento', 'reaberto', 'v1'), 'v1')).toBeNull();
    expect(decisaoParaOVendedor({ status: 'aguardando_aprovacao' }, pedido('enviado', 'aprovado', 'v1'), 'v1')).toBeNull();
  });

  it('reaches every listener until it unsubscribes', () => {
    const vistos: string[] = [];
    const parar = assinarDecisoes((d) => vistos.push(d.id));
    avisarDecisoes([{ id: 'a', aprovado: true, texto: '' }]);
    parar();
    avisarDecisoes([{ id: 'b', aprovado: true, texto: '' }]);
    expect(vistos).toEqual(['a']);
  });
});

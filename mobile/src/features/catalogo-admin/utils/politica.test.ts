import { describe, expect, it } from 'vitest';
import type { PoliticaComercial } from '../../../lib/api/types';
import { campoDaPolitica, daPolitica, pedidoDaPolitica, validarPolitica, type ValoresPolitica } from './politica';

const POLITICA = {
  empresa: 'demo',
  uf_origem: 'SP',
  flex_permitido: true,
  desconto_maximo_padrao_percentual: 5,
  vendedores: [{ id: 'v1', desconto_maximo_percentual: 7.5, saldo_flex_centavos: '50000', pedido_minimo_centavos: '0', verba_bonificacao_centavos: '30000' }],
  limites_grupo: [{ grupo: 'Bebidas', desconto_maximo_percentual: 3 }],
  promocoes: [{ id: 'p1', produto_id: '', grupo: 'Doces', percentual: 10, inicio: '2026-01-01', fim: '2027-12-31' }],
  descontos_volume: [{ id: 'd1', produto_id: '', grupo: '', quantidade_minima: '24', percentual: 3 }],
  motivos_bloqueantes: ['LIMITE_DE_CREDITO_EXCEDIDO'],
  versao: '4',
} as unknown as PoliticaComercial;

describe('the commercial policy form', () => {
  it('reads the policy into the form (reais and percentages with comma) and writes it back unchanged', () => {
    const v = daPolitica(POLITICA);
    expect(v.vendedores[0]).toEqual({ id: 'v1', desconto: '7,5', saldoFlex: '500,00', pedidoMinimo: '', verbaBonificacao: '300,00' });
    expect(v.bloqueios.LIMITE_DE_CREDITO_EXCEDIDO).toBe(true);
    expect(v.bloqueios.DESCONTO_ACIMA_DO_LIMITE).toBe(false);
    expect(v.descontosVolume[0].alvo).toBe('todos');
    expect(v.promocoes[0].alvo).toBe('grupo');
    expect(validarPolitica(v)).toEqual({});
    const p = pedidoDaPolitica(v, '4');
    expect(p).toEqual({
      versao: '4',
      uf_origem: 'SP',
      flex_permitido: true,
      simples_nacional: false,
      desconto_maximo_padrao_percentual: 5,
      vendedores: [{ id: 'v1', desconto_maximo_percentual: 7.5, saldo_flex_centavos: '50000', pedido_minimo_centavos: '0', verba_bonificacao_centavos: '30000' }],
      limites_grupo: [{ grupo: 'Bebidas', desconto_maximo_percentual: 3 }],
      promocoes: [{ id: 'p1', produto_id: '', grupo: 'Doces', percentual: 10, inicio: '2026-01-01', fim: '2027-12-31' }],
      descontos_volume: [{ id: 'd1', produto_id: '', grupo: '', quantidade_minima: '24', percentual: 3 }],
      motivos_bloqueantes: ['LIMITE_DE_CREDITO_EXCEDIDO'],
    });
  });

  it('the tax regime: a policy stored before the field is regime normal; Simples Nacional goes and comes back', () => {
    expect(daPolitica(POLITICA).simplesNacional).toBe(false);
    const v = daPolitica({ ...POLITICA, simples_nacional: true } as PoliticaComercial);
    expect(v.simplesNacional).toBe(true);
    expect(pedidoDaPolitica(v, '4').simples_nacional).toBe(true);
    expect(pedidoDaPolitica({ ...v, simplesNacional: false }, '4').simples_nacional).toBe(false);
    expect(campoDaPolitica('simples_nacional')).toBe('simplesNacional');
  });

  it('the server’s rules, at each line’s field', () => {
    const v: ValoresPolitica = {
      ...daPolitica(POLITICA),
      ufOrigem: 'XX',
      descontoPadrao: '101',
      vendedores: [
        { id: 'v1', desconto: '5', saldoFlex: '', pedidoMinimo: '-1', verbaBonificacao: '-5' },
        { id: 'v1', desconto: '5', saldoFlex: 'abc', pedidoMinimo: '', verbaBonificacao: '' },
      ],
      limitesGrupo: [{ grupo: ' ', desconto: '5' }],
      promocoes: [{ id: 'p', alvo: 'produto', produtoId: '', grupo: '', percentual: '100', inicio: '2027-01-01', fim: '2026-01-01' }],
      descontosVolume: [{ id: 'd', alvo: 'grupo', produtoId: '', grupo: '', quantidade: '0', percentual: '0' }],
    };
    expect(validarPolitica(v)).toEqual({
      ufOrigem: 'UF de origem inválida.',
      descontoPadrao: 'Desconto máximo deve ficar entre 0% e 100%.',
      'vendedores.0.pedidoMinimo': 'Pedido mínimo deve ser zero ou mais.',
      'vendedores.0.verbaBonificacao': 'Verba de bonificação deve ser zero ou mais.',
      'vendedores.1.id': 'Informe cada vendedor uma vez.',
      'vendedores.1.saldoFlex': 'Valor inválido: use só números, como 1.234,56.',
      'limitesGrupo.0.grupo': 'Informe o grupo do limite.',
      'promocoes.0.produtoId': 'Escolha o produto da promoção.',
      'promocoes.0.percentual': 'Percentual deve ser maior que 0% e menor que 100%.',
      'promocoes.0.fim': 'Datas da promoção devem ser AAAA-MM-DD, e o fim não antes do início.',
      'descontosVolume.0.grupo': 'Informe o grupo do desconto.',
      'descontosVolume.0.quantidade': 'Quantidade mínima deve ser 1 ou mais.',
      'descontosVolume.0.percentual': 'Percentual deve ser maior que 0% e menor que 100%.',
    });
  });

  it('a server field path lands on the form field', () => {
    expect(campoDaPolitica('vendedores[1].desconto_maximo_percentual')).toBe('vendedores.1.desconto');
    expect(campoDaPolitica('descontos_volume[0].quantidade_minima')).toBe('descontosVolume.0.quantidade');
    expect(campoDaPolitica('uf_origem')).toBe('ufOrigem');
  });
});

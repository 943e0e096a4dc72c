// The rules of the price table, price, payment term and ST rule forms: the server's limits and
// messages (services/sales/internal/domain cadastro.go, politica.go) and the payloads sent.
import { describe, expect, it } from 'vitest';
import type { CondicaoPagamento, TabelaPreco } from '../../../lib/api/types';
import { alteracaoDaCondicao, CONDICAO_VAZIA, daCondicao, descreverParcelas, lerParcelas, novaCondicao, validarCondicao } from './condicao';
import { dataValida } from './comum';
import { lerPreco } from './preco';
import { campoDaRegra, novaRegraSt, REGRA_VAZIA, resumoFiscal, validarRegraSt } from './regraSt';
import { alteracaoDaTabela, aQuemSeAplica, daTabela, TABELA_VAZIA, validarTabela, vigencia } from './tabela';

describe('price table', () => {
  it('name required, end not before start, discount from -100% to 100%', () => {
    expect(validarTabela({ ...TABELA_VAZIA, nome: 'Padrão' })).toEqual({});
    expect(validarTabela({ ...TABELA_VAZIA, nome: ' ', inicio: '2026-02-01', fim: '2026-01-31', desconto: '100,5' })).toEqual({
      nome: 'Informe o nome da tabela.',
      fim: 'Fim da validade não pode ser antes do início.',
      desconto: 'Desconto da tabela deve ficar entre -100% e 100%.',
    });
    expect(validarTabela({ ...TABELA_VAZIA, nome: 'X', inicio: '2026-02-30' }).inicio).toBe('Início da validade deve ser uma data AAAA-MM-DD.');
  });

  it('an edit sends what changed; a list emptied goes as limpar_*', () => {
    const t = { id: 't', nome: 'SP', padrao: false, validade_inicio: '', validade_fim: '', clientes: ['c1'], regioes: [], ufs: ['SP'], desconto_percentual: 0, versao: '2' } as unknown as TabelaPreco;
    expect(alteracaoDaTabela(t, { ...daTabela(t), clientes: [], ufs: ['SP', 'RJ'], desconto: '-2' })).toEqual({ versao: '2', limpar_clientes: true, ufs: ['SP', 'RJ'], desconto_percentual: -2 });
    expect(alteracaoDaTabela(t, { ...daTabela(t), ufs: ['SP'] })).toEqual({ versao: '2' });
  });
});

describe('a table in words', () => {
  it('validity and who it applies to', () => {
    expect(vigencia({ validade_inicio: '2026-01-01', validade_fim: '2026-12-31' })).toBe('01/01/2026 a 31/12/2026');
    expect(vigencia({ validade_inicio: '2026-01-01', validade_fim: '' })).toBe('a partir de 01/01/2026');
    expect(vigencia({ validade_inicio: '', validade_fim: '' })).toBe('sem prazo');
    expect(aQuemSeAplica({ padrao: true, clientes: ['a', 'b'], regioes: [], ufs: ['SP', 'PR'] })).toBe('Padrão da empresa · 2 cliente(s) · SP, PR');
    expect(aQuemSeAplica({ padrao: false, clientes: [], regioes: [], ufs: [] })).toBe('Nenhum cliente ainda');
  });
});

describe('price in a table (reais on screen, centavos on the wire)', () => {
  it.each([
    [{ preco: '12,90', minimo: '' }, { ok: true, preco_centavos: '1290', preco_minimo_centavos: '0' }],
    [{ preco: 'R$ 1.234,56', minimo: '1.000' }, { ok: true, preco_centavos: '123456', preco_minimo_centavos: '100000' }],
    [{ preco: '0', minimo: '' }, { ok: false, erros: { preco: 'Preço deve ser maior que zero.' } }],
    [{ preco: '10', minimo: '10,01' }, { ok: false, erros: { minimo: 'Preço mínimo deve ficar entre zero e o preço.' } }],
    [{ preco: '1,234', minimo: 'abc' }, { ok: false, erros: { preco: 'Valor inválido: use só números, como 1.234,56.', minimo: 'Valor inválido: use só números, como 1.234,56.' } }],
  ])('%j → %j', (v, r) => {
    expect(lerPreco(v)).toEqual(r);
  });
});

describe('payment term', () => {
  it('instalments as typed: 28/35/42, spaces or commas; empty is à vista', () => {
    expect(lerParcelas('28/35/42')).toEqual([28, 35, 42]);
    expect(lerParcelas('28 35, 42')).toEqual([28, 35, 42]);
    expect(lerParcelas('')).toEqual([0]);
    expect(lerParcelas('28/3x')).toBeNull();
    expect(descreverParcelas([0])).toBe('À vista');
    expect(descreverParcelas([30, 60])).toBe('30/60 dias');
  });

  it('the server’s rules and messages', () => {
    expect(validarCondicao({ ...CONDICAO_VAZIA, nome: '28 dias', parcelas: '28' })).toEqual({});
    expect(validarCondicao({ ...CONDICAO_VAZIA, nome: '', parcelas: '35/28', acrescimo: '-100', minimo: '-1' })).toEqual({
      nome: 'Informe o nome da condição.',
      parcelas: 'Parcelas em dias devem ir de 0 a 365, em ordem crescente (ex.: 28/35/42).',
      acrescimo: 'Acréscimo deve ficar entre -100% e 100%.',
      minimo: 'Valor mínimo deve ser zero ou mais.',
    });
    expect(validarCondicao({ ...CONDICAO_VAZIA, nome: 'x', parcelas: '400' }).parcelas).toMatch(/^Parcelas em dias/);
  });

  it('creates with the API’s types; an edit sends what changed and limpar_clientes for "every customer"', () => {
    expect(novaCondicao('id1', { ...CONDICAO_VAZIA, nome: 'PIX', parcelas: '0', forma: 'pix', acrescimo: '-2', minimo: '300,00' })).toEqual({
      id: 'id1',
      nome: 'PIX',
      parcelas_dias: [0],
      forma: 'pix',
      acrescimo_percentual: -2,
      valor_minimo_centavos: '30000',
      usa_limite_credito: false,
      ativo: true,
      clientes: [],
    });
    const c = { id: 'c', nome: '28/35/42', parcelas_dias: [28, 35, 42], forma: 'boleto', acrescimo_percentual: 1.5, valor_minimo_centavos: '30000', usa_limite_credito: true, clientes: ['x'], ativo: true, versao: '7' } as unknown as CondicaoPagamento;
    expect(daCondicao(c).minimo).toBe('300,00');
    expect(alteracaoDaCondicao(c, { ...daCondicao(c), clientes: [], acrescimo: '2' })).toEqual({ versao: '7', acrescimo_percentual: 2, limpar_clientes: true });
  });
});

describe('ICMS-ST rule', () => {
  it('the server’s rules and messages', () => {
    const ok = { ...REGRA_VAZIA, ncm: '2202', uf: 'MG', mva: '40', interna: '18', interestadual: '12' };
    expect(validarRegraSt(ok)).toEqual({});
    expect(validarRegraSt({ ...REGRA_VAZIA, ncm: '2', uf: 'XX', mva: '1001', interna: '100', interestadual: '-1', reducao: '7,555' })).toEqual({
      ncm: 'NCM da regra deve ter de 2 a 8 dígitos.',
      uf: 'UF XX inválida.',
      mva: 'MVA deve ficar entre 0% e 1000%.',
      interna: 'Alíquota interna deve ficar entre 0% e 100%.',
      interestadual: 'Alíquota interestadual deve ficar entre 0% e 100%.',
      reducao: 'Use um número com no máximo 2 casas decimais, como 7,5.',
    });
    expect(novaRegraSt('r', { ...ok, ncm: '2202.10', mva: '40,5' })).toEqual({
      id: 'r',
      ncm: '220210',
      uf: 'MG',
      mva_percentual: 40.5,
      aliquota_interna_percentual: 18,
      aliquota_interestadual_percentual: 12,
      reducao_base_percentual: 0,
      reducao_base_tipo: 'st',
      ajuste_mva: 'sempre',
      aliquota_intra_efetiva: false,
    });
  });

  it('the kind of reduction, the MVA adjustment and the effective ALQ intra (issue 22)', () => {
    const ok = { ...REGRA_VAZIA, ncm: '2202', uf: 'SP', mva: '40', interna: '18', interestadual: '12' };
    // Both need a reduction, as the server says.
    expect(validarRegraSt({ ...ok, tipoReducao: 'propria_e_st' })).toEqual({ reducao: 'Informe a redução da base que vale para a operação própria e a ST.' });
    expect(validarRegraSt({ ...ok, intraEfetiva: true, reducao: '0' })).toEqual({ intraEfetiva: 'A alíquota interna efetiva precisa de uma redução da base.' });
    expect(validarRegraSt({ ...ok, tipoReducao: 'x' as never, ajusteMva: 'y' as never })).toEqual({ tipoReducao: 'Escolha o tipo de redução.', ajusteMva: 'Escolha quando a MVA é ajustada.' });
    const v = { ...ok, reducao: '10', tipoReducao: 'propria_e_st' as const, ajusteMva: 'se_interna_maior' as const, intraEfetiva: true };
    expect(validarRegraSt(v)).toEqual({});
    expect(novaRegraSt('r', v)).toMatchObject({ reducao_base_percentual: 10, reducao_base_tipo: 'propria_e_st', ajuste_mva: 'se_interna_maior', aliquota_intra_efetiva: true });
    expect(campoDaRegra('ajuste_mva')).toBe('ajusteMva');
    expect(campoDaRegra('reducao_base_tipo')).toBe('tipoReducao');
    // The list: a rule from before the fields reads as the defaults (nothing more to say).
    expect(resumoFiscal({})).toEqual([]);
    expect(resumoFiscal({ reducao_base_tipo: 'st', ajuste_mva: 'sempre' })).toEqual([]);
    expect(resumoFiscal({ reducao_base_tipo: 'propria_e_st', ajuste_mva: 'nao', aliquota_intra_efetiva: true })).toEqual([
      'redução também na operação própria',
      'MVA original entre estados',
      'ALQ intra efetiva',
    ]);
  });

  it('dates that exist', () => {
    expect(dataValida('2028-02-29')).toBe(true);
    expect(dataValida('2026-02-29')).toBe(false);
    expect(dataValida('')).toBe(true);
  });
});

// The rules of the price table, price, payment term and ST rule forms: the server's limits and
// messages (services/sales/internal/domain cadastro.go, politica.go; the payment term's and the ST
// rule's from contracts/formularios.json, through the form kit) and the payloads sent.
import { describe, expect, it } from 'vitest';
import type { CondicaoPagamento, TabelaPreco } from '../../../lib/api/types';
import { FORMULARIO_CONDICAO_PAGAMENTO as CONDICAO, FORMULARIO_REGRA_ST as REGRA } from '../../../lib/contratos/formularios.gen';
import { alteracaoDe, lerInteiros, lerValores, novoDe, validarValores, valoresDe, valoresVazios } from '../../../lib/entidade/formulario';
import { descreverParcelas } from './condicao';
import { dataValida } from './comum';
import { lerPreco } from './preco';
import { resumoFiscal } from './regraSt';
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
  // The screen's new form (CondicoesPage: boleto, 0 %, active).
  const CONDICAO_VAZIA = valoresVazios(CONDICAO, { forma: 'boleto', acrescimo_percentual: '0', ativo: true });

  it('instalments as typed: 28/35/42, spaces or commas; empty is à vista', () => {
    expect(lerInteiros('28/35/42')).toEqual([28, 35, 42]);
    expect(lerInteiros('28 35, 42')).toEqual([28, 35, 42]);
    expect(lerValores(CONDICAO, { ...CONDICAO_VAZIA, parcelas_dias: '' }).payload.parcelas_dias).toEqual([0]);
    expect(lerInteiros('28/3x')).toBeNull();
    expect(descreverParcelas([0])).toBe('À vista');
    expect(descreverParcelas([30, 60])).toBe('30/60 dias');
  });

  it('the server’s rules and messages', () => {
    expect(validarValores(CONDICAO, { ...CONDICAO_VAZIA, nome: '28 dias', parcelas_dias: '28' })).toEqual({});
    expect(validarValores(CONDICAO, { ...CONDICAO_VAZIA, nome: '', parcelas_dias: '35/28', acrescimo_percentual: '-100', valor_minimo_centavos: '-1' })).toEqual({
      nome: 'Informe o nome da condição.',
      parcelas_dias: 'Parcelas em dias devem ir de 0 a 365, em ordem crescente (ex.: 28/35/42).',
      acrescimo_percentual: 'Acréscimo deve ficar entre -100% e 100%.',
      valor_minimo_centavos: 'Valor mínimo deve ser zero ou mais.',
    });
    expect(validarValores(CONDICAO, { ...CONDICAO_VAZIA, nome: 'x', parcelas_dias: '400' }).parcelas_dias).toMatch(/^Parcelas em dias/);
  });

  it('creates with the API’s types; an edit sends what changed and limpar_clientes for "every customer"', () => {
    expect(novoDe(CONDICAO, 'id1', { ...CONDICAO_VAZIA, nome: 'PIX', parcelas_dias: '0', forma: 'pix', acrescimo_percentual: '-2', valor_minimo_centavos: '300,00' })).toEqual({
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
    expect(valoresDe(CONDICAO, c).valor_minimo_centavos).toBe('300,00');
    expect(alteracaoDe(CONDICAO, c, { ...valoresDe(CONDICAO, c), clientes: [], acrescimo_percentual: '2' })).toEqual({ versao: '7', acrescimo_percentual: 2, limpar_clientes: true });
  });
});

describe('ICMS-ST rule', () => {
  // The screen's new form (RegrasStPage: no reduction, of the ST base only, MVA always adjusted).
  const REGRA_VAZIA = valoresVazios(REGRA, { reducao_base_percentual: '0', reducao_base_tipo: 'st', ajuste_mva: 'sempre' });

  it('the server’s rules and messages', () => {
    const ok = { ...REGRA_VAZIA, ncm: '2202', uf: 'MG', mva_percentual: '40', aliquota_interna_percentual: '18', aliquota_interestadual_percentual: '12' };
    expect(validarValores(REGRA, ok)).toEqual({});
    expect(
      validarValores(REGRA, { ...REGRA_VAZIA, ncm: '2', uf: 'XX', mva_percentual: '1001', aliquota_interna_percentual: '100', aliquota_interestadual_percentual: '-1', reducao_base_percentual: '7,555' }),
    ).toEqual({
      ncm: 'NCM da regra deve ter de 2 a 8 dígitos.',
      uf: 'UF XX inválida.',
      mva_percentual: 'MVA deve ficar entre 0% e 1000%.',
      aliquota_interna_percentual: 'Alíquota interna deve ficar entre 0% e 100%.',
      aliquota_interestadual_percentual: 'Alíquota interestadual deve ficar entre 0% e 100%.',
      reducao_base_percentual: 'Use um número com no máximo 2 casas decimais, como 7,5.',
    });
    expect(novoDe(REGRA, 'r', { ...ok, ncm: '2202.10', mva_percentual: '40,5' })).toEqual({
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
    const ok = { ...REGRA_VAZIA, ncm: '2202', uf: 'SP', mva_percentual: '40', aliquota_interna_percentual: '18', aliquota_interestadual_percentual: '12' };
    // Both need a reduction, as the server says.
    expect(validarValores(REGRA, { ...ok, reducao_base_tipo: 'propria_e_st' })).toEqual({ reducao_base_percentual: 'Informe a redução da base que vale para a operação própria e a ST.' });
    expect(validarValores(REGRA, { ...ok, aliquota_intra_efetiva: true, reducao_base_percentual: '0' })).toEqual({ aliquota_intra_efetiva: 'A alíquota interna efetiva precisa de uma redução da base.' });
    // A reduction typed wrong says so, and nothing of what depends on it.
    expect(validarValores(REGRA, { ...ok, aliquota_intra_efetiva: true, reducao_base_percentual: 'x' })).toEqual({ reducao_base_percentual: 'Use um número com no máximo 2 casas decimais, como 7,5.' });
    // Unknown kinds: the server's messages (one source, contracts/formularios.json).
    expect(validarValores(REGRA, { ...ok, reducao_base_tipo: 'x', ajuste_mva: 'y' })).toEqual({
      reducao_base_tipo: 'Tipo de redução deve ser st (só a base da ST) ou propria_e_st (operação própria e ST).',
      ajuste_mva: 'Ajuste da MVA deve ser sempre, se_interna_maior ou nao.',
    });
    const v = { ...ok, reducao_base_percentual: '10', reducao_base_tipo: 'propria_e_st', ajuste_mva: 'se_interna_maior', aliquota_intra_efetiva: true };
    expect(validarValores(REGRA, v)).toEqual({});
    expect(novoDe(REGRA, 'r', v)).toMatchObject({ reducao_base_percentual: 10, reducao_base_tipo: 'propria_e_st', ajuste_mva: 'se_interna_maior', aliquota_intra_efetiva: true });
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

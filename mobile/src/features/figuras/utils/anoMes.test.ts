import { describe, expect, it } from 'vitest';
import { diasDoMes, formatarMes, formatarMesCurto, somarMeses } from '../../../lib/format/date';
import { errosDoPeriodo, formatarVariacao, lerPor, linkDoMes, montarTabela, quantosMeses, ultimos12Meses, type LinhaAnoMes } from './anoMes';

describe('period math', () => {
  it('the default is the last 12 months, this one included, across a year', () => {
    expect(ultimos12Meses('2026-11-27')).toEqual({ de: '2025-12', ate: '2026-11' });
    expect(ultimos12Meses('2026-01-05')).toEqual({ de: '2025-02', ate: '2026-01' });
    expect(ultimos12Meses('2026-12-31')).toEqual({ de: '2026-01', ate: '2026-12' });
    expect(quantosMeses(ultimos12Meses('2026-03-10'))).toBe(12);
  });

  it('adds and subtracts months over year ends', () => {
    expect(somarMeses('2026-01', -1)).toBe('2025-12');
    expect(somarMeses('2025-12', 1)).toBe('2026-01');
    expect(somarMeses('2026-03', -12)).toBe('2025-03');
    expect(somarMeses('2026-03', -27)).toBe('2023-12');
  });

  it('names months and their days in pt-BR', () => {
    expect(formatarMes('2026-03')).toBe('março de 2026');
    expect(formatarMesCurto('2025-12')).toBe('dez/25');
    expect(formatarMes('2026-13')).toBe('');
    expect(diasDoMes('2024-02')).toEqual({ primeiro: '2024-02-01', ultimo: '2024-02-29' });
    expect(diasDoMes('2026-02').ultimo).toBe('2026-02-28');
    expect(diasDoMes('2026-12').ultimo).toBe('2026-12-31');
  });

  it('says in pt-BR what is wrong with a period, as the server would', () => {
    expect(errosDoPeriodo({ de: '2025-01', ate: '2026-12' })).toEqual({});
    expect(errosDoPeriodo({ de: '2024-12', ate: '2026-12' })).toEqual({ ate: 'O período deve ter no máximo 24 meses.' });
    expect(errosDoPeriodo({ de: '2026-05', ate: '2026-04' })).toEqual({ de: 'O mês inicial deve ser antes do mês final.' });
    expect(errosDoPeriodo({ de: '', ate: '2026-04' })).toEqual({ de: 'Informe o mês inicial.' });
    expect(errosDoPeriodo({ de: '2026-01', ate: '' })).toEqual({ ate: 'Informe o mês final.' });
  });

  it('reads the grouping, seller by default', () => {
    expect(lerPor('cliente')).toBe('cliente');
    expect(lerPor('grupo')).toBe('grupo');
    expect(lerPor('x')).toBe('vendedor');
    expect(lerPor(null)).toBe('vendedor');
  });
});

describe('the table', () => {
  const m = (mes: string, valor: number, variacao?: number) => ({ mes, valor_centavos: String(valor), pedidos: valor ? '1' : '0', variacao_ano_anterior: variacao });
  const linhas: LinhaAnoMes[] = [
    { chave: 'v1', nome: 'Ana', meses: [m('2026-01', 10000, 12.5), m('2026-02', 0, -100), m('2026-03', 2550)] },
    { chave: 'v2', nome: 'Bruno', meses: [m('2026-01', 1), m('2026-02', 99999), m('2026-03', 0)] },
  ];

  it('totals each row, each month and the whole', () => {
    const t = montarTabela(linhas, { de: '2026-01', ate: '2026-03' });
    expect(t.meses).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(t.linhas.map((l) => l.total)).toEqual([12550, 100000]);
    expect(t.totais).toEqual([10001, 99999, 2550]);
    expect(t.total).toBe(112550);
  });

  it('a month the period does not show adds to the row but not to a column', () => {
    const t = montarTabela([{ chave: 'v1', nome: 'Ana', meses: [m('2025-12', 7), m('2026-01', 3)] }], { de: '2026-01', ate: '2026-01' });
    expect(t.totais).toEqual([3]);
    expect(t.total).toBe(3);
  });

  it('shows the change with an arrow and a sign in words (not color only); none without a base', () => {
    expect(formatarVariacao(12.5, '2026-03')).toEqual({ texto: '▲ 12,5%', sentido: 'alta', descricao: 'alta de 12,5% sobre mar/25' });
    expect(formatarVariacao(-100, '2026-01')).toEqual({ texto: '▼ 100%', sentido: 'baixa', descricao: 'queda de 100% sobre jan/25' });
    expect(formatarVariacao(-3.07, '2026-02')?.texto).toBe('▼ 3,07%');
    expect(formatarVariacao(0.01, '2026-02')?.texto).toBe('▲ 0,01%');
    expect(formatarVariacao(0, '2026-02')).toEqual({ texto: '= 0%', sentido: 'igual', descricao: 'igual a fev/25' });
    expect(formatarVariacao(undefined, '2026-02')).toBeNull();
    expect(formatarVariacao(null, '2026-02')).toBeNull();
  });

  it("a cell leads to its month's orders of the row's seller or customer; a group has none", () => {
    expect(linkDoMes('vendedor', 'v1', '2026-03', '')).toBe('/crm-vendas-pedidos?mes=2026-03&vendedor=v1');
    expect(linkDoMes('cliente', 'c9', '2026-03', 'v1')).toBe('/crm-vendas-pedidos?mes=2026-03&vendedor=v1&cliente=c9');
    expect(linkDoMes('cliente', 'c9', '2026-03', '')).toBe('/crm-vendas-pedidos?mes=2026-03&cliente=c9');
    expect(linkDoMes('grupo', 'Bebidas', '2026-03', 'v1')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  alvoDoFormulario,
  alvoParaFormulario,
  formatarNaUnidade,
  larguraDaBarra,
  mesAnterior,
  metasDoAparelho,
  nomeDoMes,
  realizadoDeAlvo,
  situacao,
  TIPOS_META,
  totaisDaEquipe,
} from './metas';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('metas', () => {
  it('formata na unidade do tipo', () => {
    expect(nbsp(formatarNaUnidade('valor', '150050'))).toBe('R$ 1.500,50');
    expect(formatarNaUnidade('quantidade', '1234')).toBe('1.234 un.');
    expect(formatarNaUnidade('positivacao', 6550)).toBe('65,5%');
    expect(formatarNaUnidade('peso', '1250500')).toBe('1.250,5 kg');
  });

  it('meta de visitas: "12 de 40 visitas", as comprovadas ao lado, o que falta e a soma da equipe', () => {
    expect(TIPOS_META.map((t) => t.value)).toContain('visitas');
    expect(formatarNaUnidade('visitas', '1')).toBe('1 visita');
    expect(formatarNaUnidade('visitas', '1200')).toBe('1.200 visitas');
    expect(realizadoDeAlvo({ tipo: 'visitas', realizado: '12', alvo: '40', verificadas: '10' })).toBe('12 de 40 visitas · 10 comprovadas');
    expect(realizadoDeAlvo({ tipo: 'visitas', realizado: '1', alvo: '1', verificadas: '1' })).toBe('1 de 1 visita · 1 comprovada');
    expect(realizadoDeAlvo({ tipo: 'visitas', realizado: 12, alvo: 40 })).toBe('12 de 40 visitas');
    expect(realizadoDeAlvo({ tipo: 'quantidade', realizado: '5', alvo: '10' })).toBe('5 un. de 10 un.');
    expect(situacao({ tipo: 'visitas', alvo: '40', realizado: '12' })).toBe('Falta 28 visitas');
    expect(alvoDoFormulario('visitas', '40')).toBe('40');
    expect(alvoDoFormulario('visitas', '4,5')).toBeNull();
    const m = { grupo: '', regiao_id: '', cliente_id: '', tipo: 'visitas' };
    expect(totaisDaEquipe([{ ...m, vendedor_id: 'v1', alvo: '40', realizado: '12' }, { ...m, vendedor_id: 'v2', alvo: '20', realizado: '20' }])).toEqual([
      { tipo: 'visitas', alvo: 60, realizado: 32, vendedores: 2, percentual: 53.33 },
    ]);
  });

  it('lê a meta de peso em kg (até 3 casas) e a devolve em kg', () => {
    expect(alvoDoFormulario('peso', '1.250,5')).toBe('1250500');
    expect(alvoDoFormulario('peso', '0,125 kg')).toBe('125');
    expect(alvoDoFormulario('peso', '300')).toBe('300000');
    expect(alvoDoFormulario('peso', '1,2345')).toBeNull();
    expect(alvoDoFormulario('peso', '0')).toBeNull();
    expect(alvoParaFormulario('peso', '1250500')).toBe('1.250,5');
  });

  it('sem conexão: as metas do aparelho do mês e do vendedor, com o último realizado buscado', () => {
    const locais = [
      { id: 'a', mes: '2026-05', vendedor_id: 'v1', excluido: false, realizado: '0', percentual: 0 },
      { id: 'b', mes: '2026-05', vendedor_id: 'v2', excluido: false, realizado: '0', percentual: 0 },
      { id: 'c', mes: '2026-04', vendedor_id: 'v1', excluido: false, realizado: '0', percentual: 0 },
      { id: 'd', mes: '2026-05', vendedor_id: 'v1', excluido: true, realizado: '0', percentual: 0 },
      { id: 'e', mes: '2026-05', vendedor_id: 'v1', excluido: false, realizado: '0', percentual: 0 },
    ];
    const r = metasDoAparelho(locais, '2026-05', 'v1', [{ id: 'a', realizado: '800', percentual: 80 }]);
    expect(r.metas.map((m) => [m.id, m.realizado, m.percentual])).toEqual([
      ['a', '800', 80],
      ['e', '0', 0],
    ]);
    expect(r.semRealizado).toEqual(['e']);
    expect(metasDoAparelho(locais, '2026-05', '', []).metas.map((m) => m.id)).toEqual(['a', 'b', 'e']);
  });

  it('lê a meta do formulário na unidade da API', () => {
    expect(alvoDoFormulario('valor', '15.000,00')).toBe('1500000');
    expect(alvoDoFormulario('valor', 'R$ 10')).toBe('1000');
    expect(alvoDoFormulario('positivacao', '65,5')).toBe('6550');
    expect(alvoDoFormulario('quantidade', '1.200')).toBe('1200');
    expect(alvoDoFormulario('quantidade', '1,5')).toBeNull();
    expect(alvoDoFormulario('valor', '0')).toBeNull();
    expect(alvoDoFormulario('valor', 'abc')).toBeNull();
    expect(alvoDoFormulario('positivacao', '-3')).toBeNull();
  });

  it('volta a meta da API para o formulário', () => {
    expect(alvoParaFormulario('valor', '150050')).toBe('1.500,50');
    expect(alvoParaFormulario('positivacao', '6550')).toBe('65,5');
    expect(alvoParaFormulario('quantidade', '12')).toBe('12');
  });

  it('a barra vai de 0 a 100', () => {
    expect(larguraDaBarra(-5)).toBe(0);
    expect(larguraDaBarra(Number.NaN)).toBe(0);
    expect(larguraDaBarra(42.5)).toBe(42.5);
    expect(larguraDaBarra(180)).toBe(100);
  });

  it('diz o que falta ou que a meta foi atingida', () => {
    expect(nbsp(situacao({ tipo: 'valor', alvo: '10000', realizado: '8000' }))).toBe('Falta R$ 20,00');
    expect(situacao({ tipo: 'quantidade', alvo: 5, realizado: 7 })).toBe('Meta atingida');
  });

  it('a meta da equipe é a soma das metas dos vendedores (sem recortes, sem positivação)', () => {
    const m = (vendedor_id: string, tipo: string, alvo: number, realizado: number, grupo = '') => ({ vendedor_id, tipo, alvo, realizado, grupo, cliente_id: '', regiao_id: '' });
    const t = totaisDaEquipe([
      m('v1', 'valor', 10000, 8000),
      m('v2', 'valor', 5000, 7000),
      m('v1', 'valor', 100, 100, 'Café'),
      m('v1', 'positivacao', 6000, 5000),
      m('v2', 'positivacao', 6000, 7000),
      m('v1', 'quantidade', 10, 5),
    ]);
    expect(t).toEqual([{ tipo: 'valor', alvo: 15000, realizado: 15000, vendedores: 2, percentual: 100 }]);
  });

  it('meses', () => {
    expect(mesAnterior('2026-01')).toBe('2025-12');
    expect(mesAnterior('2026-11')).toBe('2026-10');
    expect(nomeDoMes('2026-03')).toBe('março de 2026');
  });
});

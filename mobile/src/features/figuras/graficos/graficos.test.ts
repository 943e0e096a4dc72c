import { describe, expect, it } from 'vitest';
import { mesesAte, montarGrupos, montarMensal, montarRanking, rotuloCurto, variacao } from './graficos';
import type { LinhaAnoMes } from '../utils/anoMes';

const linha = (chave: string, valores: Record<string, number>): LinhaAnoMes => ({
  chave,
  nome: chave,
  meses: Object.entries(valores).map(([mes, v]) => ({ mes, valor_centavos: String(v), pedidos: '1' })),
});

describe('graficos', () => {
  it('the 12 months to this one, across a year', () => {
    expect(mesesAte('2026-03')).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });

  it('sums the sellers per month, places each goal on its month and the same month a year before', () => {
    const m = montarMensal(
      [linha('v1', { '2025-03': 500, '2026-03': 1000, '2026-02': 200 }), linha('v2', { '2026-03': 300, '2025-02': 50 })],
      [
        { mes: '2026-03', meta_centavos: '2000' },
        { mes: '2026-01', meta_centavos: '0' },
      ],
      '2026-03',
    );
    expect(m.meses).toHaveLength(12);
    expect(m.vendido.slice(-2)).toEqual([200, 1300]);
    expect(m.meta.slice(-3)).toEqual([0, 0, 2000]);
    expect(m.anoAnterior.slice(-2)).toEqual([50, 500]);
    expect(m.temMeta).toBe(true);
    // The month of a year before the first shown is not a shown month.
    expect(m.vendido.reduce((a, b) => a + b, 0)).toBe(1500);
    expect(montarMensal([], [], '2026-03').temMeta).toBe(false);
  });

  it('groups: largest first, the rest past the limit as "Outros grupos", shares of the total', () => {
    const ls = ['A', 'B', 'C', 'D'].map((g, i) => linha(g, { '2026-01': (i + 1) * 100, '2026-02': (i + 1) * 100 }));
    ls.push(linha('Vazio', { '2026-01': 0 }));
    const g = montarGrupos(ls, 3);
    expect(g.map((x) => [x.nome, x.valor])).toEqual([
      ['D', 800],
      ['C', 600],
      ['Outros grupos', 600],
    ]);
    expect(g.map((x) => x.parte)).toEqual([40, 30, 30]);
    expect(montarGrupos(ls).map((x) => x.nome)).toEqual(['D', 'C', 'B', 'A']);
  });

  it('ranking in numbers, names or ids', () => {
    expect(montarRanking([{ vendedor_id: 'v1', nome: '', vendido_centavos: '1500', meta_centavos: '1000', percentual: 150 }])).toEqual([
      { vendedor_id: 'v1', nome: 'v1', vendido: 1500, meta: 1000, percentual: 150 },
    ]);
  });

  it('short labels and the change without a base', () => {
    expect(rotuloCurto('Ana Maria')).toBe('Ana');
    expect(rotuloCurto('Refrigerantes e sucos')).toBe('Refriger…');
    expect(variacao(150, 100)).toBe(50);
    expect(variacao(10, 0)).toBeNull();
  });
});

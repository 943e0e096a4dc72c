// The `graficos` screen's figures, as pure functions over what GET /crm/vendas/ano-mes and
// GET /crm/painel answer: the months' sales against the goal, the same months a year before, the
// product groups' totals and the team's ranking — each as the series a chart draws and the rows
// of its data table (the charts' text alternative).
import { somarMeses } from '../../../lib/format/date';
import type { LinhaAnoMes } from '../utils/anoMes';

/** The months the screen shows: the 12 to this one. */
export const MESES_GRAFICOS = 12;
/** Groups drawn one by one; the rest are summed as "Outros grupos". */
export const MAX_GRUPOS = 8;
/** Sellers drawn in the ranking chart (every one is in its table). */
export const MAX_RANKING = 8;

export interface MetaDoMes {
  mes: string;
  meta_centavos: string;
}

export interface Mensal {
  meses: string[];
  /** Per month (centavos): sold, the goal, and the same month a year before. */
  vendido: number[];
  meta: number[];
  anoAnterior: number[];
  /** Whether any month has a goal (else the goal line is left out). */
  temMeta: boolean;
}

/** The 12 months to `ate` ("AAAA-MM"), oldest first. */
export function mesesAte(ate: string, n = MESES_GRAFICOS): string[] {
  return Array.from({ length: n }, (_, i) => somarMeses(ate, i - n + 1));
}

/** The sum of every line's value per month ("AAAA-MM" → centavos). */
function somaPorMes(linhas: readonly LinhaAnoMes[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of linhas) for (const m of l.meses) out.set(m.mes, (out.get(m.mes) ?? 0) + (Number(m.valor_centavos) || 0));
  return out;
}

/**
 * The months to `ate` from a by-seller answer of 24 months (lines summed: one seller or the whole
 * scope): sold, the goal of each month, and sold in the same month a year before.
 */
export function montarMensal(linhas: readonly LinhaAnoMes[], metas: readonly MetaDoMes[], ate: string): Mensal {
  const meses = mesesAte(ate);
  const soma = somaPorMes(linhas);
  const metaDe = new Map(metas.map((m) => [m.mes, Number(m.meta_centavos) || 0]));
  const meta = meses.map((m) => metaDe.get(m) ?? 0);
  return {
    meses,
    vendido: meses.map((m) => soma.get(m) ?? 0),
    meta,
    anoAnterior: meses.map((m) => soma.get(somarMeses(m, -12)) ?? 0),
    temMeta: meta.some((v) => v > 0),
  };
}

export interface Fatia {
  nome: string;
  valor: number;
  /** Share of the total, in percent. */
  parte: number;
}

/** The groups' totals over the period, largest first; past MAX_GRUPOS the rest as one "Outros grupos". */
export function montarGrupos(linhas: readonly LinhaAnoMes[], max = MAX_GRUPOS): Fatia[] {
  const totais = linhas
    .map((l) => ({ nome: l.nome || l.chave, valor: l.meses.reduce((a, m) => a + (Number(m.valor_centavos) || 0), 0) }))
    .filter((g) => g.valor !== 0)
    .sort((a, b) => b.valor - a.valor || a.nome.localeCompare(b.nome, 'pt-BR'));
  const total = totais.reduce((a, g) => a + g.valor, 0);
  const grupos = totais.length > max ? [...totais.slice(0, max - 1), { nome: 'Outros grupos', valor: totais.slice(max - 1).reduce((a, g) => a + g.valor, 0) }] : totais;
  return grupos.map((g) => ({ ...g, parte: total ? (g.valor * 100) / total : 0 }));
}

export interface LinhaRankingGrafico {
  vendedor_id: string;
  nome: string;
  vendido: number;
  meta: number;
  /** Of the goal, in percent (0 without a goal). */
  percentual: number;
}

/** The ranking as the server orders it (best achievement first), in numbers. */
export function montarRanking(
  ranking: readonly { vendedor_id?: string; nome?: string; vendido_centavos?: string | number; meta_centavos?: string | number; percentual?: number }[],
): LinhaRankingGrafico[] {
  return ranking.map((l) => ({
    vendedor_id: l.vendedor_id ?? '',
    nome: l.nome || l.vendedor_id || '',
    vendido: Number(l.vendido_centavos) || 0,
    meta: Number(l.meta_centavos) || 0,
    percentual: l.percentual ?? 0,
  }));
}

/** A name short enough for a 360 px chart's axis: the first word, at most `max` characters. */
export function rotuloCurto(nome: string, max = 9): string {
  const w = nome.trim().split(/\s+/)[0] ?? '';
  return w.length > max ? `${w.slice(0, max - 1)}…` : w;
}

/** The change of `atual` against `antes` in percent (null without a base). */
export function variacao(atual: number, antes: number): number | null {
  if (!antes) return null;
  return ((atual - antes) * 100) / antes;
}

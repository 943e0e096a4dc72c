// The year × month table of `vendas-ano-mes`, as pure functions: the period, the totals, the
// change against the same month a year before as the user reads it, and where a cell leads.
import { formatarMesCurto, mesValido, somarMeses } from '../../../lib/format/date';
import { percentualParaTexto } from '../../../lib/format/percentual';

export const AGRUPAMENTOS = [
  { valor: 'vendedor', rotulo: 'Vendedor' },
  { valor: 'grupo', rotulo: 'Grupo' },
  { valor: 'cliente', rotulo: 'Cliente' },
] as const;
export type Por = (typeof AGRUPAMENTOS)[number]['valor'];

export function lerPor(s: string | null | undefined): Por {
  return AGRUPAMENTOS.some((a) => a.valor === s) ? (s as Por) : 'vendedor';
}

/** The server's limit (services/sales vendas_ano_mes.go). */
export const MAX_MESES = 24;

export interface Periodo {
  de: string;
  ate: string;
}

/** The default period: the last 12 months, the current one (of `hoje`, "AAAA-MM-DD") included. */
export function ultimos12Meses(hoje: string): Periodo {
  const ate = hoje.slice(0, 7);
  return { de: somarMeses(ate, -11), ate };
}

/** How many months from de to ate, both included (0 when ate comes first). */
export function quantosMeses({ de, ate }: Periodo): number {
  const n = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5));
  return Math.max(0, n(ate) - n(de) + 1);
}

/** What is wrong with a period, in pt-BR, by field (empty when it can be asked for). */
export function errosDoPeriodo(p: Periodo): Partial<Record<keyof Periodo, string>> {
  if (!mesValido(p.de)) return { de: 'Informe o mês inicial.' };
  if (!mesValido(p.ate)) return { ate: 'Informe o mês final.' };
  if (p.de > p.ate) return { de: 'O mês inicial deve ser antes do mês final.' };
  if (quantosMeses(p) > MAX_MESES) return { ate: `O período deve ter no máximo ${MAX_MESES} meses.` };
  return {};
}

export interface MesDaLinha {
  mes: string;
  valor_centavos: string;
  pedidos: string;
  variacao_ano_anterior?: number | null;
}
export interface LinhaAnoMes {
  chave: string;
  nome: string;
  meses: MesDaLinha[];
}

export interface Tabela {
  meses: string[];
  linhas: (LinhaAnoMes & { total: number })[];
  /** Per month, over the rows. */
  totais: number[];
  total: number;
}

/** The table: every row with its total, the months' totals and the grand total (centavos). */
export function montarTabela(linhas: readonly LinhaAnoMes[], periodo: Periodo): Tabela {
  const meses: string[] = [];
  for (let m = periodo.de; m <= periodo.ate && meses.length < MAX_MESES; m = somarMeses(m, 1)) meses.push(m);
  const indice = new Map(meses.map((m, i) => [m, i]));
  const totais = meses.map(() => 0);
  const out = linhas.map((l) => {
    let total = 0;
    for (const x of l.meses) {
      const v = Number(x.valor_centavos || 0);
      total += v;
      const i = indice.get(x.mes);
      if (i !== undefined) totais[i] += v;
    }
    return { ...l, total };
  });
  return { meses, linhas: out, totais, total: totais.reduce((a, b) => a + b, 0) };
}

export interface Variacao {
  /** "▲ 12,5%", "▼ 3%", "= 0%". */
  texto: string;
  sentido: 'alta' | 'baixa' | 'igual';
  /** For a screen reader: "alta de 12,5% sobre mar/25". */
  descricao: string;
}

/** The change against the same month a year before; null when that month sold nothing (no base). */
export function formatarVariacao(v: number | null | undefined, mes: string): Variacao | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  const base = formatarMesCurto(somarMeses(mes, -12));
  const t = `${percentualParaTexto(Math.abs(v)) || '0'}%`;
  if (v > 0) return { texto: `▲ ${t}`, sentido: 'alta', descricao: `alta de ${t} sobre ${base}` };
  if (v < 0) return { texto: `▼ ${t}`, sentido: 'baixa', descricao: `queda de ${t} sobre ${base}` };
  return { texto: '= 0%', sentido: 'igual', descricao: `igual a ${base}` };
}

/**
 * The orders behind a cell (crm-vendas-pedidos ?mes=): the row's seller or customer, within the
 * seller being looked at. A product group has no orders filter: null.
 */
export function linkDoMes(por: Por, chave: string, mes: string, vendedor: string): string | null {
  const q = new URLSearchParams({ mes });
  if (por === 'grupo') return null;
  if (por === 'vendedor') q.set('vendedor', chave);
  else {
    if (vendedor) q.set('vendedor', vendedor);
    q.set('cliente', chave);
  }
  return `/crm-vendas-pedidos?${q.toString()}`;
}

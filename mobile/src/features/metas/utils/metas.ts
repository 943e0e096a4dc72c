// The goals screen's rules (crm-metas), apart from the screen so vitest checks them: how a goal's
// target and achievement read in its unit (BRL for valor, units, % for positivação), what the
// form's target field becomes on the wire, the bar's width and the team's total (the sum of its
// sellers' goals: team goals are not stored).
import { formatarMoeda, reaisParaCentavos } from '../../../lib/format/money';
import { formatarPercentual, lerPercentual } from '../../../lib/format/percentual';

export type TipoMeta = 'valor' | 'quantidade' | 'peso' | 'positivacao' | 'visitas';

/** The kinds a goal may have. */
export const TIPOS_META: readonly { value: TipoMeta; label: string }[] = [
  { value: 'valor', label: 'Valor vendido (R$)' },
  { value: 'quantidade', label: 'Quantidade (unidades)' },
  { value: 'peso', label: 'Peso (kg)' },
  { value: 'positivacao', label: 'Positivação (% da carteira)' },
  { value: 'visitas', label: 'Visitas (check-ins no mês)' },
];

export const NOMES_TIPOS: Record<string, string> = { valor: 'Valor', quantidade: 'Quantidade', positivacao: 'Positivação', peso: 'Peso', visitas: 'Visitas' };

const unidades = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const quilos = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A figure in the goal's unit: R$ for valor (centavos), "1.234 un." for quantidade, "1.250,5 kg" for peso (grams), "65,5%" for positivação (hundredths), "12 visitas" for visitas. */
export function formatarNaUnidade(tipo: string, v: string | number | null | undefined): string {
  const n = Number(v ?? 0);
  if (tipo === 'valor') return formatarMoeda(v);
  if (tipo === 'visitas') return `${unidades.format(n)} ${n === 1 ? 'visita' : 'visitas'}`;
  if (tipo === 'positivacao') return formatarPercentual(n / 100);
  if (tipo === 'peso') return `${quilos.format(n / 1000)} kg`;
  return `${unidades.format(n)} un.`;
}

/** "1.250,5" kg (at most 3 decimals; "." groups thousands) → grams as a string; null when unreadable. */
export function quilosParaGramas(texto: string): string | null {
  const m = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,3}))?$/.exec(texto.trim().replace(/\s*kg$/i, ''));
  if (!m) return null;
  return String(BigInt(m[1].replace(/\./g, '')) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0')));
}

/** The form's target ("15.000,00", "120", "1.250,5", "65,5") → the API's alvo (centavos, units, grams, hundredths); null when unreadable or ≤ 0. */
export function alvoDoFormulario(tipo: string, texto: string): string | null {
  let v: string | null;
  if (tipo === 'valor') v = reaisParaCentavos(texto);
  else if (tipo === 'peso') v = quilosParaGramas(texto);
  else if (tipo === 'positivacao') {
    const p = lerPercentual(texto);
    v = p === null ? null : String(Math.round(p * 100));
  } else v = /^\s*\d{1,15}\s*$/.test(texto.replace(/\./g, '')) ? texto.replace(/[.\s]/g, '') : null;
  if (v === null || BigInt(v) <= 0n) return null;
  return v;
}

/** The API's alvo → the form's text. */
export function alvoParaFormulario(tipo: string, alvo: string | number): string {
  const n = Number(alvo);
  if (tipo === 'valor') return (n / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (tipo === 'positivacao') return (n / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  if (tipo === 'peso') return (n / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  return String(n);
}

/** The message of an unreadable target, by kind. */
export function mensagemAlvo(tipo: string): string {
  if (tipo === 'valor') return 'Informe a meta em reais, maior que zero (ex.: 15.000,00).';
  if (tipo === 'positivacao') return 'Informe a meta em %, maior que zero e até 100 (ex.: 65,5).';
  if (tipo === 'peso') return 'Informe a meta em kg, maior que zero, com no máximo 3 casas decimais (ex.: 1.250,5).';
  if (tipo === 'visitas') return 'Informe a meta em visitas, um número inteiro maior que zero (ex.: 40).';
  return 'Informe a meta em unidades, um número inteiro maior que zero.';
}

/**
 * The achievement against the target in the goal's unit: "12 de 40 visitas · 10 comprovadas" for
 * visitas (the verified check-ins beside the visits done, when given), "R$ 80,00 de R$ 100,00" for
 * the others.
 */
export function realizadoDeAlvo(m: { tipo: string; alvo: string | number; realizado: string | number; verificadas?: string | number }): string {
  if (m.tipo === 'visitas') {
    const feitas = `${unidades.format(Number(m.realizado))} de ${formatarNaUnidade(m.tipo, m.alvo)}`;
    if (m.verificadas === undefined) return feitas;
    const v = Number(m.verificadas);
    return `${feitas} · ${unidades.format(v)} ${v === 1 ? 'comprovada' : 'comprovadas'}`;
  }
  return `${formatarNaUnidade(m.tipo, m.realizado)} de ${formatarNaUnidade(m.tipo, m.alvo)}`;
}

/** The bar's filled width in % (0..100; over 100 % stays full). */
export function larguraDaBarra(percentual: number): number {
  if (!Number.isFinite(percentual) || percentual <= 0) return 0;
  return Math.min(100, percentual);
}

/** "Atingida", "Falta R$ 20,00", … */
export function situacao(m: { tipo: string; alvo: string | number; realizado: string | number }): string {
  const falta = Number(m.alvo) - Number(m.realizado);
  if (falta <= 0) return 'Meta atingida';
  return `Falta ${formatarNaUnidade(m.tipo, falta)}`;
}

interface MetaSomavel {
  vendedor_id: string;
  tipo: string;
  grupo: string;
  cliente_id: string;
  regiao_id: string;
  alvo: string | number;
  realizado: string | number;
}

/**
 * The team's goal per kind: the sum of its sellers' whole-portfolio goals (no group, region or
 * customer cut) of value, quantity and visits, with the sum of their achievement; positivação is not
 * summed (a ratio of different portfolios).
 */
export function totaisDaEquipe(metas: readonly MetaSomavel[]): { tipo: string; alvo: number; realizado: number; vendedores: number; percentual: number }[] {
  const por = new Map<string, { alvo: number; realizado: number; vendedores: Set<string> }>();
  for (const m of metas) {
    if (m.grupo || m.cliente_id || m.regiao_id || (m.tipo !== 'valor' && m.tipo !== 'quantidade' && m.tipo !== 'visitas')) continue;
    const t = por.get(m.tipo) ?? { alvo: 0, realizado: 0, vendedores: new Set<string>() };
    t.alvo += Number(m.alvo);
    t.realizado += Number(m.realizado);
    t.vendedores.add(m.vendedor_id);
    por.set(m.tipo, t);
  }
  return [...por.entries()]
    .filter(([, t]) => t.vendedores.size > 1)
    .map(([tipo, t]) => ({ tipo, alvo: t.alvo, realizado: t.realizado, vendedores: t.vendedores.size, percentual: t.alvo > 0 ? Math.round((t.realizado * 10000) / t.alvo) / 100 : 0 }));
}

/** The month before "AAAA-MM" (the default source of a copy). */
export function mesAnterior(mes: string): string {
  const [a, m] = mes.split('-').map(Number);
  const d = new Date(Date.UTC(a, m - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "2026-03" → "março de 2026". */
export function nomeDoMes(mes: string): string {
  const [a, m] = mes.split('-').map(Number);
  if (!a || !m) return mes;
  return new Date(Date.UTC(a, m - 1, 15)).toLocaleDateString('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

interface MetaGuardada {
  id: string;
  mes?: string;
  vendedor_id?: string;
  excluido?: boolean;
}

/**
 * Offline: the goals the device keeps for the month (of one seller, or all: the feed is already the
 * operator's scope), each with the achievement of the last answer fetched for that month and
 * seller (by id; a goal created since has none: realizado 0), ordered like the server's list.
 * `semRealizado` lists the goals the last answer did not have.
 */
export function metasDoAparelho<M extends MetaGuardada>(
  locais: readonly M[],
  mes: string,
  vendedor: string,
  ultimas: readonly { id: string; realizado: string | number; percentual: number }[],
): { metas: (M & { realizado: string; percentual: number })[]; semRealizado: string[] } {
  const por = new Map(ultimas.map((m) => [m.id, m]));
  const semRealizado: string[] = [];
  const metas = locais
    .filter((m) => !m.excluido && m.mes === mes && (!vendedor || m.vendedor_id === vendedor))
    .map((m) => {
      const u = por.get(m.id);
      if (!u) semRealizado.push(m.id);
      return { ...m, realizado: String(u?.realizado ?? '0'), percentual: Number(u?.percentual ?? 0) };
    });
  return { metas, semRealizado };
}

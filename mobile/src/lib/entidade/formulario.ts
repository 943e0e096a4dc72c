// The form of a simple entity from its one declaration of rules (contracts/formularios.json,
// generated into lib/contratos/formularios.gen.ts and, for the server, into the domain's Validar):
// the form's values (each field as typed, keyed by the API's field), the zod schema that refuses
// what the server refuses with the same pt-BR message, the create payload, the edit's "only what
// changed", and a record back into the form. What a field's kind says:
//   texto: a string, normalized as the server does (trim, case, accents, dots);
//   inteiros: numbers typed as "28/35/42" (spaces, commas or slashes);
//   percentual: "7,5" → 7.5 (at most 2 decimals); centavos: reais "1.234,56" → "123456";
//   lista: a list of ids (an edit that empties it sends limpar_<campo>); booleano: a checkbox;
//   inteiro: a whole number typed; objetos: a list of records (the screen's field array), each
//   item's fields texto or booleano, an item's error at "<campo>.<i>.<item's field>".
import * as z from 'zod/mini';
import { centavosParaReais, MSG_REAIS, reaisParaCentavos } from '../format/money';
import { lerPercentual, MSG_PERCENTUAL, percentualParaTexto } from '../format/percentual';
import { ACENTOS, type CampoFormulario, type Formulario, type Normalizacao, type RegraCampo } from '../contratos/formularios.gen';

export type { CampoFormulario, CasoFormulario, Formulario } from '../contratos/formularios.gen';

/** An item of an objetos field as typed, by the API's names. */
export type ItemFormulario = Record<string, string | boolean>;

/** The form's values: each field as typed, by the API's name. */
export type ValoresFormulario = Record<string, string | boolean | string[] | ItemFormulario[]>;

const NORMALIZAR: Record<Normalizacao, (s: string) => string> = {
  aparar: (s) => s.trim(),
  minusculas: (s) => s.toLowerCase(),
  maiusculas: (s) => s.toUpperCase(),
  sem_acentos: (s) => [...s].map((l) => ACENTOS[l] ?? l).join(''),
  sem_pontos_espacos: (s) => s.replace(/[. ]/g, ''),
  espacos: (s) => s.split(/\s+/).filter(Boolean).join(' '),
};

/** An API value normalized as the server does (its normalizarFormulario). */
export function normalizarValor(c: CampoFormulario, v: unknown): unknown {
  if (c.tipo === 'texto') {
    const s = (c.normalizar ?? []).reduce((x, n) => NORMALIZAR[n](x), String(v ?? ''));
    return s === '' && typeof c.vazio === 'string' ? c.vazio : s;
  }
  if (c.tipo === 'objetos') {
    const itens = (v as Record<string, unknown>[] | undefined) ?? [];
    return itens.map((it) => Object.fromEntries((c.itens?.campos ?? []).map((i) => [i.campo, normalizarValor(i, it[i.campo])])));
  }
  if (c.tipo === 'inteiros' || c.tipo === 'lista') {
    const l = (v as unknown[] | undefined) ?? [];
    return l.length === 0 && Array.isArray(c.vazio) ? [...c.vazio] : l;
  }
  if (c.tipo === 'centavos') return String(v ?? '0');
  if (c.tipo === 'booleano') return Boolean(v);
  return Number(v ?? 0);
}

/** "28/35/42", "28 35, 42" → days; null when a part is not a whole number; empty → []. */
export function lerInteiros(texto: string): number[] | null {
  const partes = texto.split(/[\s/,;]+/).filter(Boolean);
  if (!partes.every((p) => /^\d{1,4}$/.test(p))) return null;
  return partes.map(Number);
}

/** An inteiro field's message for text that is not a whole number: formato, else its range's. */
const formatoInteiro = (c: CampoFormulario) => c.formato ?? c.regras?.find((r) => r.min !== undefined || r.max !== undefined)?.mensagem ?? 'Informe um número inteiro.';

/** A field as typed → its API value, or the message for text not of its kind. */
function lerCampo(c: CampoFormulario, v: ValoresFormulario[string] | undefined): { valor: unknown } | { erro: string } {
  switch (c.tipo) {
    case 'inteiro': {
      const t = String(v ?? '').trim();
      return /^\d{1,15}$/.test(t) ? { valor: Number(t) } : { erro: formatoInteiro(c) };
    }
    case 'inteiros': {
      const l = lerInteiros(String(v ?? ''));
      return l ? { valor: l } : { erro: c.formato ?? MSG_PERCENTUAL };
    }
    case 'percentual': {
      const p = lerPercentual(String(v ?? ''));
      return p === null ? { erro: c.formato ?? MSG_PERCENTUAL } : { valor: p };
    }
    case 'centavos': {
      const r = reaisParaCentavos(String(v ?? ''));
      return r === null ? { erro: c.formato ?? MSG_REAIS } : { valor: r };
    }
    default:
      return { valor: v };
  }
}

/** An API value → the field as typed. */
function paraTexto(c: CampoFormulario, v: unknown): ValoresFormulario[string] {
  switch (c.tipo) {
    case 'inteiros':
      return ((v as number[] | undefined) ?? []).join('/');
    case 'percentual':
      return percentualParaTexto((v as number | undefined) ?? 0);
    case 'centavos':
      return v && v !== '0' ? centavosParaReais(v as string) : '';
    case 'lista':
      return [...((v as string[] | undefined) ?? [])];
    case 'objetos':
      return ((v as Record<string, unknown>[] | undefined) ?? []).map(
        (it) => Object.fromEntries((c.itens?.campos ?? []).map((i) => [i.campo, paraTexto(i, it[i.campo])])) as ItemFormulario,
      );
    case 'inteiro':
      return v === undefined || v === null ? '' : String(v);
    case 'booleano':
      return Boolean(v);
    default:
      return String(v ?? '');
  }
}

const numero = (c: CampoFormulario, v: unknown, n: number) => (c.tipo === 'centavos' ? Number(BigInt(v as string) - BigInt(n)) : (v as number) - n);

/** Whether rule r of field c fails, over the normalized payload p. */
function falha(c: CampoFormulario, r: RegraCampo, p: Record<string, unknown>): boolean {
  const v = p[c.campo];
  const itens = c.tipo === 'inteiros' ? (v as number[]) : [v];
  const fora = (x: unknown) =>
    (r.min !== undefined && (r.min_exclusivo ? numero(c, x, r.min) <= 0 : numero(c, x, r.min) < 0)) ||
    (r.max !== undefined && (r.max_exclusivo ? numero(c, x, r.max) >= 0 : numero(c, x, r.max) > 0));
  return (
    (r.obrigatorio === true && (Array.isArray(v) ? v.length === 0 : v === '')) ||
    (r.max_caracteres !== undefined && [...String(v)].length > r.max_caracteres) ||
    (r.regex !== undefined && !new RegExp(r.regex, 'u').test(String(v))) ||
    (r.em_opcoes === true && !(c.vazio !== undefined && v === '') && !c.opcoes?.some((o) => o.valor === v)) ||
    ((r.min !== undefined || r.max !== undefined) && itens.some(fora)) ||
    (r.crescente === true && (v as number[]).some((d, i, l) => i > 0 && d <= l[i - 1])) ||
    (r.max_itens !== undefined && (v as unknown[]).length > r.max_itens) ||
    (r.se !== undefined && p[r.se.campo] === r.se.igual && p[r.nao_zero ?? c.campo] === 0)
  );
}

const mensagemDe = (r: RegraCampo, v: unknown) => r.mensagem.replace('{valor}', String(v));

/**
 * An objetos field's items: each item's first failing rule (its fields' rules in order, a field the
 * server makes checked only once it has a value, then a repeated unico field, shown at the item's
 * first unico field) at "<campo>.<i>.<field>".
 */
function validarItens(c: CampoFormulario, itens: Record<string, unknown>[], erros: Record<string, string>) {
  const campos = c.itens?.campos ?? [];
  const vazio = (i: CampoFormulario, it: Record<string, unknown>) => i.gerado !== undefined && it[i.campo] === '';
  const vistos = new Set<string>();
  itens.forEach((it, n) => {
    let erro: [string, string] | undefined;
    for (const i of campos) {
      const r = vazio(i, it) ? undefined : i.regras?.find((r) => falha(i, r, it));
      if (r) {
        erro = [i.campo, mensagemDe(r, it[i.campo])];
        break;
      }
    }
    const unicos = campos.filter((i) => i.unico);
    const chaves = unicos.filter((i) => !vazio(i, it)).map((i) => `${i.campo}\u0000${i.unico === 'sem_caixa' ? String(it[i.campo]).toLowerCase() : String(it[i.campo])}`);
    if (!erro && chaves.some((k) => vistos.has(k)) && c.itens?.repetido) {
      const repetido = c.itens.repetido;
      erro = [unicos[0].campo, campos.reduce((m, i) => m.replaceAll(`{${i.campo}}`, String(it[i.campo])), repetido)];
    }
    chaves.forEach((k) => vistos.add(k));
    if (erro) erros[`${c.campo}.${n}.${erro[0]}`] = erro[1];
  });
}

/**
 * The form's rules over an API payload (normalized first, as the server does): each refused field
 * with its first failing rule's message. Rules reading a field in `sem` (typed wrong) are skipped.
 */
export function validarPayload(f: Formulario, payload: Record<string, unknown>, sem: ReadonlySet<string> = new Set()): Record<string, string> {
  const p: Record<string, unknown> = {};
  for (const c of f.campos) p[c.campo] = normalizarValor(c, payload[c.campo]);
  const erros: Record<string, string> = {};
  for (const c of f.campos) {
    if (sem.has(c.campo)) continue;
    const r = c.regras?.find((r) => !(r.se && (sem.has(r.se.campo) || sem.has(r.nao_zero ?? ''))) && falha(c, r, p));
    if (r) erros[c.campo] = mensagemDe(r, p[c.campo]);
    if (c.itens) validarItens(c, p[c.campo] as Record<string, unknown>[], erros);
  }
  return erros;
}

/** The form's values → the API's fields (normalized) and the messages of the fields typed wrong. */
export function lerValores(f: Formulario, v: ValoresFormulario): { payload: Record<string, unknown>; erros: Record<string, string> } {
  const payload: Record<string, unknown> = {};
  const erros: Record<string, string> = {};
  for (const c of f.campos) {
    const r = lerCampo(c, v[c.campo]);
    if ('erro' in r) erros[c.campo] = r.erro;
    else payload[c.campo] = normalizarValor(c, r.valor);
  }
  return { payload, erros };
}

/** The form's messages: a field typed wrong says so; the rest, the server's rules. */
export function validarValores(f: Formulario, v: ValoresFormulario): Record<string, string> {
  const { payload, erros } = lerValores(f, v);
  return { ...validarPayload(f, payload, new Set(Object.keys(erros))), ...erros };
}

const esquemas = new WeakMap<Formulario, ReturnType<typeof criarEsquema>>();

function criarEsquema(f: Formulario) {
  return z.custom<ValoresFormulario>().check(
    z.superRefine((v, ctx) => {
      for (const [campo, message] of Object.entries(validarValores(f, v))) ctx.addIssue({ code: 'custom', path: campo.split('.'), message });
    }),
  );
}

/** The zod schema of the form (its issues at the API's field names), one per contract. */
export function esquemaDe(f: Formulario) {
  let e = esquemas.get(f);
  if (!e) esquemas.set(f, (e = criarEsquema(f)));
  return e;
}

/** Reais typed, shown formatted ("1.234,56"); null when not a positive amount. */
export function formatarReais(texto: string): string | null {
  const c = reaisParaCentavos(texto);
  return c !== null && c !== '0' && !c.startsWith('-') ? centavosParaReais(c) : null;
}

/** An empty form: each field empty (its kind's), then `iniciais`. */
export function valoresVazios(f: Formulario, iniciais: Partial<ValoresFormulario> = {}): ValoresFormulario {
  const v: ValoresFormulario = {};
  for (const c of f.campos) v[c.campo] = c.tipo === 'lista' || c.tipo === 'objetos' ? [] : c.tipo === 'booleano' ? false : '';
  return { ...v, ...(iniciais as ValoresFormulario) };
}

/** A record into the form. */
export function valoresDe(f: Formulario, r: object): ValoresFormulario {
  const v: ValoresFormulario = {};
  for (const c of f.campos) v[c.campo] = paraTexto(c, (r as Record<string, unknown>)[c.campo]);
  return v;
}

/** A create request: the client's id and every field. */
export const novoDe = (f: Formulario, id: string, v: ValoresFormulario) => ({ id, ...lerValores(f, v).payload });

/** An edit: the record's versao and the fields that changed; a list emptied sends limpar_<campo>. */
export function alteracaoDe(f: Formulario, r: { versao?: unknown }, v: ValoresFormulario): Record<string, unknown> {
  const novos = lerValores(f, v).payload;
  const antes = lerValores(f, valoresDe(f, r)).payload;
  const out: Record<string, unknown> = { versao: r.versao };
  for (const c of f.campos) {
    const [a, b] = [novos[c.campo], antes[c.campo]];
    const mudou =
      c.tipo === 'lista'
        ? [...(a as string[])].sort().join('\u0000') !== [...(b as string[])].sort().join('\u0000')
        : c.tipo === 'objetos'
          ? JSON.stringify(a) !== JSON.stringify(b)
          : String(a) !== String(b);
    if (!mudou) continue;
    if (c.tipo === 'lista' && (a as string[]).length === 0) out[`limpar_${c.campo}`] = true;
    else out[c.campo] = a;
  }
  return out;
}

/** A field's options for a select ({ value, label }: the label, else the value). */
export function opcoesDe(f: Formulario, campo: string): { value: string; label: string }[] {
  return (f.campos.find((c) => c.campo === campo)?.opcoes ?? []).map((o) => ({ value: o.valor, label: o.rotulo ?? o.valor }));
}

/** The list's default filters the contract declares: each a select of its field's options, "all" ('') first. */
export function filtrosDe(f: Formulario): { nome: string; rotulo: string; nomeHtml: string; opcoes: { value: string; label: string }[] }[] {
  return (f.filtros ?? []).map((x) => ({ nome: x.campo, rotulo: x.rotulo, nomeHtml: `filtro-${x.campo}`, opcoes: [{ value: '', label: x.todos }, ...opcoesDe(f, x.campo)] }));
}

/** A field's range (its first rule with min or max), for a help text: "De 10 a 50.000 metros." */
export function faixaDe(f: Formulario, campo: string): { min?: number; max?: number } {
  const r = f.campos.find((c) => c.campo === campo)?.regras?.find((r) => r.min !== undefined || r.max !== undefined);
  return { min: r?.min, max: r?.max };
}

/** An objetos field's item field's longest text (its max_caracteres rule). */
export function maxCaracteresDoItem(f: Formulario, campo: string, item: string): number | undefined {
  return f.campos.find((c) => c.campo === campo)?.itens?.campos.find((i) => i.campo === item)?.regras?.find((r) => r.max_caracteres)?.max_caracteres;
}

/** A field's kind. */
export const tipoDe = (f: Formulario, campo: string) => f.campos.find((c) => c.campo === campo)?.tipo;

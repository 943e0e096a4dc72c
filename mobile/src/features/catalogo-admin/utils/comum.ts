// What the catalogue's forms share: reais and percentages typed with the pt-BR comma, dates,
// states, and the "only what changed" of a PATCH.
import { MSG_REAIS, reaisParaCentavos } from '../../../lib/format/money';
import { lerPercentual, MSG_PERCENTUAL } from '../../../lib/format/percentual';

export { MSG_PERCENTUAL, MSG_REAIS };

/** The 27 federative units (the server's domain.UFs). */
export const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

/** Reais typed → centavos (int64 string), or null with the message to show. */
export function lerReais(valor: string): { centavos: string; erro: '' } | { centavos: null; erro: string } {
  const c = reaisParaCentavos(valor);
  return c === null ? { centavos: null, erro: MSG_REAIS } : { centavos: c, erro: '' };
}

/** A percentage typed, checked within [min, max] (exclusive bounds when asked). */
export function erroPercentual(valor: string, min: number, max: number, msg: string, { minExclusivo = false, maxExclusivo = false } = {}): string {
  const p = lerPercentual(valor);
  if (p === null) return MSG_PERCENTUAL;
  if (minExclusivo ? p <= min : p < min) return msg;
  if (maxExclusivo ? p >= max : p > max) return msg;
  return '';
}

/** "AAAA-MM-DD" that exists (or empty). */
export function dataValida(d: string): boolean {
  if (!d) return true;
  const m = d.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!m) return false;
  const dt = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return dt.getUTCFullYear() === +m[1] && dt.getUTCMonth() === +m[2] - 1 && dt.getUTCDate() === +m[3];
}

/** "2026-01-31" → "31/01/2026". */
export const dataBr = (d: string) => (d ? d.split('-').reverse().join('/') : '');

/** Two lists hold the same values (order ignored). */
export const mesmaLista = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** Runes, as the server counts. */
export const caracteres = (s: string) => [...s].length;

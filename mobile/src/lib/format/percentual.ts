// Percentages as the sales API takes them: JSON numbers with at most 2 decimals (7.5 = 7,5 %),
// read and written exactly from the text (services/sales domain.ParsePercentual: "7,5", "7.5",
// "-3", "+2"). On screen with the pt-BR comma.

/** What a form says of a percentage it cannot read. */
export const MSG_PERCENTUAL = 'Use um número com no máximo 2 casas decimais, como 7,5.';

/** 7.5 → "7,5"; -3 → "-3"; 12.25 → "12,25" (for an input field). */
export function percentualParaTexto(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '';
  const centesimos = Math.round(p * 100);
  const neg = centesimos < 0;
  const a = Math.abs(centesimos);
  const int = Math.floor(a / 100);
  const frac = a % 100;
  const dec = frac === 0 ? '' : `,${String(frac).padStart(2, '0').replace(/0$/, '')}`;
  return `${neg ? '-' : ''}${int}${dec}`;
}

/** 7.5 → "7,5%". */
export function formatarPercentual(p: number | null | undefined): string {
  const t = percentualParaTexto(p ?? 0);
  return `${t || '0'}%`;
}

/**
 * What the user typed ("7,5", "7.5", "-3", "+2", "10 %") → the number the API takes; '' → 0;
 * null when it is not a number with at most 2 decimals.
 */
export function lerPercentual(valor: string): number | null {
  let s = valor.replace(/[\s%]/g, '');
  if (!s) return 0;
  let neg = false;
  if (s.startsWith('-')) [neg, s] = [true, s.slice(1)];
  else if (s.startsWith('+')) s = s.slice(1);
  const m = s.replace(',', '.').match(/^(\d{1,12})(?:\.(\d*))?$/);
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > 2) return null;
  const centesimos = Number(m[1]) * 100 + Number((frac + '00').slice(0, 2));
  const n = centesimos / 100;
  return neg && n !== 0 ? -n : n;
}

// Dates (SPEC §9): a date is shifted by the time-zone offset before formatting, so a date-only
// value ('2026-03-01', read as UTC midnight) shows as that same day in Brazil.

const TZ = 'America/Sao_Paulo';
// Built once: a new Intl.DateTimeFormat costs about a millisecond on a phone, and screens format
// on every render.
const DATA_HORA = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DIA_HORA = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const ISO = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

export function deslocarFuso(date: Date): Date {
  return new Date(date.getTime() + date.getTimezoneOffset() * 60_000);
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** dd/mm/aaaa of a date-only value, shifted by the offset. '' when invalid. */
export function formatarData(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return deslocarFuso(d).toLocaleDateString('pt-BR');
}

/** dd/mm/aaaa hh:mm of an instant (a Timestamp), in America/Sao_Paulo. '' when invalid. */
export function formatarDataHora(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return DATA_HORA.format(d);
}

/** dd/mm hh:mm of an instant in America/Sao_Paulo (the cached-data banner). '' when invalid. */
export function formatarDiaHora(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(DIA_HORA.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month} ${p.hour}:${p.minute}`;
}

/** YYYY-MM-DD of today in America/Sao_Paulo (file names; the date a draft is priced on). */
export function hojeIso(agora = new Date()): string {
  return ISO.format(agora);
}

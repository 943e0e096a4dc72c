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

// Months ("AAAA-MM", as the sales figures and their summaries name them).
const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** Whether s is a month "AAAA-MM". */
export function mesValido(s: string | null | undefined): s is string {
  return !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);
}

/** "2026-03" → "março de 2026" ('' when invalid). */
export function formatarMes(mes: string): string {
  if (!mesValido(mes)) return '';
  return `${MESES[Number(mes.slice(5)) - 1]} de ${mes.slice(0, 4)}`;
}

/** "2026-03" → "mar/26" (a table's column) ('' when invalid). */
export function formatarMesCurto(mes: string): string {
  if (!mesValido(mes)) return '';
  return `${MESES[Number(mes.slice(5)) - 1].slice(0, 3)}/${mes.slice(2, 4)}`;
}

/** The month n months after (n < 0: before) "AAAA-MM". */
export function somarMeses(mes: string, n: number): string {
  const total = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5)) - 1 + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The first and the last day ("AAAA-MM-DD") of a month "AAAA-MM". */
export function diasDoMes(mes: string): { primeiro: string; ultimo: string } {
  const dias = new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5)), 0)).getUTCDate();
  return { primeiro: `${mes}-01`, ultimo: `${mes}-${String(dias).padStart(2, '0')}` };
}

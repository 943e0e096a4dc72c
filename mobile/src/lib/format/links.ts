// Links that act on a contact: call, WhatsApp, e-mail.
import { digitos } from './digitos';


/** tel: with the number's digits (a leading + kept for international numbers). */
export function linkTelefone(numero: string | null | undefined): string | null {
  const d = digitos(numero);
  if (d.length < 8) return null;
  return `tel:${d.length >= 12 && d.startsWith('55') ? '+' : ''}${d}`;
}

/** A Brazilian mobile number: area code (DDD, two digits 1–9) and 9 digits starting with 9. */
function celularBrasileiro(d: string): boolean {
  return /^[1-9]{2}9\d{8}$/.test(d);
}

/**
 * https://wa.me/55<DDD><number>, only for a Brazilian mobile number (11 digits: DDD and a number
 * starting with 9; with 55 in front, 13): WhatsApp is not offered for landlines or for a number
 * without the DDD (null).
 */
export function linkWhatsApp(numero: string | null | undefined): string | null {
  const d = digitos(numero);
  if (d.length === 11 && celularBrasileiro(d)) return `https://wa.me/55${d}`;
  if (d.length === 13 && d.startsWith('55') && celularBrasileiro(d.slice(2))) return `https://wa.me/${d}`;
  return null;
}

export function linkEmail(email: string | null | undefined): string | null {
  const e = String(email ?? '').trim();
  return e.includes('@') ? `mailto:${e}` : null;
}

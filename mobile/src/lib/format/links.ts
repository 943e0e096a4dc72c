// Links that act on a contact: call, WhatsApp, e-mail.
import { digitos } from './digitos';


/** tel: with the number's digits (a leading + kept for international numbers). */
export function linkTelefone(numero: string | null | undefined): string | null {
  const d = digitos(numero);
  if (d.length < 8) return null;
  return `tel:${d.length >= 12 && d.startsWith('55') ? '+' : ''}${d}`;
}

/**
 * https://wa.me/<digits>: a number with area code (10 or 11 digits) gets Brazil's 55; one
 * already with 55 (12 or 13 digits) stays; others cannot be reached (null).
 */
export function linkWhatsApp(numero: string | null | undefined): string | null {
  const d = digitos(numero);
  if (d.length === 10 || d.length === 11) return `https://wa.me/55${d}`;
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return `https://wa.me/${d}`;
  return null;
}

export function linkEmail(email: string | null | undefined): string | null {
  const e = String(email ?? '').trim();
  return e.includes('@') ? `mailto:${e}` : null;
}

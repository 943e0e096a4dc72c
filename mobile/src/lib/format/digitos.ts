/** The digits of a text ("(11) 98765-4321" → "11987654321"); '' for null or undefined. */
export function digitos(v: string | null | undefined): string {
  return String(v ?? '').replace(/\D/g, '');
}

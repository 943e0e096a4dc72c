// CPF and CNPJ: the server's rule (services/customer/internal/domain/documento.go), one rule on
// both sides (contracts/clientes-validacao.json). Punctuation: only ". - /" and spaces; any other
// character (=, _, commas…) refuses the document instead of being cleaned away. The CNPJ may be
// alphanumeric (RFB, from July 2026): 12 characters 0-9/A-Z, each worth its code minus 48, and
// two numeric check digits. A CPF is valid by its two check digits, all-equal digits excepted
// (no list of "example" CPFs: 123.456.789-09 is valid, as the server always took it).

export const SEPARADORES_DOCUMENTO = '.-/ ';

/** The message for characters other than digits, letters and the separators; '' when none. */
export function erroCaracteresDocumento(valor: string): string {
  const c = [...valor.trim()].find((r) => !/[0-9A-Za-z]/.test(r) && !SEPARADORES_DOCUMENTO.includes(r));
  return c === undefined ? '' : `Documento inválido: o caractere '${c}' não é aceito (use números, letras, . - / e espaços).`;
}

/** Digits and letters A-Z, upper-cased (after erroCaracteresDocumento). */
export function normalizarDoc(valor: string): string {
  return valor.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

const todosIguais = (s: string) => [...s].every((c) => c === s[0]);

/** A CPF (normalized, 11 digits) by its check digits. */
export function cpfValidoServidor(d: string): boolean {
  if (!/^\d{11}$/.test(d) || todosIguais(d)) return false;
  let v = d.slice(0, 9);
  for (const n of [9, 10]) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Number(v[i]) * (n + 1 - i);
    v += String(((s * 10) % 11) % 10);
  }
  return v === d;
}

/** A CNPJ (normalized, 14 characters, alphanumeric base) by its check digits. */
export function cnpjValidoServidor(d: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(d) || todosIguais(d)) return false;
  let v = d.slice(0, 12);
  for (const n of [12, 13]) {
    let s = 0;
    let w = 2;
    for (let i = n - 1; i >= 0; i--) {
      s += (v.charCodeAt(i) - 48) * w;
      w = w === 9 ? 2 : w + 1;
    }
    const dv = 11 - (s % 11);
    v += String(dv >= 10 ? 0 : dv);
  }
  return v === d;
}

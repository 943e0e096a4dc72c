// CPF/CNPJ (SPEC §5), with the alphanumeric CNPJ (RFB Nota Técnica 49/2024, in force since
// July 2026) through cpf-cnpj-validator.
import { cnpj, cpf } from 'cpf-cnpj-validator';

export const DOCUMENTO_INVALIDO = 'Documento inválido';

/** Digits and letters A-Z only, upper-cased. */
export function normalizarDocumento(value: string | null | undefined): string {
  return String(value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

const CPF_SHAPE = /^\d{11}$/;
// 12 alphanumeric positions and 2 numeric check digits.
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

/** 11 digits → CPF mask, 14 positions → CNPJ mask, otherwise 'Documento inválido'. */
export function formatarDocumento(value: string | null | undefined): string {
  const v = normalizarDocumento(value);
  if (CPF_SHAPE.test(v)) return cpf.format(v);
  if (CNPJ_SHAPE.test(v)) return cnpj.format(v);
  return DOCUMENTO_INVALIDO;
}

export function cpfValido(value: string): boolean {
  return cpf.isValid(value);
}

export function cnpjValido(value: string): boolean {
  return cnpj.isValid(value);
}

export type TipoPessoa = 'FISICA' | 'PJ';

/** Whether a CPF (FISICA) or CNPJ (PJ) is valid, check digits included. */
export function documentoValido(value: string, tipo?: TipoPessoa): boolean {
  const v = normalizarDocumento(value);
  if (tipo === 'FISICA') return cpfValido(v);
  if (tipo === 'PJ') return cnpjValido(v);
  return v.length === 11 ? cpfValido(v) : cnpjValido(v);
}

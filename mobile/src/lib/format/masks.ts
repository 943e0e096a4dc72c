// Input masks applied while typing (SPEC §5): document (FISICA or PJ), CEP, phone (two variants).
import { normalizarDocumento, type TipoPessoa } from './document';
import { digitos } from './digitos';

/** Applies a pattern where 9 stands for a digit and A for a digit or letter. */
export function aplicarMascara(value: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= value.length) break;
    if (p === '9' || p === 'A') {
      out += value[i++];
    } else {
      out += p;
    }
  }
  return out;
}


export function mascaraCep(value: string): string {
  return aplicarMascara(digitos(value).slice(0, 8), '99999-999');
}

/** FISICA: CPF 999.999.999-99. PJ: CNPJ AA.AAA.AAA/AAAA-99 (alphanumeric). */
export function mascaraDocumento(value: string, tipo: TipoPessoa): string {
  if (tipo === 'FISICA') return aplicarMascara(digitos(value).slice(0, 11), '999.999.999-99');
  let v = normalizarDocumento(value).slice(0, 14);
  // The last two positions (check digits) are always numeric.
  if (v.length > 12) v = v.slice(0, 12) + digitos(v.slice(12));
  return aplicarMascara(v, 'AA.AAA.AAA/AAAA-99');
}

export type VarianteTelefone = 'celular' | 'fixo';

/** celular: (99) 99999-9999; fixo: (99) 9999-9999. */
export function mascaraTelefone(value: string, variante: VarianteTelefone = 'celular'): string {
  if (variante === 'fixo') return aplicarMascara(digitos(value).slice(0, 10), '(99) 9999-9999');
  return aplicarMascara(digitos(value).slice(0, 11), '(99) 99999-9999');
}

// Phone formatting by digit count (SPEC §5, §9).
import { digitos } from './digitos';

export const TELEFONE_INVALIDO = 'Número de telefone inválido';


/**
 * 13 digits, or 12 starting with 55 → +55 (DD) NNNNN-NNNN / +55 (DD) NNNN-NNNN;
 * 12 → (0DD) NNNNN-NNNN (leading long-distance 0); 11 → (DD) NNNNN-NNNN;
 * 10 → (DD) NNNN-NNNN; 9 → NNNNN-NNNN; 8 → NNNN-NNNN; otherwise 'Número de telefone inválido'.
 */
export function formatarTelefone(value: string | number | null | undefined): string {
  const d = digitos(String(value ?? ''));
  if (d.length === 13) return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d.slice(4, 9)}-${d.slice(9)}`;
  if (d.length === 12 && d.startsWith('55')) return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d.slice(4, 8)}-${d.slice(8)}`;
  switch (d.length) {
    case 12:
      return `(${d.slice(0, 3)}) ${d.slice(3, 8)}-${d.slice(8)}`;
    case 11:
      return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
    case 10:
      return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
    case 9:
      return `${d.slice(0, 5)}-${d.slice(5)}`;
    case 8:
      return `${d.slice(0, 4)}-${d.slice(4)}`;
    default:
      return TELEFONE_INVALIDO;
  }
}

// Money is integer centavos on the wire (int64, a string in JSON); shown as BRL.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatarMoeda(centavos: number | string | bigint | null | undefined): string {
  if (centavos === null || centavos === undefined || centavos === '') return brl.format(0);
  const n = typeof centavos === 'bigint' ? Number(centavos) : Number(centavos);
  return brl.format(Number.isFinite(n) ? n / 100 : 0);
}

/**
 * Reais typed by the user ("1.234,56", "1234.5", "R$ 10") → centavos as the API's int64 string;
 * null when it is not a number.
 */
export function reaisParaCentavos(valor: string): string | null {
  let v = valor.replace(/[R$\s]/g, '');
  if (!v) return '0';
  if (v.includes(',')) v = v.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(v)) v = v.replace(/\./g, '');
  if (!/^-?\d+(\.\d{0,2})?$/.test(v)) return null;
  const [int, dec = ''] = v.replace('-', '').split('.');
  const c = BigInt(int) * 100n + BigInt((dec + '00').slice(0, 2));
  return (v.startsWith('-') ? -c : c).toString();
}

/** What a form says of reais it cannot read. */
export const MSG_REAIS = 'Valor inválido: use só números, como 1.234,56.';

/** Centavos (int64 string) → "1.234,56" for an input field. */
export function centavosParaReais(centavos: string | number | null | undefined): string {
  const n = Number(centavos ?? 0);
  if (!Number.isFinite(n)) return '';
  return (n / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const brlCurto = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** Centavos as a chart's axis reads them: "R$ 12,5 mil", "R$ 1,2 mi". */
export function formatarMoedaCurta(centavos: number | string | null | undefined): string {
  const n = Number(centavos ?? 0);
  return brlCurto.format(Number.isFinite(n) ? n / 100 : 0);
}

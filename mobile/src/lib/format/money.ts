// Money is integer centavos on the wire (int64, a string in JSON); shown as BRL.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatarMoeda(centavos: number | string | bigint | null | undefined): string {
  if (centavos === null || centavos === undefined || centavos === '') return brl.format(0);
  const n = typeof centavos === 'bigint' ? Number(centavos) : Number(centavos);
  return brl.format(Number.isFinite(n) ? n / 100 : 0);
}

// How an ICMS-ST rule reads in the list (its form's rules are contracts/formularios.json's).

/** How a rule's kind of reduction and MVA adjustment read in the list (empty: a rule from before the fields, the defaults). */
export function resumoFiscal(r: { reducao_base_tipo?: string; ajuste_mva?: string; aliquota_intra_efetiva?: boolean }): string[] {
  const out: string[] = [];
  if (r.reducao_base_tipo === 'propria_e_st') out.push('redução também na operação própria');
  if (r.ajuste_mva === 'se_interna_maior') out.push('MVA ajustada só se a interna for maior');
  else if (r.ajuste_mva === 'nao') out.push('MVA original entre estados');
  if (r.aliquota_intra_efetiva) out.push('ALQ intra efetiva');
  return out;
}

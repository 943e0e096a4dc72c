// The ICMS-ST rule form's rules, the server's (RegraST.Validar, RegraSTCadastro.Normalizar).
import * as z from 'zod/mini';
import type { CriarRegraSTPedido } from '../../../lib/api/types';
import { lerPercentual } from '../../../lib/format/percentual';
import { erroPercentual, UFS } from './comum';

export type TipoReducao = 'st' | 'propria_e_st';
export type AjusteMva = 'sempre' | 'se_interna_maior' | 'nao';

export interface ValoresRegraSt {
  ncm: string;
  uf: string;
  mva: string;
  interna: string;
  interestadual: string;
  reducao: string;
  /** What the reduction reduces (the server's reducao_base_tipo). */
  tipoReducao: TipoReducao;
  /** When an interstate sale adjusts the MVA (ajuste_mva). */
  ajusteMva: AjusteMva;
  /** ALQ intra of the adjustment is the effective rate after the reduction (aliquota_intra_efetiva). */
  intraEfetiva: boolean;
}

export const REGRA_VAZIA: ValoresRegraSt = {
  ncm: '',
  uf: '',
  mva: '',
  interna: '',
  interestadual: '',
  reducao: '0',
  tipoReducao: 'st',
  ajusteMva: 'sempre',
  intraEfetiva: false,
};

/** The kinds of base reduction, as the ADMIN reads them. */
export const TIPOS_REDUCAO: readonly { value: TipoReducao; label: string }[] = [
  { value: 'st', label: 'Só a base da ST' },
  { value: 'propria_e_st', label: 'Operação própria e ST (CST 70, venda dentro do estado)' },
];

/** When the MVA is adjusted between states, as the ADMIN reads it. */
export const AJUSTES_MVA: readonly { value: AjusteMva; label: string }[] = [
  { value: 'sempre', label: 'Sempre (fórmula do protocolo)' },
  { value: 'se_interna_maior', label: 'Só se a alíquota interna for maior que a interestadual' },
  { value: 'nao', label: 'Não: o destino usa a MVA original para o produto' },
];

const ncmDaRegra = (s: string) => s.trim().replace(/[. ]/g, '');

export function validarRegraSt(v: ValoresRegraSt): Record<string, string> {
  const e: Record<string, string> = {};
  if (!/^\d{2,8}$/.test(ncmDaRegra(v.ncm))) e.ncm = 'NCM da regra deve ter de 2 a 8 dígitos.';
  const uf = v.uf.trim().toUpperCase();
  if (uf.length !== 2) e.uf = 'Informe a UF de destino.';
  else if (!UFS.includes(uf)) e.uf = `UF ${uf} inválida.`;
  const pares: [keyof ValoresRegraSt, string][] = [
    ['mva', erroPercentual(v.mva, 0, 1000, 'MVA deve ficar entre 0% e 1000%.')],
    ['interna', erroPercentual(v.interna, 0, 100, 'Alíquota interna deve ficar entre 0% e 100%.', { maxExclusivo: true })],
    ['interestadual', erroPercentual(v.interestadual, 0, 100, 'Alíquota interestadual deve ficar entre 0% e 100%.', { maxExclusivo: true })],
    ['reducao', erroPercentual(v.reducao, 0, 100, 'Redução da base deve ficar entre 0% e 100%.')],
  ];
  for (const [k, msg] of pares) if (msg) e[k] = msg;
  const semReducao = !e.reducao && (lerPercentual(v.reducao) ?? 0) === 0;
  if (v.tipoReducao === 'propria_e_st' && semReducao) e.reducao = 'Informe a redução da base que vale para a operação própria e a ST.';
  if (v.intraEfetiva && semReducao) e.intraEfetiva = 'A alíquota interna efetiva precisa de uma redução da base.';
  if (!TIPOS_REDUCAO.some((t) => t.value === v.tipoReducao)) e.tipoReducao = 'Escolha o tipo de redução.';
  if (!AJUSTES_MVA.some((a) => a.value === v.ajusteMva)) e.ajusteMva = 'Escolha quando a MVA é ajustada.';
  return e;
}

export const esquemaRegraSt = z.custom<ValoresRegraSt>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarRegraSt(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

export const novaRegraSt = (id: string, v: ValoresRegraSt): CriarRegraSTPedido => ({
  id,
  ncm: ncmDaRegra(v.ncm),
  uf: v.uf.trim().toUpperCase(),
  mva_percentual: lerPercentual(v.mva) ?? 0,
  aliquota_interna_percentual: lerPercentual(v.interna) ?? 0,
  aliquota_interestadual_percentual: lerPercentual(v.interestadual) ?? 0,
  reducao_base_percentual: lerPercentual(v.reducao) ?? 0,
  reducao_base_tipo: v.tipoReducao,
  ajuste_mva: v.ajusteMva,
  aliquota_intra_efetiva: v.intraEfetiva,
});

const CAMPOS: Record<string, string> = {
  mva_percentual: 'mva',
  aliquota_interna_percentual: 'interna',
  aliquota_interestadual_percentual: 'interestadual',
  reducao_base_percentual: 'reducao',
  reducao_base_tipo: 'tipoReducao',
  ajuste_mva: 'ajusteMva',
  aliquota_intra_efetiva: 'intraEfetiva',
};

/** How a rule's kind of reduction and MVA adjustment read in the list (empty: a rule from before the fields, the defaults). */
export function resumoFiscal(r: { reducao_base_tipo?: string; ajuste_mva?: string; aliquota_intra_efetiva?: boolean }): string[] {
  const out: string[] = [];
  if (r.reducao_base_tipo === 'propria_e_st') out.push('redução também na operação própria');
  if (r.ajuste_mva === 'se_interna_maior') out.push('MVA ajustada só se a interna for maior');
  else if (r.ajuste_mva === 'nao') out.push('MVA original entre estados');
  if (r.aliquota_intra_efetiva) out.push('ALQ intra efetiva');
  return out;
}
export const campoDaRegra = (c: string) => CAMPOS[c] ?? c;

// The ICMS-ST rule form's rules, the server's (RegraST.Validar, RegraSTCadastro.Normalizar).
import * as z from 'zod/mini';
import type { CriarRegraSTPedido } from '../../../lib/api/types';
import { lerPercentual } from '../../../lib/format/percentual';
import { erroPercentual, UFS } from './comum';

export interface ValoresRegraSt {
  ncm: string;
  uf: string;
  mva: string;
  interna: string;
  interestadual: string;
  reducao: string;
}

export const REGRA_VAZIA: ValoresRegraSt = { ncm: '', uf: '', mva: '', interna: '', interestadual: '', reducao: '0' };

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
});

const CAMPOS: Record<string, string> = {
  mva_percentual: 'mva',
  aliquota_interna_percentual: 'interna',
  aliquota_interestadual_percentual: 'interestadual',
  reducao_base_percentual: 'reducao',
};
export const campoDaRegra = (c: string) => CAMPOS[c] ?? c;

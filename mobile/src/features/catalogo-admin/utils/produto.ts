// The product form's rules, the server's (services/sales domain: Produto.Validar and
// ProdutoCadastro.Normalizar): the same limits, the same normalisation (EAN without spaces, NCM
// without dots, unit in capitals, UN when empty) and the same pt-BR messages, checked on the
// device before sending; what the server still refuses comes back at the fields.
import * as z from 'zod/mini';
import type { AtualizarProdutoPedido, CriarProdutoPedido, Produto } from '../../../lib/api/types';
import { lerPercentual, MSG_PERCENTUAL, percentualParaTexto } from '../../../lib/format/percentual';

export const LIMITES_PRODUTO = { codigo: 60, descricao: 200, marca: 80, grupo: 80, unidade: 6 } as const;

export const MSG_EAN = 'Código de barras inválido: informe os 13 dígitos do EAN-13 (o último é o dígito verificador).';
export const MSG_NCM = 'NCM deve ter 8 dígitos.';
export const MSG_MULTIPLO = 'Múltiplo de venda deve ser um número inteiro maior ou igual a 1.';
export const MSG_IPI = 'Alíquota de IPI deve ficar entre 0% e 100%.';
export { MSG_PERCENTUAL };

export interface ValoresProduto {
  codigo: string;
  descricao: string;
  marca: string;
  grupo: string;
  unidade: string;
  multiplo: string;
  unidadesCaixa: string;
  ean: string;
  ncm: string;
  ipi: string;
  peso: string;
  ativo: boolean;
}

export const PRODUTO_VAZIO: ValoresProduto = {
  codigo: '',
  descricao: '',
  marca: '',
  grupo: '',
  unidade: 'UN',
  multiplo: '1',
  unidadesCaixa: '',
  ean: '',
  ncm: '',
  ipi: '0',
  peso: '',
  ativo: true,
};

export function doProduto(p: Produto): ValoresProduto {
  const n = (v: string | undefined) => (v && v !== '0' ? String(v) : '');
  return {
    codigo: p.codigo,
    descricao: p.descricao,
    marca: p.marca,
    grupo: p.grupo,
    unidade: p.unidade || 'UN',
    multiplo: String(p.multiplo_venda || '1'),
    unidadesCaixa: n(p.unidades_caixa),
    ean: p.ean,
    ncm: p.ncm,
    ipi: percentualParaTexto(p.ipi_percentual ?? 0),
    peso: n(p.peso_gramas),
    ativo: p.ativo,
  };
}

/** EAN-13: 13 digits whose last is the check digit (weights 1 and 3 from the left). */
export function eanValido(s: string): boolean {
  if (!/^\d{13}$/.test(s)) return false;
  let soma = 0;
  for (let i = 0; i < 12; i++) soma += Number(s[i]) * (i % 2 ? 3 : 1);
  return (10 - (soma % 10)) % 10 === Number(s[12]);
}

const caracteres = (s: string) => [...s].length;
const inteiro = (s: string) => (/^-?\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : s.trim() === '' ? 0 : null);
export const normalizarEan = (s: string) => s.trim().replace(/ /g, '');
export const normalizarNcm = (s: string) => s.trim().replace(/[. ]/g, '');

const ROTULOS: Record<'codigo' | 'descricao' | 'marca' | 'grupo' | 'unidade', string> = {
  codigo: 'o código',
  descricao: 'a descrição',
  marca: 'a marca',
  grupo: 'o grupo',
  unidade: 'a unidade',
};
const OBRIGATORIOS = new Set(['codigo', 'descricao']);

/** Every problem of the form, by field (the server's messages). */
export function validarProduto(v: ValoresProduto): Record<string, string> {
  const erros: Record<string, string> = {};
  for (const campo of ['codigo', 'descricao', 'marca', 'grupo', 'unidade'] as const) {
    const t = campo === 'unidade' ? v.unidade.trim().toUpperCase() || 'UN' : v[campo].trim();
    const nome = ROTULOS[campo];
    if (OBRIGATORIOS.has(campo) && !t) erros[campo] = `Informe ${nome}.`;
    else if (caracteres(t) > LIMITES_PRODUTO[campo]) erros[campo] = `${nome[0].toUpperCase()}${nome.slice(1)} deve ter no máximo ${LIMITES_PRODUTO[campo]} caracteres.`;
  }
  const ean = normalizarEan(v.ean);
  if (ean && !eanValido(ean)) erros.ean = MSG_EAN;
  if (!/^\d{8}$/.test(normalizarNcm(v.ncm))) erros.ncm = MSG_NCM;
  const multiplo = inteiro(v.multiplo);
  if (multiplo === null || multiplo < 1) erros.multiplo = MSG_MULTIPLO;
  const ipi = lerPercentual(v.ipi);
  if (ipi === null) erros.ipi = MSG_PERCENTUAL;
  else if (ipi < 0 || ipi > 100) erros.ipi = MSG_IPI;
  const peso = inteiro(v.peso);
  if (peso === null) erros.peso = 'Informe o peso em gramas, um número inteiro.';
  else if (peso < 0) erros.peso = 'Peso deve ser zero ou mais gramas.';
  const caixa = inteiro(v.unidadesCaixa);
  if (caixa === null) erros.unidadesCaixa = 'Informe um número inteiro.';
  else if (caixa < 0) erros.unidadesCaixa = 'Unidades por caixa deve ser zero ou mais.';
  return erros;
}

export const esquemaProduto = z.custom<ValoresProduto>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarProduto(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

/** The fields as the API takes them (int64 as strings, percentages as numbers). */
export function camposDoProduto(v: ValoresProduto) {
  return {
    codigo: v.codigo.trim(),
    descricao: v.descricao.trim(),
    marca: v.marca.trim(),
    grupo: v.grupo.trim(),
    unidade: v.unidade.trim().toUpperCase() || 'UN',
    multiplo_venda: String(inteiro(v.multiplo) ?? 1),
    unidades_caixa: String(inteiro(v.unidadesCaixa) ?? 0),
    ean: normalizarEan(v.ean),
    ncm: normalizarNcm(v.ncm),
    ipi_percentual: lerPercentual(v.ipi) ?? 0,
    peso_gramas: String(inteiro(v.peso) ?? 0),
    ativo: v.ativo,
  } satisfies CriarProdutoPedido;
}

/** Only what changed, on the version shown (409 VERSAO_DESATUALIZADA when someone saved since). */
export function alteracaoDoProduto(p: Produto, v: ValoresProduto): AtualizarProdutoPedido {
  const novos = camposDoProduto(v);
  const antes = camposDoProduto(doProduto(p));
  const out: Record<string, unknown> = { versao: p.versao };
  for (const k of Object.keys(novos) as (keyof typeof novos)[]) if (String(novos[k]) !== String(antes[k])) out[k] = novos[k];
  return out as AtualizarProdutoPedido;
}

/** The API's field → the form's. */
const CAMPO_DO_FORMULARIO: Record<string, keyof ValoresProduto> = {
  multiplo_venda: 'multiplo',
  unidades_caixa: 'unidadesCaixa',
  ipi_percentual: 'ipi',
  peso_gramas: 'peso',
};

export const campoDoServidor = (campo: string): string => CAMPO_DO_FORMULARIO[campo] ?? campo;

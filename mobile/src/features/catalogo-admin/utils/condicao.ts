// The payment term form's rules, the server's (CondicaoCadastro.Normalizar), and its payloads.
import * as z from 'zod/mini';
import type { AtualizarCondicaoPedido, CondicaoPagamento, CriarCondicaoPedido } from '../../../lib/api/types';
import { centavosParaReais } from '../../../lib/format/money';
import { lerPercentual, percentualParaTexto } from '../../../lib/format/percentual';
import { caracteres, erroPercentual, lerReais, mesmaLista } from './comum';

export const FORMAS = [
  { value: 'boleto', label: 'Boleto' },
  { value: 'pix', label: 'PIX' },
  { value: 'cartao', label: 'Cartão' },
  { value: 'dinheiro', label: 'Dinheiro' },
] as const;

export const nomeDaForma = (f: string) => FORMAS.find((x) => x.value === f)?.label ?? f;

export interface ValoresCondicao {
  nome: string;
  parcelas: string;
  forma: string;
  acrescimo: string;
  minimo: string;
  usaLimite: boolean;
  clientes: string[];
  ativo: boolean;
}

export const CONDICAO_VAZIA: ValoresCondicao = { nome: '', parcelas: '', forma: 'boleto', acrescimo: '0', minimo: '', usaLimite: false, clientes: [], ativo: true };

/** [28, 35, 42] → "28/35/42"; [0] → "0" (à vista). */
export const parcelasParaTexto = (dias: readonly number[]) => (dias ?? []).join('/');

/** "28/35/42", "28 35 42", "28,35" → days; null when a part is not a whole number. Empty → [0]. */
export function lerParcelas(texto: string): number[] | null {
  const partes = texto.split(/[\s/,;]+/).filter(Boolean);
  if (!partes.length) return [0];
  if (!partes.every((p) => /^\d{1,4}$/.test(p))) return null;
  return partes.map(Number);
}

/** "28/35/42 dias", "À vista". */
export function descreverParcelas(dias: readonly number[]): string {
  if (!dias?.length || (dias.length === 1 && dias[0] === 0)) return 'À vista';
  return `${dias.join('/')} dias`;
}

export const daCondicao = (c: CondicaoPagamento): ValoresCondicao => ({
  nome: c.nome,
  parcelas: parcelasParaTexto(c.parcelas_dias),
  forma: c.forma,
  acrescimo: percentualParaTexto(c.acrescimo_percentual ?? 0),
  minimo: c.valor_minimo_centavos && c.valor_minimo_centavos !== '0' ? centavosParaReais(c.valor_minimo_centavos) : '',
  usaLimite: c.usa_limite_credito,
  clientes: c.clientes ?? [],
  ativo: c.ativo,
});

const MSG_PARCELAS = 'Parcelas em dias devem ir de 0 a 365, em ordem crescente (ex.: 28/35/42).';

export function validarCondicao(v: ValoresCondicao): Record<string, string> {
  const e: Record<string, string> = {};
  const nome = v.nome.trim();
  if (!nome) e.nome = 'Informe o nome da condição.';
  else if (caracteres(nome) > 120) e.nome = 'O nome da condição deve ter no máximo 120 caracteres.';
  if (!FORMAS.some((f) => f.value === v.forma)) e.forma = 'Forma de pagamento deve ser boleto, pix, cartao ou dinheiro.';
  const dias = lerParcelas(v.parcelas);
  if (!dias) e.parcelas = MSG_PARCELAS;
  else if (dias.length > 24) e.parcelas = 'Informe no máximo 24 parcelas.';
  else if (dias.some((d, i) => d > 365 || (i > 0 && d <= dias[i - 1]))) e.parcelas = MSG_PARCELAS;
  const a = erroPercentual(v.acrescimo, -100, 100, 'Acréscimo deve ficar entre -100% e 100%.', { minExclusivo: true });
  if (a) e.acrescimo = a;
  const m = lerReais(v.minimo);
  if (m.erro) e.minimo = m.erro;
  else if (BigInt(m.centavos!) < 0n) e.minimo = 'Valor mínimo deve ser zero ou mais.';
  return e;
}

export const esquemaCondicao = z.custom<ValoresCondicao>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarCondicao(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

function campos(v: ValoresCondicao) {
  return {
    nome: v.nome.trim(),
    parcelas_dias: lerParcelas(v.parcelas) ?? [0],
    forma: v.forma,
    acrescimo_percentual: lerPercentual(v.acrescimo) ?? 0,
    valor_minimo_centavos: lerReais(v.minimo).centavos ?? '0',
    usa_limite_credito: v.usaLimite,
    ativo: v.ativo,
  };
}

export const novaCondicao = (id: string, v: ValoresCondicao): CriarCondicaoPedido => ({ id, ...campos(v), clientes: v.clientes });

export function alteracaoDaCondicao(c: CondicaoPagamento, v: ValoresCondicao): AtualizarCondicaoPedido {
  const novos = campos(v);
  const antes = campos(daCondicao(c));
  const out: Record<string, unknown> = { versao: c.versao };
  for (const k of Object.keys(novos) as (keyof typeof novos)[]) if (String(novos[k]) !== String(antes[k])) out[k] = novos[k];
  if (!mesmaLista(v.clientes, c.clientes ?? [])) {
    if (v.clientes.length) out.clientes = v.clientes;
    else out.limpar_clientes = true;
  }
  return out as AtualizarCondicaoPedido;
}

const CAMPOS: Record<string, string> = { parcelas_dias: 'parcelas', acrescimo_percentual: 'acrescimo', valor_minimo_centavos: 'minimo', usa_limite_credito: 'usaLimite' };
export const campoDaCondicao = (c: string) => CAMPOS[c] ?? c;

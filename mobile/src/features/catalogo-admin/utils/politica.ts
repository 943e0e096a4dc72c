// The commercial policy form: the whole policy read, edited and sent back in one PUT, with the
// server's rules (PoliticaCadastro.Normalizar) and messages at each line's field.
import * as z from 'zod/mini';
import type { DefinirPoliticaPedido, PoliticaComercial } from '../../../lib/api/types';
import { centavosParaReais } from '../../../lib/format/money';
import { lerPercentual, percentualParaTexto } from '../../../lib/format/percentual';
import { novoId } from '../../../lib/uuid';
import { dataValida, erroPercentual, lerReais, UFS } from './comum';

export interface LinhaVendedor {
  id: string;
  desconto: string;
  saldoFlex: string;
  pedidoMinimo: string;
  verbaBonificacao: string;
}
export interface LinhaGrupo {
  grupo: string;
  desconto: string;
}
export type Alvo = 'produto' | 'grupo' | 'todos';
export interface LinhaPromocao {
  id: string;
  alvo: Exclude<Alvo, 'todos'>;
  produtoId: string;
  grupo: string;
  percentual: string;
  inicio: string;
  fim: string;
}
export interface LinhaVolume {
  id: string;
  alvo: Alvo;
  produtoId: string;
  grupo: string;
  quantidade: string;
  percentual: string;
}
export interface ValoresPolitica {
  ufOrigem: string;
  flex: boolean;
  /** The company is optante pelo Simples Nacional (its interstate ICMS-ST uses the original MVA). */
  simplesNacional: boolean;
  descontoPadrao: string;
  vendedores: LinhaVendedor[];
  limitesGrupo: LinhaGrupo[];
  promocoes: LinhaPromocao[];
  descontosVolume: LinhaVolume[];
  /** The approval reasons the company refuses instead of sending to approval. */
  bloqueios: Record<MotivoAprovacao, boolean>;
}

/** Every reason that sends an order to approval (the server's MotivosAprovacao), as the ADMIN reads it. */
export const MOTIVOS_APROVACAO = {
  DESCONTO_ACIMA_DO_LIMITE: 'Desconto acima do limite do vendedor',
  PRECO_ABAIXO_DO_MINIMO: 'Preço abaixo do mínimo da tabela',
  PEDIDO_ABAIXO_DO_MINIMO: 'Pedido abaixo do mínimo',
  SALDO_FLEX_INSUFICIENTE: 'Verba flex insuficiente',
  LIMITE_DE_CREDITO_EXCEDIDO: 'Limite de crédito do cliente excedido',
  BONIFICACAO_ACIMA_DA_VERBA: 'Bonificação acima da verba do vendedor',
} as const;
export type MotivoAprovacao = keyof typeof MOTIVOS_APROVACAO;
const MOTIVOS = Object.keys(MOTIVOS_APROVACAO) as MotivoAprovacao[];

const reais = (c: string | undefined) => (c && c !== '0' ? centavosParaReais(c) : '');

export function daPolitica(p: PoliticaComercial): ValoresPolitica {
  return {
    ufOrigem: p.uf_origem ?? '',
    flex: p.flex_permitido,
    simplesNacional: Boolean(p.simples_nacional),
    descontoPadrao: percentualParaTexto(p.desconto_maximo_padrao_percentual ?? 0),
    vendedores: (p.vendedores ?? []).map((v) => ({
      id: v.id ?? '',
      desconto: percentualParaTexto(v.desconto_maximo_percentual ?? 0),
      saldoFlex: reais(v.saldo_flex_centavos),
      pedidoMinimo: reais(v.pedido_minimo_centavos),
      verbaBonificacao: reais(v.verba_bonificacao_centavos),
    })),
    limitesGrupo: (p.limites_grupo ?? []).map((l) => ({ grupo: l.grupo ?? '', desconto: percentualParaTexto(l.desconto_maximo_percentual ?? 0) })),
    promocoes: (p.promocoes ?? []).map((x) => ({
      id: x.id ?? '',
      alvo: x.produto_id ? 'produto' : 'grupo',
      produtoId: x.produto_id ?? '',
      grupo: x.grupo ?? '',
      percentual: percentualParaTexto(x.percentual ?? 0),
      inicio: x.inicio ?? '',
      fim: x.fim ?? '',
    })),
    descontosVolume: (p.descontos_volume ?? []).map((x) => ({
      id: x.id ?? '',
      alvo: x.produto_id ? 'produto' : x.grupo ? 'grupo' : 'todos',
      produtoId: x.produto_id ?? '',
      grupo: x.grupo ?? '',
      quantidade: String(x.quantidade_minima ?? ''),
      percentual: percentualParaTexto(x.percentual ?? 0),
    })),
    bloqueios: Object.fromEntries(MOTIVOS.map((m) => [m, (p.motivos_bloqueantes ?? []).includes(m)])) as Record<MotivoAprovacao, boolean>,
  };
}

export const novoVendedor = (id: string): LinhaVendedor => ({ id, desconto: '', saldoFlex: '', pedidoMinimo: '', verbaBonificacao: '' });
export const novoLimite = (): LinhaGrupo => ({ grupo: '', desconto: '' });
export const novaPromocao = (): LinhaPromocao => ({ id: novoId(), alvo: 'grupo', produtoId: '', grupo: '', percentual: '', inicio: '', fim: '' });
export const novoVolume = (): LinhaVolume => ({ id: novoId(), alvo: 'todos', produtoId: '', grupo: '', quantidade: '', percentual: '' });

const MSG_LIMITE = 'Desconto máximo deve ficar entre 0% e 100%.';
const MSG_PERCENTUAL = 'Percentual deve ser maior que 0% e menor que 100%.';
const limite = (s: string) => erroPercentual(s, 0, 100, MSG_LIMITE);
const percentual = (s: string) => erroPercentual(s, 0, 99.99, MSG_PERCENTUAL, { minExclusivo: true });

/** Every problem by the form's field path ("vendedores.0.desconto"). */
export function validarPolitica(v: ValoresPolitica): Record<string, string> {
  const e: Record<string, string> = {};
  const erro = (campo: string, msg: string) => {
    if (msg && !e[campo]) e[campo] = msg;
  };
  if (v.ufOrigem && !UFS.includes(v.ufOrigem)) erro('ufOrigem', 'UF de origem inválida.');
  erro('descontoPadrao', limite(v.descontoPadrao));
  const vistos = new Set<string>();
  v.vendedores.forEach((x, i) => {
    if (!x.id || vistos.has(x.id)) erro(`vendedores.${i}.id`, 'Informe cada vendedor uma vez.');
    vistos.add(x.id);
    erro(`vendedores.${i}.desconto`, limite(x.desconto));
    erro(`vendedores.${i}.saldoFlex`, lerReais(x.saldoFlex).erro);
    const m = lerReais(x.pedidoMinimo);
    erro(`vendedores.${i}.pedidoMinimo`, m.erro || (BigInt(m.centavos!) < 0n ? 'Pedido mínimo deve ser zero ou mais.' : ''));
    const b = lerReais(x.verbaBonificacao);
    erro(`vendedores.${i}.verbaBonificacao`, b.erro || (BigInt(b.centavos!) < 0n ? 'Verba de bonificação deve ser zero ou mais.' : ''));
  });
  v.limitesGrupo.forEach((x, i) => {
    if (!x.grupo.trim()) erro(`limitesGrupo.${i}.grupo`, 'Informe o grupo do limite.');
    erro(`limitesGrupo.${i}.desconto`, limite(x.desconto));
  });
  v.promocoes.forEach((x, i) => {
    if (x.alvo === 'produto' && !x.produtoId) erro(`promocoes.${i}.produtoId`, 'Escolha o produto da promoção.');
    if (x.alvo === 'grupo' && !x.grupo.trim()) erro(`promocoes.${i}.grupo`, 'Informe o grupo da promoção.');
    erro(`promocoes.${i}.percentual`, percentual(x.percentual));
    if (!dataValida(x.inicio)) erro(`promocoes.${i}.inicio`, 'Data inválida.');
    if (!dataValida(x.fim) || (x.inicio && x.fim && x.fim < x.inicio)) erro(`promocoes.${i}.fim`, 'Datas da promoção devem ser AAAA-MM-DD, e o fim não antes do início.');
  });
  v.descontosVolume.forEach((x, i) => {
    if (x.alvo === 'produto' && !x.produtoId) erro(`descontosVolume.${i}.produtoId`, 'Escolha o produto do desconto.');
    if (x.alvo === 'grupo' && !x.grupo.trim()) erro(`descontosVolume.${i}.grupo`, 'Informe o grupo do desconto.');
    if (!/^\d{1,9}$/.test(x.quantidade.trim()) || Number(x.quantidade) < 1) erro(`descontosVolume.${i}.quantidade`, 'Quantidade mínima deve ser 1 ou mais.');
    erro(`descontosVolume.${i}.percentual`, percentual(x.percentual));
  });
  return e;
}

export const esquemaPolitica = z.custom<ValoresPolitica>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarPolitica(v))) ctx.addIssue({ code: 'custom', path: campo.split('.'), message });
  }),
);

const pct = (s: string) => lerPercentual(s) ?? 0;
const cent = (s: string) => lerReais(s).centavos ?? '0';

export function pedidoDaPolitica(v: ValoresPolitica, versao: string): DefinirPoliticaPedido {
  return {
    versao,
    uf_origem: v.ufOrigem,
    flex_permitido: v.flex,
    simples_nacional: v.simplesNacional,
    desconto_maximo_padrao_percentual: pct(v.descontoPadrao),
    vendedores: v.vendedores.map((x) => ({ id: x.id, desconto_maximo_percentual: pct(x.desconto), saldo_flex_centavos: cent(x.saldoFlex), pedido_minimo_centavos: cent(x.pedidoMinimo), verba_bonificacao_centavos: cent(x.verbaBonificacao) })),
    limites_grupo: v.limitesGrupo.map((x) => ({ grupo: x.grupo.trim(), desconto_maximo_percentual: pct(x.desconto) })),
    promocoes: v.promocoes.map((x) => ({
      id: x.id,
      produto_id: x.alvo === 'produto' ? x.produtoId : '',
      grupo: x.alvo === 'grupo' ? x.grupo.trim() : '',
      percentual: pct(x.percentual),
      inicio: x.inicio,
      fim: x.fim,
    })),
    descontos_volume: v.descontosVolume.map((x) => ({
      id: x.id,
      produto_id: x.alvo === 'produto' ? x.produtoId : '',
      grupo: x.alvo === 'grupo' ? x.grupo.trim() : '',
      quantidade_minima: String(Number(x.quantidade) || 0),
      percentual: pct(x.percentual),
    })),
    motivos_bloqueantes: MOTIVOS.filter((m) => v.bloqueios[m]),
  };
}

const CAMPOS: Record<string, string> = {
  uf_origem: 'ufOrigem',
  simples_nacional: 'simplesNacional',
  desconto_maximo_padrao_percentual: 'descontoPadrao',
  limites_grupo: 'limitesGrupo',
  descontos_volume: 'descontosVolume',
  desconto_maximo_percentual: 'desconto',
  saldo_flex_centavos: 'saldoFlex',
  pedido_minimo_centavos: 'pedidoMinimo',
  verba_bonificacao_centavos: 'verbaBonificacao',
  motivos_bloqueantes: 'bloqueios',
  produto_id: 'produtoId',
  quantidade_minima: 'quantidade',
};

/** "vendedores[0].desconto_maximo_percentual" → "vendedores.0.desconto". */
export function campoDaPolitica(c: string): string {
  return c
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((p) => CAMPOS[p] ?? p)
    .join('.');
}

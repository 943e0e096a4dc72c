// An order as the device builds it before the server has it: the seller's draft (rascunho),
// priced with the device's catalogue (entities/preco/noAparelho, the server's numbers), turned
// into a Pedido shown at once (numero 0 = "a enviar") and into the body of POST /crm/pedidos.
// The bonificação rule mirrors the server's MontarItens (services/sales/internal/domain): a given
// line is zero to the customer and is valued at list price × quantity in bonificacao_centavos;
// the approval warnings come from the sold lines only.
import type { Cliente, CondicaoPagamento, CriarPedidoPedido, ItemPedido, Pedido } from '../../lib/api/types';
import { hojeIso } from '../../lib/format/date';
import type { Aviso, ResultadoLinha } from '../preco/calcular';
import { precificarNoAparelho, type DadosComerciais } from '../preco/noAparelho';

export { TIPOS_PEDIDO } from '../../lib/contratos/pedidos.gen';

export interface LinhaRascunho {
  produto_id: string;
  quantidade: number;
  desconto_percentual: number;
  bonificacao: boolean;
}

/** What the seller fills in (kept on the device until saved: see ./rascunho). */
export interface RascunhoPedido {
  /** The order's client id (its id on the server: a replay never duplicates). */
  id: string;
  cliente_id: string;
  condicao_id: string;
  tipo: string;
  itens: LinhaRascunho[];
  frete_centavos: number;
  observacoes: string;
  observacoes_internas: string;
  data_entrega: string;
}

/** A stored draft (status orcamento) as the form edits it. */
export function rascunhoDoPedido(p: Pick<Pedido, 'id' | 'cliente_id' | 'condicao_id' | 'tipo' | 'itens' | 'frete_centavos' | 'observacoes' | 'observacoes_internas' | 'data_entrega'>): RascunhoPedido {
  return {
    id: p.id,
    cliente_id: p.cliente_id,
    condicao_id: p.condicao_id,
    tipo: p.tipo || 'venda',
    itens: p.itens.map((it) => ({
      produto_id: it.produto_id,
      quantidade: Number(it.quantidade) || 0,
      desconto_percentual: Number(it.desconto_percentual) || 0,
      bonificacao: Boolean(it.bonificacao),
    })),
    frete_centavos: Number(p.frete_centavos) || 0,
    observacoes: p.observacoes,
    observacoes_internas: p.observacoes_internas,
    data_entrega: p.data_entrega,
  };
}

export function rascunhoVazio(id: string, clienteId = ''): RascunhoPedido {
  return { id, cliente_id: clienteId, condicao_id: '', tipo: 'venda', itens: [], frete_centavos: 0, observacoes: '', observacoes_internas: '', data_entrega: '' };
}

export type ClienteDoPedido = Pick<Cliente, 'id' | 'nome' | 'documento' | 'inscricao_estadual' | 'uf' | 'suframa' | 'regiao_id' | 'contribuinte_icms' | 'celular' | 'telefone'>;

export interface PreviaPedido {
  /** One result per draft line, in order (a given line is zeroed). */
  itens: ResultadoLinha[];
  bonificacao: boolean[];
  total_produtos_centavos: number;
  total_ipi_centavos: number;
  total_st_centavos: number;
  /** Products + IPI + ST + freight. */
  total_centavos: number;
  flex_centavos: number;
  bonificacao_centavos: number;
  /** What would send the order to approval (pricing's warnings over the sold lines). */
  avisos: Aviso[];
}

const ehBonificacao = (tipo: string, l: LinhaRascunho) => tipo === 'bonificacao' || l.bonificacao;

/** Prices the draft on the device (throws calc.ErroPreco with itens[i].… fields, like the server). */
export function precificarRascunho(
  dados: DadosComerciais,
  operadorId: string,
  cliente: Parameters<typeof precificarNoAparelho>[2],
  condicao: CondicaoPagamento | null,
  r: Pick<RascunhoPedido, 'tipo' | 'itens' | 'frete_centavos'>,
  data = hojeIso(),
): PreviaPedido {
  const linhas = r.itens.map((l) => ({ produto_id: l.produto_id, quantidade: l.quantidade, desconto_percentual: l.desconto_percentual }));
  const res = precificarNoAparelho(dados, operadorId, cliente, condicao, linhas, data);
  const bonif = r.itens.map((l) => ehBonificacao(r.tipo, l));
  let avisos = res.avisos;
  if (bonif.some(Boolean)) {
    const vendidas = linhas.filter((_, i) => !bonif[i]);
    avisos = precificarNoAparelho(dados, operadorId, cliente, condicao, vendidas, data).avisos;
  }
  const out: PreviaPedido = {
    itens: [],
    bonificacao: bonif,
    total_produtos_centavos: 0,
    total_ipi_centavos: 0,
    total_st_centavos: 0,
    total_centavos: 0,
    flex_centavos: 0,
    bonificacao_centavos: 0,
    avisos,
  };
  res.itens.forEach((it, i) => {
    const l: ResultadoLinha = bonif[i]
      ? { ...it, descontos: [], preco_unitario_centavos: 0, valor_centavos: 0, ipi_centavos: 0, base_st_centavos: 0, icms_proprio_centavos: 0, st_centavos: 0, total_centavos: 0, flex_centavos: 0, avisos: [] }
      : it;
    out.itens.push(l);
    out.total_produtos_centavos += l.valor_centavos;
    out.total_ipi_centavos += l.ipi_centavos;
    out.total_st_centavos += l.st_centavos;
    out.total_centavos += l.total_centavos;
    out.flex_centavos += l.flex_centavos;
    if (bonif[i]) out.bonificacao_centavos += it.preco_lista_centavos * it.quantidade;
  });
  out.total_centavos += r.frete_centavos;
  return out;
}

/** The body of POST /crm/pedidos: the device's unit price as preco_esperado_centavos (0 on a given line). */
export function corpoDoPedido(r: RascunhoPedido, previa: PreviaPedido | null, enviar: boolean): CriarPedidoPedido {
  return {
    id: r.id,
    cliente_id: r.cliente_id,
    condicao_id: r.condicao_id,
    tipo: r.tipo,
    itens: r.itens.map((l, i) => ({
      produto_id: l.produto_id,
      quantidade: String(l.quantidade),
      desconto_percentual: l.desconto_percentual,
      bonificacao: l.bonificacao,
      preco_esperado_centavos: String(previa && !previa.bonificacao[i] ? (previa.itens[i]?.preco_unitario_centavos ?? 0) : 0),
    })),
    frete_centavos: String(r.frete_centavos),
    observacoes: r.observacoes,
    observacoes_internas: r.observacoes_internas,
    data_entrega: r.data_entrega,
    enviar,
  };
}

const s = (n: number) => String(Math.round(n));

/**
 * The order as the device shows it until the server answers: numero 0 ("a enviar"), status
 * orcamento (the server decides enviado or aguardando_aprovacao), the device's prices.
 */
export function pedidoDaPrevia(
  r: RascunhoPedido,
  previa: PreviaPedido | null,
  ctx: {
    cliente: ClienteDoPedido | undefined;
    condicao: Pick<CondicaoPagamento, 'nome' | 'forma'> | undefined;
    produto: (id: string) => { codigo: string; descricao: string; unidade: string; ncm: string; grupo: string } | undefined;
    vendedorId: string;
    agora?: string;
  },
): Pedido {
  const agora = ctx.agora ?? new Date().toISOString();
  const c = ctx.cliente;
  const itens: ItemPedido[] = r.itens.map((l, i) => {
    const p = ctx.produto(l.produto_id);
    const x = previa?.itens[i];
    const bonif = previa ? previa.bonificacao[i] : ehBonificacao(r.tipo, l);
    return {
      produto_id: l.produto_id,
      codigo: p?.codigo ?? '',
      descricao: p?.descricao ?? '',
      unidade: p?.unidade ?? '',
      ncm: p?.ncm ?? '',
      grupo: p?.grupo ?? '',
      quantidade: String(l.quantidade),
      desconto_percentual: l.desconto_percentual,
      tabela_id: x?.tabela_id ?? '',
      preco_lista_centavos: s(x?.preco_lista_centavos ?? 0),
      descontos: (x?.descontos ?? []).map((d) => ({ origem: d.origem, percentual: d.percentual, regra_id: d.regra_id })),
      preco_unitario_centavos: s(x?.preco_unitario_centavos ?? 0),
      valor_centavos: s(x?.valor_centavos ?? 0),
      ipi_centavos: s(x?.ipi_centavos ?? 0),
      st_centavos: s(x?.st_centavos ?? 0),
      total_centavos: s(x?.total_centavos ?? 0),
      bonificacao: bonif,
      bonificacao_centavos: s(bonif && x ? x.preco_lista_centavos * x.quantidade : 0),
      flex_centavos: s(x?.flex_centavos ?? 0),
    } as ItemPedido;
  });
  return {
    id: r.id,
    empresa: '',
    numero: '0',
    status: 'orcamento',
    tipo: r.tipo,
    cliente_id: r.cliente_id,
    cliente: {
      nome: c?.nome ?? '',
      documento: c?.documento ?? '',
      inscricao_estadual: c?.inscricao_estadual ?? '',
      uf: c?.uf ?? '',
      suframa: c?.suframa ?? '',
      regiao_id: c?.regiao_id ?? '',
      contribuinte_icms: Boolean(c?.contribuinte_icms),
      telefone: (c?.celular || c?.telefone || '').replace(/\D/g, ''),
    },
    vendedor_id: ctx.vendedorId,
    tabela_id: previa?.itens[0]?.tabela_id ?? '',
    condicao_id: r.condicao_id,
    condicao_nome: ctx.condicao?.nome ?? '',
    forma_pagamento: ctx.condicao?.forma ?? '',
    itens,
    frete_centavos: s(r.frete_centavos),
    observacoes: r.observacoes,
    observacoes_internas: r.observacoes_internas,
    data_entrega: r.data_entrega,
    visita_id: '',
    total_produtos_centavos: s(previa?.total_produtos_centavos ?? 0),
    total_ipi_centavos: s(previa?.total_ipi_centavos ?? 0),
    total_st_centavos: s(previa?.total_st_centavos ?? 0),
    total_centavos: s(previa?.total_centavos ?? r.frete_centavos),
    flex_centavos: s(previa?.flex_centavos ?? 0),
    bonificacao_centavos: s(previa?.bonificacao_centavos ?? 0),
    motivos_aprovacao: (previa?.avisos ?? []).map((a) => ({ motivo: a.motivo, mensagem: a.mensagem, produto_id: a.produto_id ?? '', bloqueante: false })),
    historico: [],
    enviado_em: '',
    notas_fiscais: [],
    faturado_centavos: '0',
    faturamento_parcial: false,
    motivo_cancelamento: '',
    precos_alterados: [],
    versao: '0',
    criado_em: agora,
    criado_por: ctx.vendedorId,
    alterado_em: agora,
    excluido: false,
  };
}

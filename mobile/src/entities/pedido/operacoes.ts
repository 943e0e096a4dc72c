// Every write on an order goes through the outbox (lib/sync/saida): kept on the device, shown at
// once in the orders' collection, sent in order when there is a connection. A new order (and a
// duplicate) carries its client id as the order's id: a replay returns the first order.
import { ApiError, Motivo } from '../../lib/api/client';
import type { CriarPedidoPedido, Pedido } from '../../lib/api/types';
import {
  ROTULOS_STATUS_PEDIDO,
  STATUS_DEPOIS_DE_CANCELAR,
  STATUS_DEPOIS_DE_ENTREGAR,
  STATUS_DEPOIS_DE_ENVIAR,
  STATUS_DEPOIS_DE_FATURAR,
  STATUS_DEPOIS_DE_REABRIR,
  STATUS_DEPOIS_DE_REPROVAR,
  STATUS_DEPOIS_DE_SEPARAR,
  STATUS_ENVIADO,
} from '../../lib/contratos/pedidos.gen';
import { declararOperacao, type Especie } from '../../lib/sync/saida';
import { acaoPedido, alterarStatusPedido, atualizarPedido, cancelarPedido, criarPedido, duplicarPedido, obterPedido, type AcaoPedido, type AlterarStatusCorpo } from './api';
import { colecaoPedidos } from './colecao';
import type { RascunhoPedido } from './previa';

/** Every change to an order counts as that order (a copy is a new one). */
const PEDIDO: Especie = { um: 'pedido', varios: 'pedidos' };

export interface CriarPedido {
  corpo: CriarPedidoPedido;
  /** The order as the device shows it until the server answers (numero 0). */
  previa: Pedido;
  /** What the seller typed (a refused order is corrected from it). */
  rascunho: RascunhoPedido;
}

export const criarPedidoOp = declararOperacao<CriarPedido, Pedido>({
  nome: 'pedidos.criar',
  colecao: colecaoPedidos,
  especie: PEDIDO,
  alvo: (d) => d.corpo.id ?? '',
  enviar: (d, _it, signal) => criarPedido(d.corpo, signal),
  local: (r, d) => r ?? d.previa,
  descrever: (d) => `${d.corpo.enviar ? 'Enviar pedido' : 'Orçamento'} para ${d.previa.cliente.nome || 'cliente'}`,
  corrigir: (it) => `/crm-vendas-pedidos-incluir?pendencia=${it.seq}`,
});

/**
 * The edit of a stored draft (status orcamento): PATCH with the versao it was edited on, the whole
 * draft re-priced by the server (enviar: true sends it too). Until the answer, the device shows
 * the edited lines with its own prices, keeping the order's number and history.
 */
export const atualizarPedidoOp = declararOperacao<CriarPedido, Pedido>({
  nome: 'pedidos.atualizar',
  colecao: colecaoPedidos,
  especie: PEDIDO,
  alvo: (d) => d.corpo.id ?? '',
  enviar: (d, it, signal) => {
    const { id, ...corpo } = d.corpo;
    return atualizarPedido(id ?? '', { ...corpo, versao: versaoDe(it.base) }, signal);
  },
  local: (r, d) => (r ? { ...d.previa, numero: r.numero, historico: r.historico, criado_em: r.criado_em, versao: r.versao, status: r.status } : d.previa),
  descrever: (d) => `Alterar pedido para ${d.previa.cliente.nome || 'cliente'}`,
  corrigir: (it) => `/crm-vendas-pedidos-incluir?pendencia=${it.seq}`,
});

/**
 * The statuses an action leads to (a replay whose answer was lost finds the order there): the
 * contract's sets (contracts/pedidos.json), which the server's flow is tested against.
 */
const DESTINOS: Record<AcaoPedido | 'cancelar', readonly string[]> = {
  enviar: STATUS_DEPOIS_DE_ENVIAR,
  aprovar: STATUS_ENVIADO,
  reprovar: STATUS_DEPOIS_DE_REPROVAR,
  reabrir: STATUS_DEPOIS_DE_REABRIR,
  cancelar: STATUS_DEPOIS_DE_CANCELAR,
};

/** How the order shows while the action waits (enviar: the server decides; it stays as it is). */
const LOCAL: Record<AcaoPedido, (p: Pedido) => Pedido> = {
  enviar: (p) => p,
  aprovar: (p) => ({ ...p, status: 'enviado' }),
  reprovar: (p) => ({ ...p, status: 'reprovado' }),
  reabrir: (p) => ({ ...p, status: 'orcamento' }),
};

const VERBOS: Record<AcaoPedido, string> = { enviar: 'Enviar', aprovar: 'Aprovar', reprovar: 'Reprovar', reabrir: 'Reabrir' };

export interface AcaoNoPedido {
  id: string;
  observacao?: string;
  /** "Nº 123 de Mercado Bom Preço" (the outbox list). */
  rotulo: string;
}

const versaoDe = (base: number) => (base ? String(base) : undefined);

/**
 * A refused action already holds when the order is where it leads (its first answer was lost).
 * A send refused because the server re-priced the draft (409 PRECOS_ALTERADOS) brings the
 * re-priced draft, with its precos_alterados, to the device for the seller to review.
 */
async function jaFeita(err: ApiError, id: string, destinos: readonly string[]): Promise<Pedido | null> {
  if (err.motivo === Motivo.PrecosAlterados && destinos === DESTINOS.enviar) {
    const rascunho = await obterPedido(id).catch(() => null);
    return rascunho?.status === 'orcamento' ? rascunho : null;
  }
  if (err.status !== 409 && err.motivo !== Motivo.VersaoDesatualizada && err.motivo !== Motivo.TransicaoNaoPermitida) return null;
  const atual = await obterPedido(id).catch(() => null);
  return atual && destinos.includes(atual.status) ? atual : null;
}

function acao(a: AcaoPedido) {
  return declararOperacao<AcaoNoPedido, Pedido>({
    nome: `pedidos.${a}`,
    colecao: colecaoPedidos,
    especie: PEDIDO,
    alvo: (d) => d.id,
    enviar: (d, it, signal) => acaoPedido(d.id, a, { versao: versaoDe(it.base), observacao: d.observacao ?? '' }, signal),
    local: (r) => (r ? LOCAL[a](r) : null),
    jaAplicada: (err, d) => jaFeita(err, d.id, DESTINOS[a]),
    descrever: (d) => `${VERBOS[a]} pedido ${d.rotulo}`,
  });
}

export const enviarPedidoOp = acao('enviar');
export const aprovarPedidoOp = acao('aprovar');
export const reprovarPedidoOp = acao('reprovar');
export const reabrirPedidoOp = acao('reabrir');

export const cancelarPedidoOp = declararOperacao<AcaoNoPedido & { motivo: string }, Pedido>({
  nome: 'pedidos.cancelar',
  colecao: colecaoPedidos,
  especie: PEDIDO,
  alvo: (d) => d.id,
  enviar: (d, it, signal) => cancelarPedido(d.id, { versao: versaoDe(it.base), motivo: d.motivo }, signal),
  local: (r, d) => (r ? { ...r, status: 'cancelado', motivo_cancelamento: d.motivo } : null),
  jaAplicada: (err, d) => jaFeita(err, d.id, DESTINOS.cancelar),
  descrever: (d) => `Cancelar pedido ${d.rotulo}`,
});

export interface DuplicarPedido {
  /** The order copied. */
  id: string;
  novo_id: string;
  /** Another customer ('' = the same). */
  cliente_id: string;
  /** The copy as the device shows it until the server re-prices it (numero 0, orcamento). */
  previa: Pedido;
  rotulo: string;
}

/** The copy shown on the device: same items, a new draft (the server re-prices it today). */
export function previaDuplicada(p: Pedido, novoId: string, cliente?: { id: string; cliente: Pedido['cliente'] }, agora = new Date().toISOString()): Pedido {
  return {
    ...p,
    id: novoId,
    numero: '0',
    status: 'orcamento',
    cliente_id: cliente?.id || p.cliente_id,
    cliente: cliente?.cliente ?? p.cliente,
    motivos_aprovacao: [],
    historico: [],
    notas_fiscais: [],
    precos_alterados: [],
    enviado_em: '',
    faturado_centavos: '0',
    faturamento_parcial: false,
    motivo_cancelamento: '',
    versao: '0',
    criado_em: agora,
    alterado_em: agora,
  };
}

export const duplicarPedidoOp = declararOperacao<DuplicarPedido, Pedido>({
  nome: 'pedidos.duplicar',
  colecao: colecaoPedidos,
  especie: PEDIDO,
  alvo: (d) => d.novo_id,
  // Behind the original's changes (an order created offline is copied after it reaches the server).
  fila: (d) => `pedidos/${d.id}`,
  enviar: (d, _it, signal) => duplicarPedido(d.id, { novo_id: d.novo_id, cliente_id: d.cliente_id || undefined }, signal),
  local: (r, d) => r ?? d.previa,
  descrever: (d) => `Duplicar pedido ${d.rotulo}`,
});

export interface StatusNoPedido {
  id: string;
  status: AlterarStatusCorpo['status'];
  nota_fiscal?: AlterarStatusCorpo['nota_fiscal'];
  rotulo: string;
}

/** Where an ADMIN's step leads (the contract's sets, as DESTINOS). */
const DEPOIS_DE: Record<StatusNoPedido['status'], readonly string[]> = {
  em_separacao: STATUS_DEPOIS_DE_SEPARAR,
  faturado: STATUS_DEPOIS_DE_FATURAR,
  entregue: STATUS_DEPOIS_DE_ENTREGAR,
};

/** The ADMIN moves a sent order on (the ERP does it through the API). */
export const alterarStatusPedidoOp = declararOperacao<StatusNoPedido, Pedido>({
  nome: 'pedidos.status',
  colecao: colecaoPedidos,
  especie: PEDIDO,
  alvo: (d) => d.id,
  enviar: (d, it, signal) => alterarStatusPedido(d.id, { versao: versaoDe(it.base), status: d.status, nota_fiscal: d.nota_fiscal }, signal),
  local: (r, d) => (r ? { ...r, status: d.status } : null),
  // A further invoice of a partial one leaves it faturado: only a lost answer of a status change is recognised.
  jaAplicada: (err, d) => (d.nota_fiscal ? Promise.resolve(null) : jaFeita(err, d.id, DEPOIS_DE[d.status])),
  descrever: (d) => `Pedido ${d.rotulo}: ${ROTULOS_STATUS_PEDIDO[d.status]}${d.nota_fiscal ? ` (nota fiscal ${d.nota_fiscal.numero})` : ''}`,
});

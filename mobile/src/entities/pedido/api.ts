// Calls of the orders API (sales service, /crm/pedidos and /crm/vendas/resumo), shared by the
// orders screens, the device collection and the outbox operations.
import { api, apiArquivo, seg } from '../../lib/api/client';
import type {
  AlteracoesPedidosResposta,
  CriarPedidoPedido,
  ListarPedidosParametros,
  ListarPedidosResposta,
  Pedido,
  ResumoVendas,
} from '../../lib/api/types';

export const chavesPedidos = {
  todos: ['pedidos'] as const,
  lista: (p: ListarPedidosParametros) => ['pedidos', 'lista', p] as const,
  um: (id: string) => ['pedidos', 'um', id] as const,
  resumo: (mes: string, vendedor: string) => ['pedidos', 'resumo', mes, vendedor] as const,
};

export function listarPedidos(p: ListarPedidosParametros, signal?: AbortSignal) {
  return api<ListarPedidosResposta>('/pedidos', { query: p, signal });
}

export function alteracoesPedidos(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesPedidosResposta>('/pedidos/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

export function obterPedido(id: string, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}`, { signal });
}

export function criarPedido(body: CriarPedidoPedido, signal?: AbortSignal) {
  return api<Pedido>('/pedidos', { method: 'POST', body, signal });
}

export type AtualizarPedidoCorpo = Omit<CriarPedidoPedido, 'id'> & { versao?: string };

export function atualizarPedido(id: string, body: AtualizarPedidoCorpo, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}`, { method: 'PATCH', body, signal });
}

export type AcaoPedido = 'enviar' | 'aprovar' | 'reprovar' | 'reabrir';

export function acaoPedido(id: string, acao: AcaoPedido, body: { versao?: string; observacao?: string }, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}/${acao}`, { method: 'POST', body, signal });
}

export function cancelarPedido(id: string, body: { versao?: string; motivo: string }, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}/cancelar`, { method: 'POST', body, signal });
}

export function duplicarPedido(id: string, body: { novo_id: string; cliente_id?: string }, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}/duplicar`, { method: 'POST', body, signal });
}

/** The states after enviado (ADMIN, or the ERP): em_separacao, faturado with an invoice, entregue. */
export interface AlterarStatusCorpo {
  versao?: string;
  status: 'em_separacao' | 'faturado' | 'entregue';
  observacao?: string;
  nota_fiscal?: { numero: string; valor_centavos: string };
}

export function alterarStatusPedido(id: string, body: AlterarStatusCorpo, signal?: AbortSignal) {
  return api<Pedido>(`/pedidos/${seg(id)}/status`, { method: 'POST', body, signal });
}

export function pdfPedido(id: string, signal?: AbortSignal) {
  return apiArquivo(`/pedidos/${seg(id)}/pdf`, { signal });
}

export function resumoVendas(mes: string, vendedorId = '', signal?: AbortSignal) {
  return api<ResumoVendas>('/vendas/resumo', { query: { mes, vendedor_id: vendedorId || undefined }, signal });
}

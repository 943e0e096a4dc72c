// "The seller is told": when the orders' feed brings one of the seller's own orders approved or
// rejected by the supervisor (or an ADMIN) since the device last saw it waiting, the app says so
// (the app shell listens: app/StartupTasks). A new device's first copy tells nothing: it had
// never seen the order waiting.
import type { Pedido } from '../../lib/api/types';
import { tituloPedido } from './status';

export interface DecisaoPedido {
  id: string;
  aprovado: boolean;
  texto: string;
}

/** The decision this change brings to the seller operador, or null. */
export function decisaoParaOVendedor(antes: Pick<Pedido, 'status'> | undefined, depois: Pedido | null, operador: string): DecisaoPedido | null {
  if (!antes || !depois || antes.status !== 'aguardando_aprovacao' || !operador || depois.vendedor_id !== operador) return null;
  const ultimo = depois.historico?.[depois.historico.length - 1];
  if (!ultimo || (ultimo.acao !== 'aprovado' && ultimo.acao !== 'reprovado') || ultimo.por === operador) return null;
  const aprovado = ultimo.acao === 'aprovado';
  if ((aprovado && depois.status !== 'enviado') || (!aprovado && depois.status !== 'reprovado')) return null;
  const quem = depois.cliente?.nome ? ` (${depois.cliente.nome})` : '';
  const obs = ultimo.observacao?.trim() ? `: ${ultimo.observacao.trim()}` : '.';
  return {
    id: depois.id,
    aprovado,
    texto: `Pedido ${tituloPedido(depois)}${quem} ${aprovado ? 'aprovado' : 'reprovado'}${obs}`,
  };
}

const ouvintes = new Set<(d: DecisaoPedido) => void>();

/** Listens to the decisions the feed brings (returns the unsubscribe). */
export function assinarDecisoes(f: (d: DecisaoPedido) => void): () => void {
  ouvintes.add(f);
  return () => {
    ouvintes.delete(f);
  };
}

export function avisarDecisoes(ds: readonly DecisaoPedido[]): void {
  for (const d of ds) for (const f of ouvintes) f(d);
}

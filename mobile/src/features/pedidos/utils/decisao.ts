// The supervisor's decision on an order (issue 21 §3): who decided — by name: the server keeps
// the author's name on each history event (por_nome), since a seller may not list the company's
// operators —, when, and the note; the decisions a seller has not seen yet.
import type { EventoPedido, Pedido } from '../../../lib/api/types';

export interface Decisao {
  aprovado: boolean;
  /** Who decided, as a user reads it. */
  quem: string;
  /** When (ISO). */
  em: string;
  observacao: string;
}

/**
 * Who recorded a history event, as a user reads it: the name the server kept with the event,
 * else the name the device knows for the id (conhecidos: a manager's list of operators, the
 * operator themself), else a neutral word — never an operator id.
 */
export function autorDoEvento(h: Pick<EventoPedido, 'por' | 'por_nome'>, conhecidos: ReadonlyMap<string, string>): string {
  return h.por_nome?.trim() || conhecidos.get(h.por)?.trim() || (h.por ? 'outro operador' : 'o sistema');
}

/**
 * The decision that stands on the order: its last approval or rejection, unless the order was
 * sent again after it (a new round of approval); null when there is none.
 */
export function decisaoDoPedido(p: Pick<Pedido, 'historico'>, conhecidos: ReadonlyMap<string, string>): Decisao | null {
  const h = p.historico ?? [];
  for (let i = h.length - 1; i >= 0; i--) {
    const e = h[i];
    if (e.acao === 'enviado') return null;
    if (e.acao === 'aprovado' || e.acao === 'reprovado') {
      return { aprovado: e.acao === 'aprovado', quem: autorDoEvento(e, conhecidos), em: e.em, observacao: e.observacao?.trim() ?? '' };
    }
  }
  return null;
}

/** The rejection a seller is correcting: an order back in orcamento whose standing decision is a rejection. */
export function reprovacaoACorrigir(p: Pick<Pedido, 'historico' | 'status'>, conhecidos: ReadonlyMap<string, string>): Decisao | null {
  if (p.status !== 'orcamento') return null;
  const d = decisaoDoPedido(p, conhecidos);
  return d && !d.aprovado ? d : null;
}

/** What the device remembers an operator has seen: since when it keeps count, and each order's decision seen (its time). */
export interface Vistos {
  desde: string;
  pedidos: Record<string, string>;
}

/** The key of a decision: the order and the time of its last approval or rejection (by someone else). */
function ultimaDecisao(p: Pick<Pedido, 'historico'>, operador: string): EventoPedido | null {
  const h = p.historico ?? [];
  for (let i = h.length - 1; i >= 0; i--) {
    const e = h[i];
    if (e.acao === 'enviado') return null;
    if (e.acao === 'aprovado' || e.acao === 'reprovado') return e.por === operador ? null : e;
  }
  return null;
}

export interface DecisaoNaoVista {
  pedido: Pedido;
  aprovado: boolean;
  quem: string;
  em: string;
  observacao: string;
}

/**
 * The decisions on the operator's own orders that they have not seen: approved or rejected by
 * someone else, not opened since. Decisions older than when the device started counting
 * (vistos.desde: a new device, or after signing out) count as seen, except a rejection still
 * standing (reprovado), which waits for the seller either way. Newest first.
 */
export function decisoesNaoVistas(pedidos: readonly Pedido[], operador: string, vistos: Vistos, conhecidos: ReadonlyMap<string, string>): DecisaoNaoVista[] {
  if (!operador) return [];
  const out: DecisaoNaoVista[] = [];
  for (const p of pedidos) {
    if (p.vendedor_id !== operador) continue;
    const e = ultimaDecisao(p, operador);
    if (!e || vistos.pedidos[p.id] === e.em) continue;
    const aprovado = e.acao === 'aprovado';
    if (Date.parse(e.em) < Date.parse(vistos.desde) && !(!aprovado && p.status === 'reprovado')) continue;
    out.push({ pedido: p, aprovado, quem: autorDoEvento(e, conhecidos), em: e.em, observacao: e.observacao?.trim() ?? '' });
  }
  return out.sort((a, b) => Date.parse(b.em) - Date.parse(a.em));
}

/** The time of the decision to mark seen when operador opens the order, or null. */
export function decisaoParaMarcar(p: Pick<Pedido, 'historico' | 'vendedor_id'>, operador: string): string | null {
  if (!operador || p.vendedor_id !== operador) return null;
  return ultimaDecisao(p, operador)?.em ?? null;
}

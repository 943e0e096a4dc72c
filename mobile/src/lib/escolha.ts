// The choosers shared by the screens (escolher, cidades-escolher). A screen asks with a request
// (pedido) keyed by an id, the chooser answers it, and the screen, mounted again after going
// back, takes the answer by its purpose (finalidade). Requests and answers live in
// sessionStorage (with a memory fallback), so a reload of the chooser keeps its options; they
// never touch localStorage (SPEC §3 keys only) and sign-out clears them.
import { novoId } from './uuid';

export interface OpcaoEscolha {
  valor: string;
  rotulo: string;
  detalhe?: string;
}

export interface PedidoEscolha {
  id: string;
  /** Which question of the caller this answers, e.g. 'crm-clientes/vendedor'. */
  finalidade: string;
  titulo: string;
  /** The options (escolher). cidades-escolher searches the server instead. */
  opcoes: OpcaoEscolha[];
  multipla: boolean;
  /** Values chosen before. */
  selecionados: string[];
  /** Where to go back when the chooser was opened without history. */
  voltarPara: string;
  /** An extra first option with value '' (e.g. 'Todos'). */
  opcaoTodos?: string;
  /** 'cidades' for cidades-escolher (IBGE cities). */
  tipo?: 'lista' | 'cidades';
  /** cidades-escolher: the state to start with. */
  uf?: string;
  /** Echoed in the answer (e.g. which region the choice is for). */
  contexto?: string;
}

export interface ResultadoEscolha {
  /** The request answered. */
  pedido: string;
  valores: string[];
  /** The chosen options, in the order shown. */
  opcoes: OpcaoEscolha[];
  contexto?: string;
}

const PREFIXO_PEDIDO = 'crm:escolha:pedido:';
const PREFIXO_RESULTADO = 'crm:escolha:resultado:';
const memoria = new Map<string, string>();

function guardar(k: string, v: string | null): void {
  try {
    if (v === null) sessionStorage.removeItem(k);
    else sessionStorage.setItem(k, v);
    return;
  } catch {
    /* no session storage: memory */
  }
  if (v === null) memoria.delete(k);
  else memoria.set(k, v);
}

function ler(k: string): string | null {
  try {
    const v = sessionStorage.getItem(k);
    if (v !== null) return v;
  } catch {
    /* memory */
  }
  return memoria.get(k) ?? null;
}

/** Stores a request; the caller then navigates to rotaDaEscolha(pedido). */
export function criarPedido(p: Omit<PedidoEscolha, 'id'>): PedidoEscolha {
  const pedido: PedidoEscolha = { ...p, id: novoId() };
  guardar(PREFIXO_PEDIDO + pedido.id, JSON.stringify(pedido));
  // A stale answer for the same purpose must not be taken for this one.
  guardar(PREFIXO_RESULTADO + p.finalidade, null);
  return pedido;
}

export function lerPedido(id: string | null | undefined): PedidoEscolha | null {
  if (!id) return null;
  const v = ler(PREFIXO_PEDIDO + id);
  if (!v) return null;
  try {
    return JSON.parse(v) as PedidoEscolha;
  } catch {
    return null;
  }
}

export function rotaDaEscolha(p: PedidoEscolha): string {
  return `/${p.tipo === 'cidades' ? 'cidades-escolher' : 'escolher'}?pedido=${encodeURIComponent(p.id)}`;
}

/** The chooser's answer: kept for the caller, the request is dropped. */
export function responderPedido(p: PedidoEscolha, opcoes: OpcaoEscolha[]): void {
  const r: ResultadoEscolha = { pedido: p.id, valores: opcoes.map((o) => o.valor), opcoes, contexto: p.contexto };
  guardar(PREFIXO_RESULTADO + p.finalidade, JSON.stringify(r));
  guardar(PREFIXO_PEDIDO + p.id, null);
}

/** Cancel: the request is dropped, nothing is answered. */
export function cancelarPedido(p: PedidoEscolha): void {
  guardar(PREFIXO_PEDIDO + p.id, null);
}

/** The answer for a purpose, once: taking it removes it. */
export function tomarResultado(finalidade: string): ResultadoEscolha | null {
  const v = ler(PREFIXO_RESULTADO + finalidade);
  if (!v) return null;
  guardar(PREFIXO_RESULTADO + finalidade, null);
  try {
    return JSON.parse(v) as ResultadoEscolha;
  } catch {
    return null;
  }
}

// What an order offers by its status and the operator's role, and the list's filters. The server
// decides (TRANSICAO_NAO_PERMITIDA, APROVACAO_NAO_PERMITIDA): this only hides what it would refuse,
// from the same sets of statuses (contracts/pedidos.json).
import type { Pedido } from '../../../lib/api/types';
import { pode } from '../../../lib/permissoes';
import { numeroPedido, rotuloStatusPedido, tituloPedido } from '../../../entities/pedido/status';
import {
  statusEditavel,
  statusEnviado,
  statusPodeCancelar,
  statusPodeDecidir,
  statusPodeEntregar,
  statusPodeEnviar,
  statusPodeFaturar,
  statusPodeReabrir,
  statusPodeSeparar,
} from '../../../lib/contratos/pedidos.gen';

export type AcaoTela = 'alterar' | 'separar' | 'faturar' | 'entregar' | 'enviar' | 'cancelar' | 'reabrir' | 'duplicar' | 'aprovar' | 'reprovar' | 'pdf' | 'whatsapp';

export function acoesDoPedido(p: Pick<Pedido, 'status' | 'numero' | 'tipo'> & { faturamento_parcial?: boolean }, perfil: string | null | undefined): AcaoTela[] {
  const out: AcaoTela[] = [];
  // After enviado: an ADMIN (the ERP uses the API).
  if (pode(perfil, 'pedidos.status')) {
    if (statusPodeSeparar(p.status)) out.push('separar');
    if (statusPodeFaturar(p.status) || (p.status === 'faturado' && p.faturamento_parcial)) out.push('faturar');
    if (statusPodeEntregar(p.status)) out.push('entregar');
  }
  if (statusEditavel(p.status)) out.push('alterar');
  if (statusPodeEnviar(p.status) && p.tipo !== 'orcamento') out.push('enviar');
  if (statusPodeDecidir(p.status) && pode(perfil, 'pedidos.aprovar')) out.push('aprovar', 'reprovar');
  if (statusPodeReabrir(p.status)) out.push('reabrir');
  if (statusPodeCancelar(p.status)) out.push('cancelar');
  out.push('duplicar', 'pdf', 'whatsapp');
  return out;
}

/** The chip of an order in lists: "A enviar" before the server numbered it, else its status. */
export function rotuloNaLista(p: Pick<Pedido, 'status' | 'numero'>): string {
  return numeroPedido(p) ? rotuloStatusPedido(p.status) : 'A enviar';
}

export { tituloPedido };

export const FILTROS = [
  { valor: '', rotulo: 'Todos' },
  { valor: 'a_enviar', rotulo: 'A enviar' },
  { valor: 'orcamento', rotulo: 'Orçamentos' },
  { valor: 'aguardando_aprovacao', rotulo: 'Aguardando aprovação' },
  { valor: 'enviado', rotulo: 'Enviados' },
  { valor: 'reprovado', rotulo: 'Reprovados' },
  { valor: 'cancelado', rotulo: 'Cancelados' },
] as const;

/**
 * The status filters of the orders list: a manager's "aguardando aprovação" is the one
 * "Aprovações" entry (the server's queue), so the device filter that reads alike is not offered.
 */
export function filtrosDaLista(gestor: boolean): readonly (typeof FILTROS)[number][] {
  return gestor ? FILTROS.filter((f) => f.valor !== 'aguardando_aprovacao') : FILTROS;
}

/** Whether an order passes a filter of the list ('a_enviar': not numbered yet, or a change waits). */
export function passaNoFiltro(p: Pick<Pedido, 'status' | 'numero'> & { _pendente?: boolean }, filtro: string): boolean {
  if (!filtro) return true;
  if (filtro === 'a_enviar') return !numeroPedido(p) || Boolean(p._pendente);
  if (filtro === 'enviado') return statusEnviado(p.status);
  return p.status === filtro;
}

// The visits on the device: the caller's scope (a seller's own, a SUPERVISOR's team, an ADMIN's
// company) over the feed GET /crm/visitas/alteracoes, newest check-in first. The device keeps the
// contract's window (DIAS_NO_APARELHO, 90 days, by the check-in's day): the feed has none, so its
// pages drop what is older (lib/sync/janela). A check-in or check-out made offline shows at once:
// its outbox item lays the visit over the copy (./operacoes, local) until the server answers.
import type { Visita } from '../../lib/api/types';
import { DIAS_NO_APARELHO } from '../../lib/contratos/pedidos.gen';
import { definirColecao, paginaDoFeed, useColecao, type Colecao, type Indexado, type PaginaFeed } from '../../lib/sync/colecao';
import { foraDaJanela, semAntigos } from '../../lib/sync/janela';
import { dobrar } from '../../lib/texto';
import { alteracoesVisitas } from './api';

export type VisitaLocal = Visita & Indexado;

/** Sort keys newest first: the inverse of the check-in time, fixed width. */
const MAX_MS = 9_999_999_999_999;

export function indexarVisita(v: Visita): VisitaLocal {
  const t = Date.parse(v.inicio) || 0;
  return { ...v, _busca: dobrar(v.cliente_nome), _ordem: `${String(MAX_MS - t).padStart(13, '0')}\u0000${v.id}` };
}

/** Whether a visit is older than what the device keeps (by its check-in). */
export const visitaAntiga = (v: Pick<Visita, 'inicio'>, agora = Date.now()) => foraDaJanela(v.inicio, DIAS_NO_APARELHO, agora);

export const colecaoVisitas: Colecao<Visita, VisitaLocal> = definirColecao<Visita, VisitaLocal>({
  nome: 'visitas',
  rotulos: { copia: 'as visitas', itens: 'visitas', incompleta: 'As visitas ainda estão sendo baixadas', feminino: true },
  buscar: async (desde, tamanho): Promise<PaginaFeed<Visita>> => {
    const pagina = paginaDoFeed(await alteracoesVisitas(desde, tamanho), (a) => a.visita);
    // Only the server's records (pending ones are the outbox's and never age out here).
    const guardados: Visita[] = pagina.mais ? [] : (await colecaoVisitas.lista()).filter((v) => !v._pendente);
    const agora = Date.now();
    return semAntigos(pagina, guardados, (v) => visitaAntiga(v, agora));
  },
  versao: (v) => Number(v.versao) || 0,
  excluido: (v) => Boolean(v.excluido),
  indexar: indexarVisita,
});

/** The visits on the device, newest first (null while they load), with the pending ones. */
export const useVisitasDoAparelho = (): VisitaLocal[] | null => useColecao(colecaoVisitas);

/** A customer's visits among the device's, newest first (with a seller: that seller's). */
export function visitasDoCliente(todas: readonly VisitaLocal[], clienteId: string, vendedorId = ''): VisitaLocal[] {
  return todas.filter((v) => v.cliente_id === clienteId && (!vendedorId || v.vendedor_id === vendedorId));
}

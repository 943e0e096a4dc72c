// The orders' device collection: the caller's scope (a seller's own orders, a supervisor's team)
// over GET /crm/pedidos/alteracoes, newest first. The device keeps 90 days: the collection
// framework has no age limit, so the feed's pages drop what is older (see semAntigos).
import type { Pedido } from '../../lib/api/types';
import { definirColecao, paginaDoFeed, useColecao, useSituacaoColecao, type Colecao, type Indexado, type PaginaFeed } from '../../lib/sync/colecao';
import { foraDaJanela, semAntigos as semAntigosDaJanela } from '../../lib/sync/janela';
import { dobrar } from '../../lib/texto';
import { alteracoesPedidos, listarPedidos } from './api';
import { readProfile } from '../../lib/storage';
import { avisarDecisoes, decisaoParaOVendedor, type DecisaoPedido } from './decisoes';
import { DIAS_NO_APARELHO } from '../../lib/contratos/pedidos.gen';

export type PedidoLocal = Pedido & Indexado;

export { DIAS_NO_APARELHO };
/** Sort keys newest first: the inverse of the creation time, fixed width. */
const MAX_MS = 9_999_999_999_999;

export function indexarPedido(p: Pedido): PedidoLocal {
  const t = Date.parse(p.criado_em) || 0;
  return {
    ...p,
    _busca: `${p.numero && p.numero !== '0' ? p.numero : ''} ${dobrar(p.cliente?.nome)} ${(p.cliente?.documento ?? '').replace(/\D/g, '')}`,
    _ordem: `${String(MAX_MS - t).padStart(13, '0')}\u0000${p.id}`,
  };
}

/** Whether an order is older than what the device keeps (by its last change). */
export function antigo(p: Pick<Pedido, 'alterado_em' | 'criado_em'>, agora = Date.now()): boolean {
  return foraDaJanela(p.alterado_em || p.criado_em, DIAS_NO_APARELHO, agora);
}

/**
 * A feed page without the orders older than 90 days (they become removals), and on the last page
 * the removal of every stored order that has since grown old.
 */
export function semAntigos(pagina: PaginaFeed<Pedido>, guardados: readonly Pedido[], agora = Date.now()): PaginaFeed<Pedido> {
  return semAntigosDaJanela(pagina, guardados, (p) => antigo(p, agora));
}

export const colecaoPedidos: Colecao<Pedido, PedidoLocal> = definirColecao<Pedido, PedidoLocal>({
  nome: 'pedidos',
  rotulos: { copia: 'os pedidos', itens: 'pedidos', incompleta: 'Os pedidos ainda estão sendo baixados' },
  tamanhoPagina: 500,
  buscar: async (desde, tamanho): Promise<PaginaFeed<Pedido>> => {
    const pagina = paginaDoFeed(await alteracoesPedidos(desde, tamanho), (a) => a.pedido);
    // The seller's orders decided since the device saw them waiting (decisoes.ts).
    const operador = readProfile()?.operador ?? '';
    const decisoes: DecisaoPedido[] = [];
    for (const m of pagina.mudancas) {
      if (!m.registro || m.registro.vendedor_id !== operador || (m.registro.status !== 'enviado' && m.registro.status !== 'reprovado')) continue;
      const d = decisaoParaOVendedor(await colecaoPedidos.doServidor(m.id), m.registro, operador);
      if (d) decisoes.push(d);
    }
    avisarDecisoes(decisoes);
    // Only the server's records (pending ones are the outbox's and never age out here).
    const guardados: Pedido[] = pagina.mais ? [] : (await colecaoPedidos.lista()).filter((p) => !p._pendente);
    return semAntigos(pagina, guardados);
  },
  versao: (p) => Number(p.versao) || 0,
  excluido: (p) => Boolean(p.excluido),
  indexar: indexarPedido,
  // During the first copy a search also asks the server (number, customer's name or document),
  // in the seller a manager chose.
  buscarNoServidor: async (q, { limite, filtros, signal }) => (await listarPedidos({ q, vendedor: filtros.vendedor, page_size: limite }, signal)).pedidos,
});

/** The orders on the device, newest first (null while they load), with the pending ones. */
export function usePedidosDoAparelho(): PedidoLocal[] | null {
  return useColecao(colecaoPedidos);
}

export function useSituacaoPedidos() {
  return useSituacaoColecao(colecaoPedidos);
}

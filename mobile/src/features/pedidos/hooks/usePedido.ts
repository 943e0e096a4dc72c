// One order for a screen: as the device has it (with the changes waiting to be sent laid over),
// refreshed from the server when it can be reached (and kept in the device copy, version-aware).
import { useQuery } from '@tanstack/react-query';
import { falhaDeConexao } from '../../../lib/api/client';
import { chavesPedidos, obterPedido } from '../../../entities/pedido/api';
import { colecaoPedidos, usePedidosDoAparelho, type PedidoLocal } from '../../../entities/pedido/colecao';

export function usePedido(id: string): { pedido: PedidoLocal | undefined; carregando: boolean; erro: unknown; daCopia: boolean } {
  const lista = usePedidosDoAparelho();
  const q = useQuery({
    queryKey: chavesPedidos.um(id),
    queryFn: async ({ signal }) => {
      const p = await obterPedido(id, signal);
      await colecaoPedidos.guardar([p]).catch(() => undefined);
      return p;
    },
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
  });
  const local = lista ? colecaoPedidos.emMemoriaPorId(id) : undefined;
  const semServidor = q.isError && falhaDeConexao(q.error);
  const pedido = local ?? (q.data ? colecaoPedidos.def.indexar(q.data) : undefined);
  return {
    pedido,
    carregando: !pedido && (q.isPending || (semServidor && lista === null)),
    erro: pedido ? null : q.error,
    daCopia: Boolean(pedido) && semServidor,
  };
}

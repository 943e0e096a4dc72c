// A search's orders as a CSV file Excel pt-BR opens (";" separator, UTF-8 BOM).
import type { Pedido } from '../../../lib/api/types';
import { gerarCsv } from '../../../lib/csv';
import { formatarDocumento } from '../../../lib/format/document';
import { formatarDataHora, hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { dataCurta, numeroPedido, rotuloStatusPedido } from './espelho';

export const CABECALHO_PEDIDOS = ['Número', 'Data', 'Status', 'Tipo', 'Cliente', 'CPF/CNPJ', 'Vendedor', 'Condição', 'Produtos', 'IPI', 'ST', 'Frete', 'Total', 'Entrega'] as const;

export function csvDosPedidos(pedidos: readonly Pedido[], nomeVendedor: (id: string) => string): string {
  return gerarCsv(
    CABECALHO_PEDIDOS,
    pedidos.map((p) => [
      numeroPedido(p) || 'a enviar',
      formatarDataHora(p.criado_em),
      rotuloStatusPedido(p.status),
      p.tipo,
      p.cliente?.nome ?? '',
      p.cliente?.documento ? formatarDocumento(p.cliente.documento) : '',
      nomeVendedor(p.vendedor_id),
      p.condicao_nome,
      formatarMoeda(p.total_produtos_centavos),
      formatarMoeda(p.total_ipi_centavos),
      formatarMoeda(p.total_st_centavos),
      formatarMoeda(p.frete_centavos),
      formatarMoeda(p.total_centavos),
      dataCurta(p.data_entrega),
    ]),
  );
}

export function nomeArquivoPedidos(agora = new Date()): string {
  return `pedidos-${hojeIso(agora)}.csv`;
}

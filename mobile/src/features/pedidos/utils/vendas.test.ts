import { describe, expect, it } from 'vitest';
import type { Pedido } from '../../../lib/api/types';
import { diaDoPedido, figurasDoAparelho } from './vendas';

const p = (status: string, em: string, cliente: string, produtos: number, total: number) =>
  ({ status, enviado_em: em, criado_em: em, cliente_id: cliente, total_produtos_centavos: String(produtos), total_centavos: String(total) }) as unknown as Pedido;

describe('sales figures from the device', () => {
  it('count the orders from enviado, by their day in São Paulo', () => {
    const lista = [
      p('enviado', '2026-11-23T13:00:00Z', 'a', 1000, 1100),
      p('faturado', '2026-11-02T13:00:00Z', 'b', 500, 550),
      p('entregue', '2026-11-23T02:00:00Z', 'a', 200, 200), // 22/11 23:00 in São Paulo
      p('orcamento', '2026-11-23T13:00:00Z', 'c', 9999, 9999),
      p('cancelado', '2026-11-23T13:00:00Z', 'c', 9999, 9999),
      p('aguardando_aprovacao', '2026-11-23T13:00:00Z', 'c', 9999, 9999),
      p('enviado', '2026-10-31T13:00:00Z', 'd', 7000, 7000),
    ];
    expect(diaDoPedido(lista[2])).toBe('2026-11-22');
    expect(figurasDoAparelho(lista, '2026-11')).toEqual({ valor_centavos: 1700, total_centavos: 1850, pedidos: 3, clientes: 2 });
    expect(figurasDoAparelho(lista, '2026-11-23')).toEqual({ valor_centavos: 1000, total_centavos: 1100, pedidos: 1, clientes: 1 });
  });
});

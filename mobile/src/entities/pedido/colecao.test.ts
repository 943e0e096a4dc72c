import { describe, expect, it } from 'vitest';
import type { Pedido } from '../../lib/api/types';
import { indexarPedido, semAntigos } from './colecao';

const pedido = (id: string, criado: string, extra: Partial<Pedido> = {}) =>
  ({ id, numero: '7', criado_em: criado, alterado_em: criado, cliente: { nome: 'Padaria São João', documento: '11.222.333/0001-81' }, ...extra }) as unknown as Pedido;

describe('orders on the device', () => {
  it('sort newest first and are found by number, customer name and document', () => {
    const a = indexarPedido(pedido('a', '2026-11-01T10:00:00Z'));
    const b = indexarPedido(pedido('b', '2026-11-20T10:00:00Z'));
    expect([a, b].sort((x, y) => (x._ordem < y._ordem ? -1 : 1)).map((x) => x.id)).toEqual(['b', 'a']);
    expect(a._busca).toContain('7');
    expect(a._busca).toContain('padaria sao joao');
    expect(a._busca).toContain('11222333000181');
    expect(indexarPedido(pedido('c', '2026-11-01T10:00:00Z', { numero: '0' }))._busca.trim()).not.toMatch(/^0/);
  });

  it('keep 90 days: older ones in a page and, on the last page, stored ones grown old are dropped', () => {
    const agora = Date.parse('2026-11-23T12:00:00Z');
    const novo = pedido('novo', '2026-11-20T10:00:00Z');
    const velho = pedido('velho', '2026-07-01T10:00:00Z');
    const guardadoVelho = pedido('g', '2026-08-01T10:00:00Z');
    const guardadoNovo = pedido('h', '2026-11-01T10:00:00Z');
    const pagina = { mudancas: [novo, velho].map((p) => ({ id: p.id, removido: false, registro: p })), cursor: 'x', mais: false };
    const r = semAntigos(pagina, [guardadoVelho, guardadoNovo], agora);
    expect(r.mudancas.map((m) => [m.id, m.removido])).toEqual([
      ['novo', false],
      ['velho', true],
      ['g', true],
    ]);
    expect(semAntigos({ ...pagina, mais: true }, [guardadoVelho], agora).mudancas.map((m) => m.id)).toEqual(['novo', 'velho']);
  });
});

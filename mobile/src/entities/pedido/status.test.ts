import { describe, expect, it } from 'vitest';
import { emAbertoDoCliente, rotuloTipoPedido, tituloPedido } from './status';

describe('an order as the user reads it', () => {
  it('the customer\'s open total counts what counts on credit: waiting, sent, in separation', () => {
    const ps = [
      { cliente_id: 'c1', status: 'aguardando_aprovacao', total_centavos: '1000' },
      { cliente_id: 'c1', status: 'enviado', total_centavos: '2500' },
      { cliente_id: 'c1', status: 'em_separacao', total_centavos: '100' },
      { cliente_id: 'c1', status: 'faturado', total_centavos: '9000' },
      { cliente_id: 'c1', status: 'orcamento', total_centavos: '9000' },
      { cliente_id: 'c1', status: 'cancelado', total_centavos: '9000' },
      { cliente_id: 'c2', status: 'enviado', total_centavos: '9000' },
    ];
    expect(emAbertoDoCliente(ps, 'c1')).toEqual({ pedidos: 3, total: 3600 });
    expect(emAbertoDoCliente(ps, 'c3')).toEqual({ pedidos: 0, total: 0 });
  });

  it('a number, or "a enviar" before the server numbers it', () => {
    expect(tituloPedido({ numero: '0042' })).toBe('Nº 42');
    expect(tituloPedido({ numero: '0' })).toBe('a enviar');
  });

  it('an order type reads in pt-BR (the detail and the PDF), an unknown one as it came', () => {
    expect(rotuloTipoPedido('bonificacao')).toBe('Bonificação');
    expect(rotuloTipoPedido('venda')).toBe('Venda');
    expect(rotuloTipoPedido('consignado')).toBe('consignado');
  });
});

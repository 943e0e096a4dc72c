import { describe, expect, it } from 'vitest';
import { diasSemPedido } from './semPedido';

describe('filtro sem pedido', () => {
  it('lê os dias do parâmetro da lista de clientes', () => {
    expect(diasSemPedido('30')).toBe(30);
    expect(diasSemPedido('3650')).toBe(3650);
    for (const v of [null, '', '0', '3651', 'trinta', '-5', '30.5']) expect(diasSemPedido(v)).toBeNull();
  });
});

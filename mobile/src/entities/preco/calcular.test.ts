import { describe, expect, it } from 'vitest';
import {
  centesimos,
  dividirPar,
  ErroPreco,
  formatarCentavos,
  formatarPercentual,
  precificar,
  precificarPedido,
  type Politica,
  type Produto,
} from './calcular';
import { contrato, entradas } from './contrato.fixture';

describe('pricing on the device means what it means on the server (contracts/precos.json)', () => {
  it('has the cases', () => {
    expect(contrato.casos.length).toBeGreaterThanOrEqual(40);
  });

  it.each(contrato.casos.map((k) => [k.nome, k] as const))('%s', (_n, k) => {
    const { cliente, politica, itens, data } = entradas(k);
    const calcular = () => precificarPedido(itens, cliente, k.condicao, politica, data);
    if (k.erro) {
      let erro: unknown;
      try {
        calcular();
      } catch (e) {
        erro = e;
      }
      expect(erro).toBeInstanceOf(ErroPreco);
      const e = erro as ErroPreco;
      expect({ motivo: e.motivo, mensagem: e.message, campos: e.campos.map((c) => c.campo) }).toEqual(k.erro);
      return;
    }
    // Only the keys the case writes are compared; arrays must have the same length.
    expect(calcular()).toMatchObject(k.esperado!);
  });
});

describe('the arithmetic', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [10050n, 100n, 100n],
    [10051n, 100n, 101n],
    [10150n, 100n, 102n],
    [-10051n, 100n, -101n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%s / %s rounds half to even to %s', (num, den, q) => {
    expect(dividirPar(num, den)).toBe(q);
  });

  it('percentages become exact hundredths, and more than 2 decimals are refused', () => {
    expect([7.5, 12.25, 0.07, 0.29, 1.15, -3, 100].map(centesimos)).toEqual([750, 1225, 7, 29, 115, -300, 10000]);
    expect(() => centesimos(7.125)).toThrow(RangeError);
  });

  it('texts as the server writes them', () => {
    expect([750, 1225, 500, 5, -300, 0, 10].map(formatarPercentual)).toEqual(['7,5%', '12,25%', '5%', '0,05%', '-3%', '0%', '0,1%']);
    expect([0, 5, 50, 12345, 123456, 100000000, -150].map(formatarCentavos)).toEqual([
      'R$ 0,00',
      'R$ 0,05',
      'R$ 0,50',
      'R$ 123,45',
      'R$ 1.234,56',
      'R$ 1.000.000,00',
      '-R$ 1,50',
    ]);
  });

  it('a line of huge amounts stays exact (beyond float precision) or is refused, never rounded away', () => {
    const p: Produto = { id: 'p', codigo: 'P', grupo: '', multiplo_venda: 1, ncm: '22021000', ipi_percentual: 3.33, ativo: true };
    const pol: Politica = {
      uf_origem: 'SP',
      tabelas: [{ id: 't', padrao: true, precos: { p: { preco_centavos: 123456789012 } } }],
      vendedor: { id: 'v', desconto_maximo_percentual: 50 },
    };
    // 123.456.789.012 × 0,9877 = 121.938.270.507,1524 → …507; × 1.000 units = 121.938.270.507.000; IPI 3,33 % = 4.060.544.407.883,1 → …883
    const r = precificar({ produto: p, quantidade: 1000, desconto_percentual: 1.23 }, { id: 'c', uf: 'SP' }, null, pol, '2025-06-15');
    expect(r.preco_unitario_centavos).toBe(121938270507);
    expect(r.valor_centavos).toBe(121938270507000);
    expect(r.ipi_centavos).toBe(4060544407883);
    expect(() => precificar({ produto: p, quantidade: 100000, desconto_percentual: 0 }, { id: 'c', uf: 'SP' }, null, pol, '2025-06-15')).toThrow(
      expect.objectContaining({ motivo: 'VALOR_FORA_DO_LIMITE' }),
    );
  });
});

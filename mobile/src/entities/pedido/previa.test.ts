import { describe, expect, it } from 'vitest';
import { ErroPreco } from '../preco/calcular';
import { corpoDoPedido, pedidoDaPrevia, precificarRascunho, rascunhoVazio, type RascunhoPedido } from './previa';
import { CLIENTE, DADOS, PRODUTOS } from './teste.fixture';

const rascunho = (itens: RascunhoPedido['itens'], extra: Partial<RascunhoPedido> = {}): RascunhoPedido => ({ ...rascunhoVazio('ped-1', 'c1'), itens, ...extra });
const linha = (produto_id: string, quantidade: number, desconto_percentual = 0, bonificacao = false) => ({ produto_id, quantidade, desconto_percentual, bonificacao });
const ctx = { cliente: CLIENTE, condicao: undefined, produto: (id: string) => PRODUTOS.find((p) => p.id === id), vendedorId: 'v1', agora: '2026-11-23T12:00:00Z' };

describe('precificarRascunho', () => {
  it('totals products, IPI and freight as the device prices them', () => {
    const r = rascunho([linha('p1', 2), linha('p2', 6)], { frete_centavos: 1500 });
    const p = precificarRascunho(DADOS, 'v1', CLIENTE, null, r, '2026-11-23');
    expect(p.total_produtos_centavos).toBe(2 * 1000 + 6 * 500);
    expect(p.total_ipi_centavos).toBe(300);
    expect(p.total_centavos).toBe(5000 + 300 + 1500);
    expect(p.avisos).toEqual([]);
  });

  it('a discount over the seller cap is a reason for approval', () => {
    const p = precificarRascunho(DADOS, 'v1', CLIENTE, null, rascunho([linha('p1', 1, 10)]), '2026-11-23');
    expect(p.itens[0].preco_unitario_centavos).toBe(900);
    expect(p.avisos.map((a) => a.motivo)).toEqual(['DESCONTO_ACIMA_DO_LIMITE']);
  });

  it('a bonificação line is zero to the customer, valued at list price, and raises no warning', () => {
    const p = precificarRascunho(DADOS, 'v1', CLIENTE, null, rascunho([linha('p1', 1), linha('p1', 3, 10, true)]), '2026-11-23');
    expect(p.itens[1]).toMatchObject({ preco_unitario_centavos: 0, total_centavos: 0, preco_lista_centavos: 1000 });
    expect(p.bonificacao_centavos).toBe(3000);
    expect(p.total_centavos).toBe(1000);
    expect(p.avisos).toEqual([]);
  });

  it('a quantity off the sales multiple fails at its line, like the server', () => {
    try {
      precificarRascunho(DADOS, 'v1', CLIENTE, null, rascunho([linha('p1', 1), linha('p2', 4)]), '2026-11-23');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ErroPreco);
      expect((e as ErroPreco).campos.map((c) => c.campo)).toEqual(['itens[1].quantidade']);
    }
  });
});

describe('corpoDoPedido and pedidoDaPrevia', () => {
  const r = rascunho([linha('p1', 2, 3), linha('p2', 6, 0, true)], { frete_centavos: 700, observacoes: 'Entregar cedo', condicao_id: 'k1' });
  const p = precificarRascunho(DADOS, 'v1', CLIENTE, null, r, '2026-11-23');

  it('sends the device unit price as preco_esperado_centavos (0 on a given line) and never a total', () => {
    const corpo = corpoDoPedido(r, p, true);
    expect(corpo).toMatchObject({ id: 'ped-1', cliente_id: 'c1', condicao_id: 'k1', frete_centavos: '700', enviar: true });
    expect(corpo.itens).toEqual([
      { produto_id: 'p1', quantidade: '2', desconto_percentual: 3, bonificacao: false, preco_esperado_centavos: '970' },
      { produto_id: 'p2', quantidade: '6', desconto_percentual: 0, bonificacao: true, preco_esperado_centavos: '0' },
    ]);
    expect(JSON.stringify(corpo)).not.toContain('total');
  });

  it('shows the order at once as "a enviar" (numero 0) with the device figures', () => {
    const x = pedidoDaPrevia(r, p, ctx);
    expect(x).toMatchObject({ id: 'ped-1', numero: '0', status: 'orcamento', total_centavos: String(1940 + 700), bonificacao_centavos: '3000' });
    expect(x.cliente).toMatchObject({ nome: 'Mercado Bom Preço', telefone: '11988887777' });
    expect(x.itens[0]).toMatchObject({ codigo: '001', descricao: 'Café 500g', preco_unitario_centavos: '970', total_centavos: '1940' });
  });
});

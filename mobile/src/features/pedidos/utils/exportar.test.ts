import { describe, expect, it } from 'vitest';
import type { Pedido } from '../../../lib/api/types';
import { csvDosPedidos, nomeArquivoPedidos } from './exportar';

describe('orders CSV', () => {
  it('one row per order, pt-BR money and statuses, ";" for Excel', () => {
    const p = {
      numero: '42',
      criado_em: '2026-11-23T13:00:00Z',
      status: 'aguardando_aprovacao',
      tipo: 'venda',
      cliente: { nome: 'Mercado; Bom Preço', documento: '11222333000181' },
      vendedor_id: 'v1',
      condicao_nome: '28 dias',
      total_produtos_centavos: '123456',
      total_ipi_centavos: '0',
      total_st_centavos: '0',
      frete_centavos: '1000',
      total_centavos: '124456',
      data_entrega: '2026-11-30',
    } as unknown as Pedido;
    const csv = csvDosPedidos([p], () => 'Ana');
    const linhas = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0].split(';')[0]).toBe('Número');
    expect(linhas[1]).toContain('42;');
    expect(linhas[1]).toContain('Aguardando aprovação');
    expect(linhas[1]).toContain('"Mercado; Bom Preço"');
    expect(linhas[1]).toContain('11.222.333/0001-81');
    expect(linhas[1]).toContain('R$\u00a01.244,56');
    expect(linhas[1]).toContain('30/11/2026');
    expect(nomeArquivoPedidos(new Date('2026-11-23T13:00:00Z'))).toBe('pedidos-2026-11-23.csv');
  });

  it('a customer name or term that would be a formula in Excel is written as text', () => {
    const p = {
      numero: '7',
      criado_em: '2026-11-23T13:00:00Z',
      status: 'enviado',
      tipo: 'venda',
      cliente: { nome: "=cmd|' /C calc'!A0", documento: '' },
      vendedor_id: 'v1',
      condicao_nome: '+28 dias',
      total_produtos_centavos: '1000',
      total_ipi_centavos: '0',
      total_st_centavos: '0',
      frete_centavos: '0',
      total_centavos: '1000',
      data_entrega: '',
    } as unknown as Pedido;
    const campos = csvDosPedidos([p], () => '@Ana').replace(/^\uFEFF/, '').trim().split('\r\n')[1].split(';');
    expect(campos[4]).toBe('"\'=cmd|\' /C calc\'!A0"');
    expect(campos[6]).toBe('"\'@Ana"');
    expect(campos[7]).toBe('"\'+28 dias"');
    expect(campos[12]).toBe('R$\u00a010,00');
  });
});

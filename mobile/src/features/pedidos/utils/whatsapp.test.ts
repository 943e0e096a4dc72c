import { describe, expect, it } from 'vitest';
import type { ItemPedido, Pedido } from '../../../lib/api/types';
import { linkWhatsAppPedido, textoWhatsApp } from './whatsapp';

function item(over: Partial<ItemPedido> = {}): ItemPedido {
  return {
    produto_id: 'p1',
    codigo: 'CAF-500',
    descricao: 'Café torrado 500 g',
    unidade: 'UN',
    ncm: '',
    grupo: '',
    quantidade: '2',
    desconto_percentual: 0,
    tabela_id: 't1',
    preco_lista_centavos: '500',
    descontos: [],
    preco_unitario_centavos: '500',
    valor_centavos: '1000',
    ipi_centavos: '0',
    st_centavos: '0',
    total_centavos: '1000',
    bonificacao: false,
    bonificacao_centavos: '0',
    flex_centavos: '0',
    ...over,
  };
}

function pedido(over: Partial<Pedido> = {}): Pedido {
  return {
    id: 'ped-1',
    empresa: 'emp-1',
    numero: '123',
    status: 'enviado',
    tipo: 'venda',
    cliente_id: 'c1',
    cliente: { nome: 'Mercado Bom Preço', documento: '11222333000181', inscricao_estadual: '', uf: 'SP', suframa: '', regiao_id: '', contribuinte_icms: false, telefone: '11912345678' },
    vendedor_id: 'v1',
    tabela_id: 't1',
    condicao_id: 'cp1',
    condicao_nome: '30/60 dias',
    forma_pagamento: 'Boleto',
    itens: [item()],
    frete_centavos: '0',
    observacoes: '',
    observacoes_internas: 'Cliente costuma atrasar',
    data_entrega: '2026-03-10',
    visita_id: '',
    total_produtos_centavos: '1000',
    total_ipi_centavos: '0',
    total_st_centavos: '0',
    total_centavos: '1000',
    flex_centavos: '0',
    bonificacao_centavos: '0',
    motivos_aprovacao: [],
    historico: [],
    enviado_em: '',
    notas_fiscais: [],
    faturado_centavos: '0',
    faturamento_parcial: false,
    motivo_cancelamento: '',
    precos_alterados: [],
    versao: '1',
    criado_em: '2026-03-02T13:00:00Z',
    criado_por: 'v1',
    alterado_em: '',
    excluido: false,
    ...over,
  };
}

// formatarMoeda puts a no-break space after R$; compared with a plain one here.
const sp = (s: string) => s.replace(/\u00a0/g, ' ');
const textoDoLink = (link: string) => decodeURIComponent(link.slice(link.indexOf('?text=') + 6));

describe('textoWhatsApp', () => {
  it('a simple order: number, company, customer, items, total, term, delivery', () => {
    expect(sp(textoWhatsApp(pedido(), 'Distribuidora Sul'))).toBe(
      [
        '*Pedido Nº 123* — Distribuidora Sul',
        'Cliente: Mercado Bom Preço',
        '',
        '2 x Café torrado 500 g — R$ 10,00',
        '',
        '*Total: R$ 10,00*',
        'Pagamento: 30/60 dias — Boleto',
        'Entrega: 10/03/2026',
      ].join('\n'),
    );
  });

  it('not numbered yet: "a enviar"; IPI, ST, freight and notes; a given item; never the internal notes', () => {
    const p = pedido({
      numero: '0',
      itens: [item({ quantidade: '1500', valor_centavos: '750000', ipi_centavos: '37500', st_centavos: '1234' }), item({ descricao: 'Caneca brinde', quantidade: '1', bonificacao: true, valor_centavos: '0', total_centavos: '0' })],
      total_produtos_centavos: '750000',
      total_ipi_centavos: '37500',
      total_st_centavos: '1234',
      frete_centavos: '2500',
      total_centavos: '791234',
      observacoes: 'Entregar pela manhã.\nPortão 2.',
    });
    const t = sp(textoWhatsApp(p, 'Distribuidora Sul'));
    expect(t.split('\n')[0]).toBe('*Pedido a enviar* — Distribuidora Sul');
    expect(t).toContain('1.500 x Café torrado 500 g — R$ 7.500,00\n1 x Caneca brinde — Bonificação\n');
    expect(t).toContain('Produtos: R$ 7.500,00\nIPI: R$ 375,00\nST: R$ 12,34\nFrete: R$ 25,00\n*Total: R$ 7.912,34*');
    expect(t).toContain('Obs.: Entregar pela manhã.\nPortão 2.');
    expect(t).not.toContain('atrasar');
  });
});

describe('linkWhatsAppPedido', () => {
  it("to the customer's mobile, the message encoded (accents, line breaks)", () => {
    const link = linkWhatsAppPedido(pedido(), 'Distribuidora Sul');
    expect(link.startsWith('https://wa.me/5511912345678?text=')).toBe(true);
    expect(link).toContain('%0A'); // line break
    expect(link).toContain('Pre%C3%A7o'); // ç
    expect(link).toContain('N%C2%BA%20123'); // º and a space
    expect(link).not.toMatch(/[\s\n]/);
    expect(textoDoLink(link)).toBe(textoWhatsApp(pedido(), 'Distribuidora Sul'));
  });

  it.each([
    ['a mobile given', '(41) 99876-5432', 'https://wa.me/5541998765432?text='],
    ['a mobile with 55 given', '+55 41 99876-5432', 'https://wa.me/5541998765432?text='],
    ['a landline given → no number (not the customer’s either)', '(11) 3234-5678', 'https://wa.me/?text='],
    ['blank → the customer’s', '  ', 'https://wa.me/5511912345678?text='],
  ])('%s', (_n, telefone, inicio) => {
    expect(linkWhatsAppPedido(pedido(), 'Empresa', telefone).startsWith(inicio)).toBe(true);
  });

  it('a customer with a landline or no phone → the seller picks the contact', () => {
    const fixo = pedido({ cliente: { ...pedido().cliente, telefone: '1132345678' } });
    expect(linkWhatsAppPedido(fixo, 'Empresa').startsWith('https://wa.me/?text=')).toBe(true);
    const sem = pedido({ cliente: { ...pedido().cliente, telefone: '' } });
    expect(linkWhatsAppPedido(sem, 'Empresa').startsWith('https://wa.me/?text=')).toBe(true);
  });

  it('characters that would break the URL are encoded', () => {
    const p = pedido({ observacoes: 'Sabor & cia? 50% #1 + mais' });
    const link = linkWhatsAppPedido(p, 'Empresa');
    const query = link.slice(link.indexOf('?') + 1);
    expect(query.startsWith('text=')).toBe(true);
    expect(query.slice(5)).not.toMatch(/[&#+?=\s]|%(?![0-9A-F]{2})/);
    expect(textoDoLink(link)).toContain('Obs.: Sabor & cia? 50% #1 + mais');
  });
});

import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ItemPedido, Pedido } from '../../../lib/api/types';
import { descontoDoItem, espelhoPdf, linhasEspelho, nomeArquivoPdf, paraLatin1, totaisPedido } from './espelho';

function item(over: Partial<ItemPedido> = {}): ItemPedido {
  return {
    produto_id: 'p1',
    codigo: 'CAF-500',
    descricao: 'Café torrado 500 g',
    unidade: 'UN',
    ncm: '09012100',
    grupo: 'Cafés',
    quantidade: '2',
    desconto_percentual: 0,
    tabela_id: 't1',
    preco_lista_centavos: '1000',
    descontos: [],
    preco_unitario_centavos: '1000',
    valor_centavos: '2000',
    ipi_centavos: '0',
    st_centavos: '0',
    total_centavos: '2000',
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
    cliente: {
      nome: 'Mercado Bom Preço Ltda',
      documento: '11222333000181',
      inscricao_estadual: '110.042.490.114',
      uf: 'SP',
      suframa: '',
      regiao_id: '',
      contribuinte_icms: true,
      telefone: '11912345678',
    },
    vendedor_id: 'v1',
    tabela_id: 't1',
    condicao_id: 'cp1',
    condicao_nome: '30/60 dias',
    forma_pagamento: 'Boleto',
    itens: [item()],
    frete_centavos: '0',
    observacoes: 'Entregar pela manhã',
    observacoes_internas: 'Cliente costuma atrasar',
    data_entrega: '2026-03-10',
    visita_id: '',
    total_produtos_centavos: '2000',
    total_ipi_centavos: '0',
    total_st_centavos: '0',
    total_centavos: '2000',
    flex_centavos: '0',
    bonificacao_centavos: '0',
    motivos_aprovacao: [],
    historico: [],
    enviado_em: '2026-03-02T13:00:00Z',
    notas_fiscais: [],
    faturado_centavos: '0',
    faturamento_parcial: false,
    motivo_cancelamento: '',
    precos_alterados: [],
    versao: '3',
    criado_em: '2026-03-02T02:30:00Z',
    criado_por: 'v1',
    alterado_em: '2026-03-02T13:00:00Z',
    excluido: false,
    ...over,
  };
}

const ctx = { empresa: 'Distribuidora Sul', vendedor: 'Vera Vendedora', geradoEm: new Date('2026-03-05T15:04:00Z') };
const tudo = (e: ReturnType<typeof linhasEspelho>) =>
  [e.titulo, e.empresa, ...e.cabecalho, ...e.cliente.linhas, ...e.itens.flat(), ...e.totais.flat(), ...e.blocos.flatMap((b) => [b.titulo, ...b.linhas]), e.rodape].join('\n');
const sp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('linhasEspelho', () => {
  it('title, company, date in São Paulo, status label, footer', () => {
    const e = linhasEspelho(pedido(), ctx);
    expect(e.titulo).toBe('Espelho do pedido Nº 123');
    expect(e.empresa).toBe('Distribuidora Sul');
    // 02:30 UTC is still March 1st in São Paulo.
    expect(e.cabecalho).toEqual(['Data: 01/03/2026', 'Status: Enviado']);
    expect(e.rodape).toMatch(/^Gerado em 05\/03\/2026,? 12:04$/);
  });

  it.each([
    ['orcamento', 'Em orçamento'],
    ['aguardando_aprovacao', 'Aguardando aprovação'],
    ['em_separacao', 'Em separação'],
    ['faturado', 'Faturado'],
    ['entregue', 'Entregue'],
    ['cancelado', 'Cancelado'],
    ['reprovado', 'Reprovado'],
    ['outro', 'outro'],
  ])('status %s → %s', (status, rotulo) => {
    expect(linhasEspelho(pedido({ status }), ctx).cabecalho).toContain(`Status: ${rotulo}`);
  });

  it('an order the server has not numbered yet: "Pedido a enviar" and its file name', () => {
    const p = pedido({ numero: '0' });
    expect(linhasEspelho(p, ctx).titulo).toBe('Pedido a enviar');
    expect(nomeArquivoPdf(p)).toBe('pedido-a-enviar.pdf');
    expect(nomeArquivoPdf(pedido({ numero: '' }))).toBe('pedido-a-enviar.pdf');
    expect(nomeArquivoPdf(pedido())).toBe('pedido-123.pdf');
  });

  it('customer block: name, formatted CNPJ or CPF, IE, UF, Suframa only when there is one', () => {
    const e = linhasEspelho(pedido(), ctx);
    expect(e.cliente.linhas).toEqual(['Mercado Bom Preço Ltda', 'CNPJ: 11.222.333/0001-81', 'IE: 110.042.490.114', 'UF: SP']);
    const pf = pedido({ cliente: { ...pedido().cliente, documento: '52998224725', inscricao_estadual: '', uf: 'AM', suframa: '200100500' } });
    expect(linhasEspelho(pf, ctx).cliente.linhas).toEqual(['Mercado Bom Preço Ltda', 'CPF: 529.982.247-25', 'UF: AM', 'Suframa: 200100500']);
  });

  it('item rows: every column as a string; a given item shows "Bonificação"', () => {
    const p = pedido({
      itens: [
        item({
          quantidade: '1200',
          preco_lista_centavos: '1000',
          descontos: [{ origem: 'tabela', percentual: 10, regra_id: 't1' }, { origem: 'vendedor', percentual: 5, regra_id: 'v1' }],
          desconto_percentual: 5,
          preco_unitario_centavos: '855',
          valor_centavos: '1026000',
          ipi_centavos: '51300',
          st_centavos: '12345',
          total_centavos: '1089645',
        }),
        item({ codigo: 'BRI-1', descricao: 'Caneca brinde', quantidade: '3', bonificacao: true, preco_unitario_centavos: '0', valor_centavos: '0', total_centavos: '0', bonificacao_centavos: '3000' }),
      ],
    });
    const e = linhasEspelho(p, ctx);
    expect(e.colunas).toEqual(['Código', 'Descrição', 'Un', 'Qtd', 'Preço lista', 'Desc. %', 'Preço unit.', 'IPI', 'ST', 'Total']);
    expect(e.itens[0]).toEqual(['CAF-500', 'Café torrado 500 g', 'UN', '1.200', '10,00', '14,5%', '8,55', '513,00', '123,45', '10.896,45']);
    expect(e.itens[1]).toEqual(['BRI-1', 'Caneca brinde', 'UN', '3', '10,00', '-', '-', '-', '-', 'Bonificação']);
  });

  it('totals, payment term, delivery date, seller and the notes — never the internal notes', () => {
    const p = pedido({ frete_centavos: '1500', total_ipi_centavos: '100', total_st_centavos: '50', total_centavos: '3650' });
    const e = linhasEspelho(p, ctx);
    expect(e.totais.map(([r, v]) => [r, sp(v)])).toEqual([
      ['Produtos', 'R$ 20,00'],
      ['IPI', 'R$ 1,00'],
      ['ST', 'R$ 0,50'],
      ['Frete', 'R$ 15,00'],
      ['Total', 'R$ 36,50'],
    ]);
    expect(e.blocos).toEqual([
      { titulo: 'Pagamento e entrega', linhas: ['Condição de pagamento: 30/60 dias', 'Forma de pagamento: Boleto', 'Data de entrega: 10/03/2026'] },
      { titulo: 'Vendedor', linhas: ['Vera Vendedora'] },
      { titulo: 'Observações', linhas: ['Entregar pela manhã'] },
    ]);
    expect(tudo(e)).not.toContain('atrasar');
    expect(tudo(linhasEspelho(pedido({ observacoes: '' }), ctx))).not.toContain('Observações');
  });

  it('a draft without totals yet: summed from its items (given ones count nothing)', () => {
    const p = pedido({
      total_produtos_centavos: '0',
      total_centavos: '0',
      frete_centavos: '500',
      itens: [item({ ipi_centavos: '100' }), item({ bonificacao: true, valor_centavos: '0', preco_unitario_centavos: '0', total_centavos: '0', ipi_centavos: '0' })],
    });
    const t = totaisPedido(p);
    expect(t).toEqual({ produtos: 2000n, ipi: 100n, st: 0n, frete: 500n, total: 2600n });
  });

  it('discount: the steps multiply, the seller and flex entries are one step, a surcharge is negative', () => {
    expect(descontoDoItem({ desconto_percentual: 7.5, descontos: [] })).toBe(7.5);
    expect(descontoDoItem({ desconto_percentual: 8, descontos: [{ origem: 'vendedor', percentual: 5, regra_id: '' }, { origem: 'flex', percentual: 3, regra_id: '' }] })).toBe(8);
    expect(descontoDoItem({ desconto_percentual: 0, descontos: [{ origem: 'condicao', percentual: -2, regra_id: '' }] })).toBe(-2);
  });

  it('Latin-1 for the PDF fonts: dashes and quotes kept as ASCII, the rest "?"', () => {
    expect(paraLatin1('Ação — “ok” 😀')).toBe('Ação - "ok" ?');
  });
});

/** The PDF's text: every content stream inflated. */
function textoPdf(bytes: Uint8Array): string {
  const bin = Buffer.from(bytes).toString('latin1');
  const partes: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(bin))) {
    const fim = bin.indexOf('endstream', m.index);
    const dados = Buffer.from(bin.slice(m.index + m[0].length, fim), 'latin1');
    try {
      partes.push(inflateSync(dados).toString('latin1'));
    } catch {
      partes.push(dados.toString('latin1'));
    }
  }
  return partes.join('\n');
}
const paginas = (bin: string) => bin.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('espelhoPdf', () => {
  it('an A4 PDF with the content, without the internal notes', async () => {
    const blob = await espelhoPdf(pedido(), ctx);
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const bin = Buffer.from(bytes).toString('latin1');
    expect(bin.startsWith('%PDF-')).toBe(true);
    expect(paginas(bin)).toBe(1);
    expect(bin).toMatch(/\/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);
    const texto = textoPdf(bytes);
    expect(texto).toContain('(Espelho do pedido Nº 123)');
    expect(texto).toContain('(Entregar pela manhã)');
    expect(texto).toContain('(Página 1 de 1)');
    expect(texto).toContain('(CNPJ: 11.222.333/0001-81)');
    expect(texto).not.toContain('atrasar');
  });

  it('300 items: several pages, each with the header and "Página X de Y"', async () => {
    const itens = Array.from({ length: 300 }, (_, i) => item({ codigo: `P${i}`, descricao: `Produto número ${i} com uma descrição comprida que quebra em mais de uma linha na coluna` }));
    const bytes = new Uint8Array(await (await espelhoPdf(pedido({ itens }), ctx)).arrayBuffer());
    const bin = Buffer.from(bytes).toString('latin1');
    const n = paginas(bin);
    expect(n).toBeGreaterThan(5);
    const texto = textoPdf(bytes);
    expect(texto.split('(Espelho do pedido Nº 123)').length - 1).toBe(n);
    expect(texto).toContain(`(Página ${n} de ${n})`);
    // The table's header again on every page of the table.
    expect(texto.split('(Preço lista)').length - 1).toBeGreaterThanOrEqual(n - 1);
    expect(texto).toContain('(P299)');
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import type { Produto } from '../../../lib/api/types';
import type { PrecoLocal, TabelaLocal } from '../../../entities/preco/colecoes';
import { indexarProduto } from '../../../entities/produto/colecao';
import { detalheProduto, juntarLinhasDoServidor, linhasDaLista, precosDaTabela, rotuloEstoque, tabelaInicial, tabelaParaCliente, tabelasVisiveis } from './lista';
import type { DoServidor } from '../../../lib/sync/colecao';

const prod = (id: string, descricao: string, extra: Partial<Produto> = {}) =>
  indexarProduto({ id, codigo: id.toUpperCase(), descricao, grupo: 'Bebidas', marca: 'Marca', ean: '7891000000001', ativo: true, multiplo_venda: '1', ...extra } as Produto);
const preco = (tabela: string, produto: string, c: string) => ({ id: `${tabela}:${produto}`, tabela_id: tabela, produto_id: produto, preco_centavos: c }) as PrecoLocal;
const tab = (id: string, extra: Partial<TabelaLocal> = {}) => ({ id, nome: id, padrao: false, validade_inicio: '', validade_fim: '', clientes: [], regioes: [], ufs: [], ...extra }) as unknown as TabelaLocal;

describe('listas: which products a table lists', () => {
  const produtos = [
    prod('p1', 'Água Mineral 500 ml'),
    prod('p2', 'Café Torrado 500 g', { grupo: 'Mercearia' }),
    prod('p3', 'Suco de Açaí', { ativo: false }),
    prod('p4', 'Refrigerante Cola 2 L'),
  ].sort((a, b) => (a._ordem < b._ordem ? -1 : 1));
  const precos = precosDaTabela([preco('t1', 'p1', '250'), preco('t1', 'p2', '1290'), preco('t1', 'p3', '900'), preco('t2', 'p4', '899')], 't1');

  it('only active products priced in the table, in catalogue order', () => {
    expect(linhasDaLista(produtos, precos, '', '').map((l) => l.produto.id)).toEqual(['p1', 'p2']);
  });
  it('by group and by every word typed, without accents or case (code, description, barcode)', () => {
    expect(linhasDaLista(produtos, precos, 'Mercearia', '').map((l) => l.produto.id)).toEqual(['p2']);
    expect(linhasDaLista(produtos, precos, '', 'agua 500').map((l) => l.produto.id)).toEqual(['p1']);
    expect(linhasDaLista(produtos, precos, '', 'CAFÉ').map((l) => l.produto.id)).toEqual(['p2']);
    expect(linhasDaLista(produtos, precos, '', 'p2').map((l) => l.produto.id)).toEqual(['p2']);
    expect(linhasDaLista(produtos, precos, '', '7891000000001').length).toBe(2);
    expect(linhasDaLista(produtos, precos, 'Mercearia', 'agua')).toEqual([]);
  });
});

describe("listas during the catalogue's first copy: the server search's products", () => {
  const daBusca = (p: ReturnType<typeof prod>) => ({ ...p, _doServidor: true }) as DoServidor<ReturnType<typeof prod>>;
  const noAparelho = [prod('p1', 'Água Mineral 500 ml')];
  const precos = precosDaTabela([preco('t1', 'p1', '250'), preco('t1', 'p5', '990')], 't1');
  const linhas = linhasDaLista(noAparelho, precos, '', 'agua');
  const temNoAparelho = (id: string) => noAparelho.some((p) => p.id === id);

  it("come after the device's rows, with the device's price in the table when it has one, else none", () => {
    const itens = [daBusca(prod('p1', 'Água Mineral 500 ml')), daBusca(prod('p5', 'Água com Gás 500 ml')), daBusca(prod('p6', 'Água Tônica 350 ml'))];
    const r = juntarLinhasDoServidor(linhas, { ativa: true, itens }, precos, '', temNoAparelho);
    expect(r.map((l) => [l.produto.id, l.preco?.preco_centavos ?? null, '_doServidor' in l.produto])).toEqual([
      ['p1', '250', false],
      ['p5', '990', true],
      ['p6', null, true],
    ]);
  });

  it('not an inactive product, one of another group, one the device has (its list decides), nor any once the copy is complete', () => {
    const itens = [
      daBusca(prod('p6', 'Água Tônica 350 ml', { ativo: false })),
      daBusca(prod('p7', 'Água de Coco 1 L', { grupo: 'Mercearia' })),
      daBusca(prod('p2', 'Água Mineral 1,5 L')),
    ];
    const r = juntarLinhasDoServidor(linhas, { ativa: true, itens }, precos, 'Bebidas', (id) => id === 'p2' || temNoAparelho(id));
    expect(r).toBe(linhas);
    expect(juntarLinhasDoServidor(linhas, { ativa: false, itens: [daBusca(prod('p8', 'Água Leve'))] }, precos, '', temNoAparelho)).toBe(linhas);
  });
});

describe('listas: which table', () => {
  const tabelas = [tab('antiga', { padrao: true, validade_fim: '2025-12-31' }), tab('padrao', { padrao: true, validade_inicio: '2026-01-01' }), tab('sp', { ufs: ['SP'] }), tab('vip', { clientes: ['c9'] })];
  it("opens on the company's default valid today", () => {
    expect(tabelaInicial(tabelas, '2026-11-23')?.id).toBe('padrao');
    expect(tabelaInicial(tabelas, '2025-06-01')?.id).toBe('antiga');
  });
  it("a customer's list is the pricing's table: customer > region > state > default", () => {
    expect(tabelaParaCliente(tabelas, { id: 'c1', uf: 'SP', regiao_id: '', contribuinte_icms: true }, '2026-11-23')?.id).toBe('sp');
    expect(tabelaParaCliente(tabelas, { id: 'c9', uf: 'SP', regiao_id: '', contribuinte_icms: true }, '2026-11-23')?.id).toBe('vip');
    expect(tabelaParaCliente(tabelas, { id: 'c1', uf: 'MG', regiao_id: '', contribuinte_icms: true }, '2026-11-23')?.id).toBe('padrao');
    expect(tabelaParaCliente([tab('sp', { ufs: ['SP'] })], { id: 'c1', uf: 'MG', regiao_id: '', contribuinte_icms: true }, '2026-11-23')).toBeUndefined();
  });
  it("a seller sees the tables of their customers (the default when they have none); managers see all", () => {
    const c = (id: string, uf: string) => ({ id, uf, regiao_id: '', contribuinte_icms: true });
    const ids = (t: TabelaLocal[]) => t.map((x) => x.id);
    expect(ids(tabelasVisiveis(tabelas, 'VENDEDOR', [c('c1', 'SP'), c('c2', 'SP')], '2026-11-23'))).toEqual(['sp']);
    expect(ids(tabelasVisiveis(tabelas, 'VENDEDOR', [c('c1', 'MG'), c('c9', 'SP')], '2026-11-23'))).toEqual(['padrao', 'vip']);
    expect(ids(tabelasVisiveis(tabelas, 'VENDEDOR', [], '2026-11-23'))).toEqual(['padrao']);
    expect(ids(tabelasVisiveis(tabelas, 'SUPERVISOR', [], '2026-11-23'))).toEqual(['antiga', 'padrao', 'sp', 'vip']);
  });
});

describe('listas: how a product reads', () => {
  it('stock with its date, or that none was reported', () => {
    expect(rotuloEstoque({ estoque: '1234', estoque_em: '2026-11-20T17:00:00Z', unidade: 'CX' })).toBe('Estoque: 1.234 CX (em 20/11/2026, 14:00)');
    expect(rotuloEstoque({ estoque: '0', estoque_em: '', unidade: 'CX' })).toBe('Estoque não informado');
  });
  it('the unit only when the operator shows units (SPEC §3)', () => {
    const p = { codigo: '123', unidade: 'CX', unidades_caixa: '12', multiplo_venda: '6' };
    expect(detalheProduto(p, true)).toBe('Cód. 123 · CX c/ 12 · múltiplo 6');
    expect(detalheProduto(p, false)).toBe('Cód. 123 · múltiplo 6');
    expect(detalheProduto({ codigo: '9', unidade: 'UN', unidades_caixa: '0', multiplo_venda: '1' }, true)).toBe('Cód. 9 · UN');
  });
});

// A tiny catalogue for the orders' tests: two products on the default table, a seller with a 5 %
// discount cap, a customer of SP.
import type { PoliticaComercial, Preco, Produto, TabelaPreco } from '../../lib/api/types';
import type { DadosComerciais } from '../preco/noAparelho';

const produto = (id: string, codigo: string, descricao: string, multiplo: number, ipi: number) =>
  ({ id, codigo, descricao, marca: '', grupo: 'G', unidade: 'UN', multiplo_venda: String(multiplo), ean: `789${codigo}`, ncm: '', ipi_percentual: ipi, ativo: true, versao: '1', excluido: false }) as unknown as Produto;

export const PRODUTOS = [produto('p1', '001', 'Café 500g', 1, 0), produto('p2', '002', 'Açúcar 1kg', 6, 10)];
const precos: Record<string, number> = { p1: 1000, p2: 500 };

export const TABELA = { id: 't1', nome: 'Padrão', padrao: true, validade_inicio: '', validade_fim: '', clientes: [], regioes: [], ufs: [], desconto_percentual: 0 } as unknown as TabelaPreco;

export const POLITICA = {
  uf_origem: 'SP',
  flex_permitido: false,
  desconto_maximo_padrao_percentual: 0,
  vendedores: [{ id: 'v1', desconto_maximo_percentual: 5, saldo_flex_centavos: '0', pedido_minimo_centavos: '0' }],
  limites_grupo: [],
  promocoes: [],
  descontos_volume: [],
} as unknown as PoliticaComercial;

export const DADOS: DadosComerciais = {
  produto: (id) => PRODUTOS.find((p) => p.id === id),
  preco: (t, p) => (t === 't1' && precos[p] ? ({ tabela_id: t, produto_id: p, preco_centavos: String(precos[p]), preco_minimo_centavos: '0' } as unknown as Preco) : undefined),
  tabelas: [TABELA],
  politica: POLITICA,
  regrasST: [],
};

export const CLIENTE = {
  id: 'c1',
  nome: 'Mercado Bom Preço',
  documento: '11222333000181',
  inscricao_estadual: '',
  uf: 'SP',
  suframa: '',
  regiao_id: '',
  contribuinte_icms: true,
  celular: '(11) 98888-7777',
  telefone: '',
};

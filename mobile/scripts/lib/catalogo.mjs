// The benchmarks' catalogue (bench:catalogo, bench:pedido): the same BENCH_CATALOGO_N products
// (default 15,000) and their prices in 3 tables, as the sales service sends them (EmitUnpopulated:
// every field; int64 as strings), from a fixed seed.
export const TABELAS = ['t-padrao', 't-sp', 't-pr'];

const GRUPOS = [
  ['Bebidas', ['Refrigerante cola', 'Água mineral', 'Suco de uva', 'Cerveja pilsen'], '22021000'],
  ['Mercearia', ['Café torrado', 'Arroz tipo 1', 'Feijão carioca', 'Açúcar refinado'], '09012100'],
  ['Biscoitos', ['Biscoito recheado', 'Biscoito cream cracker', 'Wafer chocolate'], '19053100'],
  ['Limpeza', ['Detergente líquido', 'Sabão em pó', 'Água sanitária', 'Desinfetante'], '34022000'],
  ['Higiene', ['Sabonete', 'Creme dental', 'Xampu', 'Desodorante'], '33051000'],
  ['Doces', ['Chocolate ao leite', 'Bala de goma', 'Paçoca', 'Doce de leite'], '17049020'],
];
const MARCAS = ['Boa Mesa', 'Da Roça', 'Borbulha', 'Fonte Clara', 'Brilho', 'Vale Verde', 'Sabor & Cia', 'Estrela'];
const TAMANHOS = ['500 g', '1 kg', '5 kg', '350 ml', '1 L', '2 L', '5 L', '90 g', 'cx 12'];

export function ean(i) {
  const base = `789${String(1000000000 + i).slice(-9)}`;
  let s = 0;
  for (let k = 0; k < 12; k++) s += Number(base[k]) * (k % 2 ? 3 : 1);
  return base + ((10 - (s % 10)) % 10);
}

/** The catalogue: products, prices (tabela:produto) and tables. */
export function gerarCatalogo(n) {
  let s = 2026;
  const r = (k) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 8) % k;
  };
  const produtos = [];
  const precos = [];
  for (let i = 0; i < n; i++) {
    const [grupo, itens, ncm] = GRUPOS[i % GRUPOS.length];
    const mult = [1, 1, 6, 12][r(4)];
    const id = `p-${String(i + 1).padStart(5, '0')}`;
    produtos.push({
      id,
      empresa: 'bench',
      codigo: String(100000 + i),
      descricao: `${itens[r(itens.length)]} ${MARCAS[r(MARCAS.length)]} ${TAMANHOS[r(TAMANHOS.length)]}`,
      marca: MARCAS[r(MARCAS.length)],
      grupo,
      unidade: mult > 1 ? 'CX' : 'UN',
      multiplo_venda: String(mult),
      ean: ean(i),
      ncm,
      ipi_percentual: [0, 0, 5, 10][r(4)],
      peso_gramas: String(100 + r(5000)),
      ativo: i % 50 !== 49,
      estoque: String(r(2000)),
      estoque_em: '2026-11-23T09:00:00Z',
      unidades_caixa: String(mult),
      versao: '1',
      criado_em: '2026-01-01T00:00:00Z',
      alterado_em: '2026-01-01T00:00:00Z',
      criado_por: 'admin',
      alterado_por: 'admin',
      excluido: false,
      foto_versao: '',
    });
    const base = 199 + r(20000);
    TABELAS.forEach((t, k) => {
      const c = Math.round((base * [100, 97, 102][k]) / 100);
      precos.push({ id: `${t}:${id}`, preco: { tabela_id: t, produto_id: id, preco_centavos: String(c), preco_minimo_centavos: String(Math.round(c * 0.9)), versao: '1', alterado_em: '2026-01-01T00:00:00Z', excluido: false } });
    });
  }
  const tabelas = TABELAS.map((id, k) => ({
    id,
    tabela: { id, empresa: 'bench', nome: ['Tabela padrão', 'Grande São Paulo', 'Paraná'][k], padrao: k === 0, validade_inicio: '2025-01-01', validade_fim: '', clientes: [], regioes: k ? [`r${k}`] : [], ufs: [], desconto_percentual: 0, versao: '1', criado_em: '', alterado_em: '', excluido: false },
  }));
  return { produtos, precos, tabelas };
}

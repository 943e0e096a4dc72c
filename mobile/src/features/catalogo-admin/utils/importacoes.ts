// The catalogue's CSV imports, declared over the shared import (lib/importacao and
// components/importacao/ImportarCsv): columns and aliases of the sales service
// (services/sales/internal/app/importar.go), templates and words. Rows are keyed by the product
// code, so a file run again updates instead of duplicating.
import type { DeclaracaoImportacao } from '../../../components/importacao/ImportarCsv';
import { modeloDoFormato, type FormatoCsv } from '../../../lib/importacao';

/** Other names the sales service takes for a column. */
const ALIASES: Record<string, string> = {
  cod: 'codigo',
  codigo_produto: 'codigo',
  sku: 'codigo',
  descricao_produto: 'descricao',
  produto: 'descricao',
  familia: 'grupo',
  categoria: 'grupo',
  un: 'unidade',
  multiplo: 'multiplo_venda',
  codigo_barras: 'ean',
  gtin: 'ean',
  ipi: 'ipi_percentual',
  peso: 'peso_gramas',
  peso_g: 'peso_gramas',
  situacao: 'ativo',
  saldo: 'estoque',
  preco_venda: 'preco',
  valor: 'preco',
  minimo: 'preco_minimo',
};

export const FORMATO_PRODUTOS: FormatoCsv = {
  colunas: ['codigo', 'descricao', 'marca', 'grupo', 'unidade', 'multiplo_venda', 'unidades_caixa', 'ean', 'ncm', 'ipi_percentual', 'peso_gramas', 'ativo', 'estoque'],
  aliases: ALIASES,
};

export const FORMATO_PRECOS: FormatoCsv = { colunas: ['codigo', 'produto_id', 'preco', 'preco_minimo'], aliases: ALIASES };

export const FORMATO_REGRAS_ST: FormatoCsv = {
  colunas: ['ncm', 'uf', 'mva', 'aliquota_interna', 'aliquota_interestadual', 'reducao_base', 'reducao_base_tipo', 'ajuste_mva', 'aliquota_intra_efetiva'],
  aliases: {
    mva_percentual: 'mva',
    mva_original: 'mva',
    iva: 'mva',
    mva_st: 'mva',
    aliquota_interna_percentual: 'aliquota_interna',
    aliq_interna: 'aliquota_interna',
    icms_interno: 'aliquota_interna',
    aliquota_destino: 'aliquota_interna',
    aliquota_interestadual_percentual: 'aliquota_interestadual',
    aliq_interestadual: 'aliquota_interestadual',
    icms_interestadual: 'aliquota_interestadual',
    reducao_base_percentual: 'reducao_base',
    reducao: 'reducao_base',
    reducao_bc: 'reducao_base',
    red_base: 'reducao_base',
    uf_destino: 'uf',
    estado: 'uf',
    ncm_sh: 'ncm',
    ncm_prefixo: 'ncm',
    tipo_reducao: 'reducao_base_tipo',
    tipo_reducao_base: 'reducao_base_tipo',
    reducao_tipo: 'reducao_base_tipo',
    mva_ajustada: 'ajuste_mva',
    ajuste: 'ajuste_mva',
    ajuste_da_mva: 'ajuste_mva',
    alq_intra_efetiva: 'aliquota_intra_efetiva',
    carga_efetiva: 'aliquota_intra_efetiva',
    aliquota_efetiva: 'aliquota_intra_efetiva',
  },
};

export const IMPORTACAO_PRODUTOS: DeclaracaoImportacao = {
  testId: 'importar-produtos',
  item: 'produto',
  titulo: 'Importar produtos',
  ajuda: 'Só a coluna codigo é obrigatória no cabeçalho; num produto que já existe, colunas vazias não mudam nada. IPI em % (7,5), peso em gramas, ativo sim/não.',
  formato: FORMATO_PRODUTOS,
  modelo: {
    arquivo: 'modelo-importacao-produtos.csv',
    csv: () =>
      modeloDoFormato(FORMATO_PRODUTOS, [['REF-001', 'Refrigerante Cola 2 L', 'Marca Exemplo', 'Bebidas', 'UN', '6', '6', '4006381333931', '22021000', '4', '2100', 'sim', '120']]),
  },
  rotuloChave: 'Código',
};

export const IMPORTACAO_PRECOS: DeclaracaoImportacao = {
  testId: 'importar-precos',
  item: 'preço',
  titulo: 'Importar preços',
  ajuda: 'Colunas codigo (ou produto_id), preco e preco_minimo, em reais (12,90 ou R$ 1.234,00); o mínimo é opcional.',
  formato: FORMATO_PRECOS,
  modelo: { arquivo: 'modelo-importacao-precos.csv', csv: () => modeloDoFormato({ ...FORMATO_PRECOS, colunas: ['codigo', 'preco', 'preco_minimo'] }, [['REF-001', '12,90', '11,50']]) },
  rotuloChave: 'Código',
};

export const IMPORTACAO_REGRAS_ST: DeclaracaoImportacao = {
  testId: 'importar-regras-st',
  item: 'regra',
  feminino: true,
  titulo: 'Importar regras de ST',
  ajuda:
    'Uma regra por NCM (2 a 8 dígitos) e UF de destino; MVA e alíquotas em % (40 ou 40,5); redução da base opcional. Opcionais: reducao_base_tipo (st ou propria_e_st), ajuste_mva (sempre, se_interna_maior ou nao) e aliquota_intra_efetiva (sim/não); vazias, a regra nova fica com st, sempre e não, e a que já existe mantém o que tem. Uma regra que já existe (mesmo NCM e UF) é atualizada.',
  formato: FORMATO_REGRAS_ST,
  modelo: {
    arquivo: 'modelo-importacao-regras-st.csv',
    csv: () =>
      modeloDoFormato(FORMATO_REGRAS_ST, [
        ['22021000', 'MG', '40', '18', '12', '0', 'st', 'sempre', 'não'],
        ['22021000', 'SP', '40', '18', '12', '10', 'propria_e_st', 'sempre', 'não'],
      ]),
  },
  rotuloChave: 'NCM / UF',
};

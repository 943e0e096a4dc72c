// The customers' CSV import, declared over the shared one (lib/importacao and
// components/importacao/ImportarCsv): its columns, its template and its words. The server keys
// rows by document, so running a file again never duplicates.
import type { DeclaracaoImportacao } from '../../../components/importacao/ImportarCsv';
import { modeloDoFormato, type FormatoCsv } from '../../../lib/importacao';

export const COLUNAS_IMPORTACAO = [
  'tipo_pessoa',
  'documento',
  'nome',
  'nome_fantasia',
  'inscricao_estadual',
  'suframa',
  'contribuinte_icms',
  'email',
  'telefone',
  'celular',
  'segmento',
  'status',
  'limite_credito',
  'observacoes',
  'vendedor_id',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'ibge',
] as const;

/** Other header names the customer service takes (services/customer/internal/app/importar.go). */
const ALIASES_CLIENTES: Record<string, string> = {
  cpf_cnpj: 'documento',
  cnpj: 'documento',
  cpf: 'documento',
  razao_social: 'nome',
  fantasia: 'nome_fantasia',
  ie: 'inscricao_estadual',
  inscricao_suframa: 'suframa',
  isuf: 'suframa',
  limite_credito_reais: 'limite_credito',
  vendedor: 'vendedor_id',
  municipio: 'cidade',
  codigo_ibge: 'ibge',
  situacao: 'status',
};

export const FORMATO_CLIENTES: FormatoCsv = { colunas: COLUNAS_IMPORTACAO, aliases: ALIASES_CLIENTES };

/** The template offered for download: the header and one example row. */
export function modeloCsv(): string {
  return modeloDoFormato(FORMATO_CLIENTES, [
    ['PJ', '11222333000181', 'Comércio Exemplo Ltda', 'Exemplo', 'ISENTO', '', 'nao', 'compras@exemplo.com.br', '1132345678', '11912345678', 'Varejo', 'ativo', '1.500,00', '', '', '01310100', 'Avenida Paulista', '1000', 'Sala 1', 'Bela Vista', 'São Paulo', 'SP', '3550308'],
  ]);
}

export const IMPORTACAO_CLIENTES: DeclaracaoImportacao = {
  testId: 'importar-clientes',
  item: 'cliente',
  titulo: 'Importar clientes',
  ajuda: 'Só documento e nome são obrigatórios.',
  formato: FORMATO_CLIENTES,
  modelo: { arquivo: 'modelo-importacao-clientes.csv', csv: modeloCsv },
  rotuloChave: 'Documento',
};

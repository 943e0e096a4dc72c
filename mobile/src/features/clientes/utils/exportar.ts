// The customers list as a CSV file Excel pt-BR opens (";" separator, UTF-8 BOM).
import type { Cliente } from '../../../lib/api/types';
import { gerarCsv } from '../../../lib/csv';
import { formatarDocumento } from '../../../lib/format/document';
import { formatarTelefone } from '../../../lib/format/phone';
import { hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { rotuloStatus } from '../../../entities/cliente/status';

export const CABECALHO_EXPORTACAO = [
  'Nome / Razão social',
  'Nome fantasia',
  'Tipo',
  'CPF/CNPJ',
  'Inscrição estadual',
  'Status',
  'Telefone',
  'Celular',
  'E-mail',
  'Segmento',
  'Cidade',
  'UF',
  'Vendedor',
  'Limite de crédito',
] as const;

const tel = (v: string) => (v ? formatarTelefone(v) : '');

export function csvDosClientes(clientes: readonly Cliente[], nomeVendedor: (id: string) => string): string {
  return gerarCsv(
    CABECALHO_EXPORTACAO,
    clientes.map((c) => [
      c.nome,
      c.nome_fantasia,
      c.tipo_pessoa === 'FISICA' ? 'Pessoa física' : 'Pessoa jurídica',
      c.documento ? formatarDocumento(c.documento) : '',
      c.inscricao_estadual,
      rotuloStatus(c.status),
      tel(c.telefone),
      tel(c.celular),
      c.email,
      c.segmento,
      c.cidade,
      c.uf,
      nomeVendedor(c.vendedor_id),
      formatarMoeda(c.limite_credito_centavos),
    ]),
  );
}

export function nomeArquivoExportacao(agora = new Date()): string {
  return `clientes-${hojeIso(agora)}.csv`;
}

// CSV import in chunks: every chunk is validated first (nothing written), and only when no row
// of the whole file is rejected are the chunks written, one after the other. The server keys
// rows by document, so running it again after a failure never duplicates.
import { dividirCsv, gerarCsv, linhaNoArquivo, type PedacoCsv } from '../../../lib/csv';
import type { ImportarClientesResposta } from '../../../lib/api/types';

export const COLUNAS_IMPORTACAO = [
  'tipo_pessoa',
  'documento',
  'nome',
  'nome_fantasia',
  'inscricao_estadual',
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

/** The template offered for download: the header and one example row. */
export function modeloCsv(): string {
  return gerarCsv(COLUNAS_IMPORTACAO, [
    ['PJ', '11222333000181', 'Comércio Exemplo Ltda', 'Exemplo', 'ISENTO', 'nao', 'compras@exemplo.com.br', '1132345678', '11912345678', 'Varejo', 'ativo', '1.500,00', '', '', '01310100', 'Avenida Paulista', '1000', 'Sala 1', 'Bela Vista', 'São Paulo', 'SP', '3550308'],
  ]);
}

export type Importar = (csv: string, validarApenas: boolean) => Promise<ImportarClientesResposta>;

export interface Rejeicao {
  /** Line of the whole file (the header is line 1). */
  linha: number;
  documento: string;
  erros: string[];
}

export interface Preparacao {
  pedacos: PedacoCsv[];
  total: number;
  cabecalho: string[];
  /** Columns of the header the server does not know. */
  desconhecidas: string[];
}

export function preparar(texto: string): Preparacao {
  const { cabecalho, pedacos, total } = dividirCsv(texto);
  const conhecidas = new Set<string>(COLUNAS_IMPORTACAO);
  const desconhecidas = cabecalho.map((c) => c.trim().toLowerCase()).filter((c) => c && !conhecidas.has(c));
  return { pedacos, total, cabecalho, desconhecidas };
}

/** Validates every chunk (validar_apenas); the rejected rows with their lines in the file. */
export async function validarTudo(pedacos: readonly PedacoCsv[], importar: Importar, progresso?: (linhas: number) => void): Promise<Rejeicao[]> {
  const rejeitadas: Rejeicao[] = [];
  let feitas = 0;
  for (const p of pedacos) {
    const r = await importar(p.csv, true);
    for (const x of r.rejeitadas ?? []) rejeitadas.push({ linha: linhaNoArquivo(p, x.linha), documento: x.documento, erros: x.erros });
    feitas += p.linhas.length;
    progresso?.(feitas);
  }
  return rejeitadas.sort((a, b) => a.linha - b.linha);
}

export interface Gravacao {
  criados: number;
  atualizados: number;
  /** Rows written before a failure (0 when all went through). */
  linhasGravadas: number;
  rejeitadas: Rejeicao[];
}

/** Writes the chunks in order; stops at the first chunk the server rejects. */
export async function gravarTudo(pedacos: readonly PedacoCsv[], importar: Importar, progresso?: (linhas: number) => void): Promise<Gravacao> {
  const out: Gravacao = { criados: 0, atualizados: 0, linhasGravadas: 0, rejeitadas: [] };
  for (const p of pedacos) {
    const r = await importar(p.csv, false);
    if ((r.rejeitadas ?? []).length || r.nada_gravado) {
      out.rejeitadas = r.rejeitadas.map((x) => ({ linha: linhaNoArquivo(p, x.linha), documento: x.documento, erros: x.erros }));
      return out;
    }
    out.criados += r.criados;
    out.atualizados += r.atualizados;
    out.linhasGravadas += p.linhas.length;
    progresso?.(out.linhasGravadas);
  }
  return out;
}

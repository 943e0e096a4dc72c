// A CSV import in chunks, for any import of the platform (customers, products, a table's prices,
// ST rules): every chunk is validated first (validar_apenas, nothing written), and only when no
// row of the whole file is rejected are the chunks written, one after the other. The servers key
// rows (customers by document, products by code…), so running a file again after a failure never
// duplicates. Each import declares its format (columns, aliases, template); this is the one place
// the rule lives. The screen is components/importacao/ImportarCsv.
import { dividirCsv, gerarCsv, lerCsv, linhaNoArquivo, type PedacoCsv } from './csv';
import { dobrar } from './texto';

/** A rejected row as a server reports it: its line in the chunk and its key (document, code…). */
export interface LinhaRecusadaDoServidor {
  linha: number;
  chave: string;
  erros: string[];
}

/** What one import call answers, whatever the server's own field names. */
export interface RespostaImportacao {
  total: number;
  criados: number;
  atualizados: number;
  nada_gravado: boolean;
  rejeitadas: LinhaRecusadaDoServidor[];
}

/** A server's answer with its own name for the row's key (documento, codigo) → RespostaImportacao. */
export function comChave<L extends { linha: number; erros: string[] }>(
  r: Omit<RespostaImportacao, 'rejeitadas'> & { rejeitadas: readonly L[] },
  chave: (l: L) => string,
): RespostaImportacao {
  return {
    total: r.total,
    criados: r.criados,
    atualizados: r.atualizados,
    nada_gravado: r.nada_gravado,
    rejeitadas: (r.rejeitadas ?? []).map((l) => ({ linha: l.linha, chave: chave(l), erros: l.erros ?? [] })),
  };
}

/** One chunk of the file to the server (or its validation only). */
export type ImportarPedaco = (csv: string, validarApenas: boolean) => Promise<RespostaImportacao>;

/** The format of an import file: its columns, in the template's order, and the other names the server takes. */
export interface FormatoCsv {
  colunas: readonly string[];
  /** Other header names the server accepts for a column (e.g. sku → codigo). */
  aliases?: Readonly<Record<string, string>>;
}

export interface Rejeicao {
  /** Line of the whole file (the header is line 1). */
  linha: number;
  /** The row's key: the customer's document, the product's code… */
  chave: string;
  erros: string[];
}

export interface Preparacao {
  pedacos: PedacoCsv[];
  total: number;
  cabecalho: string[];
  /** Columns of the header the server does not know. */
  desconhecidas: string[];
}

/**
 * A refused row's reason as the screen says it: "linha 3, coluna CEP: CEP deve ter 8 dígitos". The
 * server names the column as the file's header wrote it (services/platform/csvimport); the line is
 * the file's (a chunk's line moved by linhaNoArquivo).
 */
export function erroNaLinha(linha: number, erro: string): string {
  return /^colunas? /.test(erro) ? `linha ${linha}, ${erro}` : `linha ${linha}: ${erro}`;
}

/** A header cell as the servers read it (services/platform/csvimport): folded, spaces as "_". */
export const nomeDaColuna = (c: string) => dobrar(c).replace(/ /g, '_');

/** Splits the file into chunks (each with the header) and names the columns the server ignores. */
export function prepararImportacao(texto: string, formato: FormatoCsv): Preparacao {
  const { cabecalho, pedacos, total } = dividirCsv(texto);
  const conhecidas = new Set<string>([...formato.colunas, ...Object.keys(formato.aliases ?? {})]);
  const desconhecidas = cabecalho.filter((c) => {
    const n = nomeDaColuna(c);
    return n && !conhecidas.has(n);
  });
  return { pedacos, total, cabecalho, desconhecidas };
}

/** The template offered for download: the header and example rows. */
export function modeloDoFormato(formato: FormatoCsv, exemplos: readonly (readonly string[])[]): string {
  return gerarCsv(formato.colunas, exemplos);
}

const naLinhaDoArquivo = (p: PedacoCsv, r: RespostaImportacao): Rejeicao[] =>
  (r.rejeitadas ?? []).map((x) => ({ linha: linhaNoArquivo(p, x.linha), chave: x.chave, erros: x.erros ?? [] }));

/** Validates every chunk (validar_apenas); the rejected rows with their lines in the file. */
export async function validarTudo(pedacos: readonly PedacoCsv[], importar: ImportarPedaco, progresso?: (linhas: number) => void): Promise<Rejeicao[]> {
  const rejeitadas: Rejeicao[] = [];
  let feitas = 0;
  for (const p of pedacos) {
    rejeitadas.push(...naLinhaDoArquivo(p, await importar(p.csv, true)));
    feitas += p.linhas.length;
    progresso?.(feitas);
  }
  return rejeitadas.sort((a, b) => a.linha - b.linha);
}

export interface Gravacao {
  criados: number;
  atualizados: number;
  /** Rows written before a failure (all of them when all went through). */
  linhasGravadas: number;
  rejeitadas: Rejeicao[];
}

/** Writes the chunks in order; stops at the first chunk the server rejects. */
export async function gravarTudo(pedacos: readonly PedacoCsv[], importar: ImportarPedaco, progresso?: (linhas: number) => void): Promise<Gravacao> {
  const out: Gravacao = { criados: 0, atualizados: 0, linhasGravadas: 0, rejeitadas: [] };
  for (const p of pedacos) {
    const r = await importar(p.csv, false);
    if ((r.rejeitadas ?? []).length || r.nada_gravado) {
      out.rejeitadas = naLinhaDoArquivo(p, r);
      return out;
    }
    out.criados += r.criados;
    out.atualizados += r.atualizados;
    out.linhasGravadas += p.linhas.length;
    progresso?.(out.linhasGravadas);
  }
  return out;
}

/** The header and the first rows of the decoded file (the preview). */
export function primeirasLinhas(texto: string, n = 4): string[][] {
  const corte = texto.slice(0, 16 * 1024);
  const regs = lerCsv(corte);
  // A record cut by the slice is not shown.
  if (corte.length < texto.length) regs.pop();
  return regs.slice(0, n).map((r) => r.campos);
}

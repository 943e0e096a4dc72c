// CSV without a library: decoding the file's bytes (UTF-8, or the Windows-1252 that Excel pt-BR
// saves as "CSV"), parsing (RFC 4180 quotes, ";" or "," detected from the header, BOM, CRLF),
// splitting an import into chunks that each repeat the header, and writing the export Excel
// pt-BR opens (";" separator, UTF-8 BOM, CRLF).

/** The encodings a CSV file is read in. */
export type Codificacao = 'utf-8' | 'windows-1252';
/** What the user chose: detect from the bytes, or one encoding. */
export type EscolhaCodificacao = 'auto' | Codificacao;

export const NOMES_CODIFICACAO: Record<Codificacao, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Excel)',
};

const temBomUtf8 = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

/**
 * UTF-8 when the bytes are valid UTF-8 (with a BOM or without; plain ASCII is valid UTF-8),
 * else Windows-1252: Excel's "CSV" in pt-BR, where every byte is a character, so an invalid
 * UTF-8 sequence (e.g. "ã" as the single byte 0xE3) gives it away.
 */
export function detectarCodificacao(bytes: Uint8Array): Codificacao {
  if (temBomUtf8(bytes)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

// Windows-1252's 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ); the five bytes it
// leaves undefined stay as they are.
const C1_WINDOWS_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Some TextDecoders (Node up to 22, at least) decode 'windows-1252' as Latin-1, giving C1
 * control characters for 0x80–0x9F; browsers give the Windows-1252 characters. Either way the
 * result is the Windows-1252 text.
 */
function corrigirC1(texto: string): string {
  return texto.replace(/[\u0080-\u009f]/g, (c) => C1_WINDOWS_1252[c.charCodeAt(0) - 0x80]);
}

export interface CsvDecodificado {
  texto: string;
  /** The encoding used (the detected one when `escolha` was 'auto'). */
  codificacao: Codificacao;
  /** What detection says about these bytes, whatever was chosen. */
  detectada: Codificacao;
}

/**
 * The text of a CSV file's bytes in the chosen encoding ('auto' = detected). A UTF-8 BOM is
 * dropped; bytes that are not valid in the chosen encoding become U+FFFD (so a wrong choice
 * shows in the preview instead of failing).
 */
export function decodificarCsv(bytes: Uint8Array, escolha: EscolhaCodificacao = 'auto'): CsvDecodificado {
  const detectada = detectarCodificacao(bytes);
  const codificacao = escolha === 'auto' ? detectada : escolha;
  let texto = new TextDecoder(codificacao).decode(bytes);
  if (codificacao === 'windows-1252') texto = corrigirC1(texto);
  return { texto: texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto, codificacao, detectada };
}

export interface RegistroCsv {
  campos: string[];
  /** 1-based line of the file where the record starts (the header is line 1). */
  linha: number;
}

/** ";" when the header has more of them than ",", else ",". */
export function detectarSeparador(texto: string): ';' | ',' {
  const fim = texto.search(/\r?\n/);
  const cab = fim < 0 ? texto : texto.slice(0, fim);
  const pv = cab.split(';').length;
  const v = cab.split(',').length;
  return pv >= v ? ';' : ',';
}

/** Records of a CSV text, blank lines skipped. */
export function lerCsv(texto: string, separador?: string): RegistroCsv[] {
  if (texto.charCodeAt(0) === 0xfeff) texto = texto.slice(1);
  const sep = separador ?? detectarSeparador(texto);
  const out: RegistroCsv[] = [];
  let campos: string[] = [];
  let campo = '';
  let aspas = false;
  let linha = 1;
  let inicio = 1;
  let vazio = true;
  const fechar = () => {
    campos.push(campo);
    if (!(vazio && campos.length === 1 && campo === '')) out.push({ campos, linha: inicio });
    campos = [];
    campo = '';
    vazio = true;
  };
  for (let i = 0; i < texto.length; i++) {
    const ch = texto[i];
    if (aspas) {
      if (ch === '"') {
        if (texto[i + 1] === '"') {
          campo += '"';
          i++;
        } else aspas = false;
      } else {
        if (ch === '\n') linha++;
        campo += ch;
      }
      continue;
    }
    if (ch === '"' && campo === '') {
      aspas = true;
      vazio = false;
    } else if (ch === sep) {
      campos.push(campo);
      campo = '';
      vazio = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && texto[i + 1] === '\n') i++;
      fechar();
      linha++;
      inicio = linha;
    } else {
      campo += ch;
      vazio = false;
    }
  }
  if (campo !== '' || campos.length > 0) fechar();
  return out;
}

function citar(v: string, sep: string): string {
  return /["\r\n]/.test(v) || v.includes(sep) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function linhaCsv(campos: readonly string[], sep = ';'): string {
  return campos.map((c) => citar(c ?? '', sep)).join(sep);
}

/**
 * What Excel (and LibreOffice, Google Sheets) take as the start of a formula in a cell: `=`, `+`,
 * `-`, `@`, and a tab or carriage return before one (OWASP, "CSV Injection").
 */
const INICIO_DE_FORMULA = /^[=+\-@\t\r]/;
/**
 * A number as the exports write it (pt-BR): an optional sign, optional "R$", digits with "." for
 * thousands, an optional "," decimal part and "%". Nothing in it can be a formula, so a negative
 * amount ("-R$ 1.234,56", "-7,5%") stays a number in the spreadsheet.
 */
const NUMERO_PT_BR = /^[-+]?(R\$[\s\u00a0]?)?\d{1,3}(\.?\d{3})*(,\d+)?[\s\u00a0]?%?$/;

/**
 * A cell of an export as the spreadsheet must read it: text that would start a formula (a
 * customer named `=cmd|' /C calc'!A0`) gets a `'` in front and quotes, so it is shown as text and
 * never evaluated (OWASP advice); numbers as the exports write them are left alone.
 */
export function celulaSegura(v: string): string {
  if (!INICIO_DE_FORMULA.test(v) || NUMERO_PT_BR.test(v)) return citar(v, ';');
  return `"'${v.replace(/"/g, '""')}"`;
}

/**
 * An export for Excel pt-BR: BOM, ";" and CRLF. Every export goes through here, so every cell is
 * made safe (celulaSegura); imports (dividirCsv) keep the file's cells as they are.
 */
export function gerarCsv(cabecalho: readonly string[], linhas: readonly (readonly string[])[]): string {
  return '\ufeff' + [cabecalho, ...linhas].map((l) => l.map((c) => celulaSegura(c ?? '')).join(';')).join('\r\n') + '\r\n';
}

export interface PedacoCsv {
  /** The chunk's CSV: the header, then its records. */
  csv: string;
  /** File line of each record of the chunk, in order (chunk line n+1 is linhas[n-1]). */
  linhas: number[];
}

export const MAX_LINHAS_POR_PEDACO = 500;
/** Below the API's 1 MiB body limit, with room for JSON escaping. */
export const MAX_BYTES_POR_PEDACO = 600 * 1024;

/**
 * Splits a CSV file into chunks of at most `maxLinhas` records (and `maxBytes` of text), each
 * starting with the file's header.
 */
export function dividirCsv(texto: string, maxLinhas = MAX_LINHAS_POR_PEDACO, maxBytes = MAX_BYTES_POR_PEDACO): { cabecalho: string[]; pedacos: PedacoCsv[]; total: number } {
  const sep = detectarSeparador(texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto);
  const regs = lerCsv(texto, sep);
  if (regs.length === 0) return { cabecalho: [], pedacos: [], total: 0 };
  const [cab, ...dados] = regs;
  const cabTexto = linhaCsv(cab.campos, sep);
  const enc = new TextEncoder();
  const pedacos: PedacoCsv[] = [];
  let atual: string[] = [];
  let linhas: number[] = [];
  let bytes = enc.encode(cabTexto).length;
  const fecharPedaco = () => {
    if (!linhas.length) return;
    pedacos.push({ csv: [cabTexto, ...atual].join('\n') + '\n', linhas });
    atual = [];
    linhas = [];
    bytes = enc.encode(cabTexto).length;
  };
  for (const r of dados) {
    const t = linhaCsv(r.campos, sep);
    const b = enc.encode(t).length + 1;
    if (linhas.length >= maxLinhas || (linhas.length > 0 && bytes + b > maxBytes)) fecharPedaco();
    atual.push(t);
    linhas.push(r.linha);
    bytes += b;
  }
  fecharPedaco();
  return { cabecalho: cab.campos, pedacos, total: dados.length };
}

/** The file line of a line number the server gave for a chunk (header = 1). */
export function linhaNoArquivo(pedaco: PedacoCsv, linhaNoPedaco: number): number {
  return pedaco.linhas[linhaNoPedaco - 2] ?? linhaNoPedaco;
}

/** Starts a download of a text file (web) — on Android the WebView hands it to the system. */
export function baixarArquivo(nome: string, conteudo: string, tipo = 'text/csv;charset=utf-8'): void {
  const blob = new Blob([conteudo], { type: tipo });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { describe, expect, it } from 'vitest';
import { decodificarCsv, detectarCodificacao, detectarSeparador, dividirCsv, gerarCsv, lerCsv, linhaNoArquivo } from './csv';

describe('lerCsv', () => {
  it('reads ";" with quotes, escaped quotes, CRLF, BOM and skips blank lines', () => {
    const t = '\ufeffnome;obs\r\n"Silva; Filhos";"disse ""oi"""\r\n\r\nJoão;\n';
    expect(lerCsv(t).map((r) => r.campos)).toEqual([
      ['nome', 'obs'],
      ['Silva; Filhos', 'disse "oi"'],
      ['João', ''],
    ]);
  });

  it('keeps line numbers of the file, also across a quoted line break', () => {
    const t = 'a,b\n1,"x\ny"\n2,z\n';
    expect(lerCsv(t).map((r) => [r.campos[0], r.linha])).toEqual([
      ['a', 1],
      ['1', 2],
      ['2', 4],
    ]);
  });

  it('detects the separator from the header', () => {
    expect(detectarSeparador('a;b;c\n1,2;3')).toBe(';');
    expect(detectarSeparador('a,b,c\n1;2')).toBe(',');
  });

  it('a last line without a newline counts', () => {
    expect(lerCsv('a;b\n1;2').map((r) => r.campos)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('dividirCsv', () => {
  const arquivo = (n: number) => ['documento;nome', ...Array.from({ length: n }, (_, i) => `${i};Cliente ${i}`)].join('\n');

  it('chunks of at most N rows, each repeating the header', () => {
    const { pedacos, total, cabecalho } = dividirCsv(arquivo(1203), 500);
    expect(total).toBe(1203);
    expect(cabecalho).toEqual(['documento', 'nome']);
    expect(pedacos.map((p) => p.linhas.length)).toEqual([500, 500, 203]);
    for (const p of pedacos) expect(p.csv.startsWith('documento;nome\n')).toBe(true);
    expect(pedacos[1].csv.split('\n')[1]).toBe('500;Cliente 500');
  });

  it("maps a chunk's line number back to the file's", () => {
    const { pedacos } = dividirCsv(arquivo(1203), 500);
    // Line 2 of every chunk is its first record; in the file, the header is line 1.
    expect(linhaNoArquivo(pedacos[0], 2)).toBe(2);
    expect(linhaNoArquivo(pedacos[1], 2)).toBe(502);
    expect(linhaNoArquivo(pedacos[2], 204)).toBe(1204);
  });

  it('also splits by size (below the 1 MiB body limit)', () => {
    const grande = ['documento;obs', ...Array.from({ length: 10 }, (_, i) => `${i};${'x'.repeat(1000)}`)].join('\n');
    const { pedacos } = dividirCsv(grande, 500, 3000);
    expect(pedacos.length).toBeGreaterThan(3);
    for (const p of pedacos) expect(new TextEncoder().encode(p.csv).length).toBeLessThanOrEqual(3000 + 1100);
  });

  it('keeps quoted fields quoted in the chunks', () => {
    const { pedacos } = dividirCsv('documento;nome\n1;"A; B"\n', 500);
    expect(pedacos[0].csv).toBe('documento;nome\n1;"A; B"\n');
  });

  it('an empty file has no chunks', () => {
    expect(dividirCsv('').pedacos).toEqual([]);
  });
});

describe('gerarCsv (export for Excel pt-BR)', () => {
  it('BOM, ";" separator, CRLF, quotes where needed', () => {
    const csv = gerarCsv(['Nome', 'Obs'], [['Silva; Filhos', 'disse "oi"'], ['São João', '']]);
    expect(csv).toBe('\ufeffNome;Obs\r\n"Silva; Filhos";"disse ""oi"""\r\nSão João;\r\n');
    expect(lerCsv(csv).map((r) => r.campos)).toEqual([
      ['Nome', 'Obs'],
      ['Silva; Filhos', 'disse "oi"'],
      ['São João', ''],
    ]);
  });
});

describe('gerarCsv: formula injection (OWASP CSV injection)', () => {
  const linha = (cells: string[]) => gerarCsv(['a'], [cells]).replace(/^\ufeff/, '').split('\r\n')[1];

  it.each([
    ['=cmd|\' /C calc\'!A0', '"\'=cmd|\' /C calc\'!A0"'],
    ['=HYPERLINK("http://x","clique")', '"\'=HYPERLINK(""http://x"",""clique"")"'],
    ['+55 11 98765-4321', '"\'+55 11 98765-4321"'],
    ['-2+3+cmd|\' /C calc\'!A0', '"\'-2+3+cmd|\' /C calc\'!A0"'],
    ['@SUM(1+1)*cmd|\' /C calc\'!A0', '"\'@SUM(1+1)*cmd|\' /C calc\'!A0"'],
    ['\t=1+1', '"\'\t=1+1"'],
    ['\r=1+1', '"\'\r=1+1"'],
    ['- ', '"\'- "'],
    ['-', '"\'-"'],
  ])('a text cell starting with a formula character is written as text: %j', (cell, esperado) => {
    expect(linha([cell])).toBe(esperado);
  });

  it('Excel reads the neutralised cell back as the same text with a quote in front (nothing evaluated)', () => {
    const csv = gerarCsv(['Nome', 'Cidade'], [["=cmd|' /C calc'!A0", 'São Paulo']]);
    expect(lerCsv(csv)[1].campos).toEqual(["'=cmd|' /C calc'!A0", 'São Paulo']);
  });

  it.each([
    ['-1234,56'],
    ['-1.234,56'],
    ['-7,5%'],
    ['-R$\u00a01.234,56'],
    ['-R$ 10,00'],
    ['+12'],
    ['-0'],
  ])('a number as the exports write it (sign, R$, thousands, decimals, percent) stays a number: %j', (cell) => {
    expect(linha([cell])).toBe(cell);
  });

  it('ordinary text and numbers are untouched; the formula characters inside a cell are harmless', () => {
    expect(linha(['Mercado Bom Preço', 'R$\u00a01.244,56', '11.222.333/0001-81', 'a=b', 'x-1', 'contato@mercado.com.br'])).toBe(
      'Mercado Bom Preço;R$\u00a01.244,56;11.222.333/0001-81;a=b;x-1;contato@mercado.com.br',
    );
  });

  it('the header is neutralised too', () => {
    expect(gerarCsv(['=1+1'], []).replace(/^\ufeff/, '')).toBe('"\'=1+1"\r\n');
  });

  it('the import chunks are not changed (the server gets the file as it was)', () => {
    expect(dividirCsv('documento;nome\n1;=x\n2;-3\n', 500).pedacos[0].csv).toBe('documento;nome\n1;=x\n2;-3\n');
  });
});

describe('decodificarCsv (UTF-8 or the Windows-1252 of Excel pt-BR)', () => {
  // "cidade;obs\nSão Paulo;Ação\n" as bytes, written out so the test does not depend on an encoder.
  const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
  const utf8 = new Uint8Array([...ascii('cidade;obs\nS'), 0xc3, 0xa3, ...ascii('o Paulo;A'), 0xc3, 0xa7, 0xc3, 0xa3, ...ascii('o\n')]);
  const comBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
  const windows1252 = new Uint8Array([...ascii('cidade;obs\nS'), 0xe3, ...ascii('o Paulo;A'), 0xe7, 0xe3, ...ascii('o\n')]);
  const esperado = 'cidade;obs\nSão Paulo;Ação\n';

  it('valid UTF-8, with a BOM or without, is read as UTF-8', () => {
    expect(detectarCodificacao(utf8)).toBe('utf-8');
    expect(detectarCodificacao(comBom)).toBe('utf-8');
    expect(decodificarCsv(utf8)).toEqual({ texto: esperado, codificacao: 'utf-8', detectada: 'utf-8' });
    expect(decodificarCsv(comBom).texto).toBe(esperado);
    expect(lerCsv(decodificarCsv(comBom).texto)[1].campos).toEqual(['São Paulo', 'Ação']);
  });

  it('bytes that are not UTF-8 (Excel "CSV") are read as Windows-1252', () => {
    expect(detectarCodificacao(windows1252)).toBe('windows-1252');
    expect(decodificarCsv(windows1252)).toEqual({ texto: esperado, codificacao: 'windows-1252', detectada: 'windows-1252' });
    // Windows-1252 beyond Latin-1: 0x80 is the euro sign, 0x93/0x94 curly quotes.
    expect(decodificarCsv(new Uint8Array([0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94])).texto).toBe('€ “ok”');
  });

  it('plain ASCII is UTF-8', () => {
    expect(detectarCodificacao(new Uint8Array(ascii('documento;nome\n1;Ana\n')))).toBe('utf-8');
  });

  it('the user can override the detection; a wrong choice shows in the text', () => {
    expect(decodificarCsv(windows1252, 'utf-8')).toEqual({ texto: 'cidade;obs\nS\ufffdo Paulo;A\ufffd\ufffdo\n', codificacao: 'utf-8', detectada: 'windows-1252' });
    expect(decodificarCsv(utf8, 'windows-1252')).toEqual({ texto: 'cidade;obs\nSÃ£o Paulo;AÃ§Ã£o\n', codificacao: 'windows-1252', detectada: 'utf-8' });
    expect(decodificarCsv(utf8, 'utf-8').texto).toBe(esperado);
  });
});

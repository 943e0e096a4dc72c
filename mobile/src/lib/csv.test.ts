import { describe, expect, it } from 'vitest';
import { detectarSeparador, dividirCsv, gerarCsv, lerCsv, linhaNoArquivo } from './csv';

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

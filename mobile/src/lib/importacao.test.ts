import { describe, expect, it } from 'vitest';
import { lerCsv } from './csv';
import { comChave, erroNaLinha, gravarTudo, modeloDoFormato, prepararImportacao, validarTudo, type ImportarPedaco } from './importacao';

const arquivo = (n: number) => ['documento;nome;cor', ...Array.from({ length: n }, (_, i) => `${1000 + i};Cliente ${i};azul`)].join('\n');
const FORMATO = { colunas: ['documento', 'nome'], aliases: { razao_social: 'nome' } };

/** A fake importar: rejects rows whose key is in `ruins` (line numbers of the chunk). */
function servidor(ruins: Set<number> = new Set()) {
  const chamadas: { validar: boolean; linhas: number }[] = [];
  const importar: ImportarPedaco = async (csv, validar) => {
    const regs = lerCsv(csv).slice(1);
    chamadas.push({ validar, linhas: regs.length });
    const rejeitadas = regs.flatMap((r, i) => (ruins.has(Number(r.campos[0])) ? [{ linha: i + 2, chave: r.campos[0], erros: ['Documento inválido'] }] : []));
    return { total: regs.length, criados: validar || rejeitadas.length ? 0 : regs.length, atualizados: 0, rejeitadas, nada_gravado: validar || rejeitadas.length > 0 };
  };
  return { importar, chamadas };
}

describe('CSV import in chunks (every import of the app)', () => {
  it('validates every chunk and reports the lines of the whole file', async () => {
    const prep = prepararImportacao(arquivo(1203), FORMATO);
    expect(prep.pedacos).toHaveLength(3);
    expect(prep.desconhecidas).toEqual(['cor']);
    const s = servidor(new Set([1000, 1700]));
    const progresso: number[] = [];
    const r = await validarTudo(prep.pedacos, s.importar, (n) => progresso.push(n));
    expect(s.chamadas.every((c) => c.validar)).toBe(true);
    expect(s.chamadas).toHaveLength(3);
    // 1000 is the first data row (line 2); 1700 is row 701 → line 702.
    expect(r.map((x) => [x.linha, x.chave])).toEqual([
      [2, '1000'],
      [702, '1700'],
    ]);
    expect(progresso).toEqual([500, 1000, 1203]);
  });

  it('writes chunk after chunk with progress; stops at a rejected chunk', async () => {
    const prep = prepararImportacao(arquivo(1203), FORMATO);
    const ok = servidor();
    const progresso: number[] = [];
    const g = await gravarTudo(prep.pedacos, ok.importar, (n) => progresso.push(n));
    expect(g).toEqual({ criados: 1203, atualizados: 0, linhasGravadas: 1203, rejeitadas: [] });
    expect(progresso).toEqual([500, 1000, 1203]);

    const falha = servidor(new Set([1600]));
    const g2 = await gravarTudo(prep.pedacos, falha.importar);
    expect(g2.linhasGravadas).toBe(500);
    expect(g2.rejeitadas.map((x) => x.linha)).toEqual([602]);
  });

  it('columns the server knows by another name (aliases), in any case and with accents, are not "unknown"', () => {
    const prep = prepararImportacao('Documento;Razão Social;NOME;Cor favorita\n1;a;b;c\n', FORMATO);
    expect(prep.desconhecidas).toEqual(['Cor favorita']);
  });

  it('the template has the columns in order and the example rows', () => {
    const [cab, exemplo] = lerCsv(modeloDoFormato(FORMATO, [['11222333000181', 'Exemplo']])).map((r) => r.campos);
    expect(cab).toEqual(['documento', 'nome']);
    expect(exemplo).toEqual(['11222333000181', 'Exemplo']);
  });

  it("comChave names each server's key (documento, codigo) the same way", () => {
    const r = comChave({ total: 1, criados: 0, atualizados: 0, nada_gravado: true, rejeitadas: [{ linha: 2, codigo: 'X1', erros: ['NCM deve ter 8 dígitos.'] }] }, (l) => l.codigo);
    expect(r.rejeitadas).toEqual([{ linha: 2, chave: 'X1', erros: ['NCM deve ter 8 dígitos.'] }]);
  });

  it('a reason reads as the file: "linha 3, coluna CEP: …" (the column as its header wrote it), or the line alone', () => {
    expect(erroNaLinha(3, 'coluna CEP: CEP deve ter 8 dígitos')).toBe('linha 3, coluna CEP: CEP deve ter 8 dígitos');
    expect(erroNaLinha(4, 'colunas NCM e UF: repetidas no arquivo (já na linha 2).')).toBe('linha 4, colunas NCM e UF: repetidas no arquivo (já na linha 2).');
    expect(erroNaLinha(5, 'Marque só um endereço como principal.')).toBe('linha 5: Marque só um endereço como principal.');
  });
});

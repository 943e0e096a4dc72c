import { describe, expect, it } from 'vitest';
import { lerCsv } from '../../../lib/csv';
import { COLUNAS_IMPORTACAO, gravarTudo, modeloCsv, preparar, validarTudo, type Importar } from './importacao';

const arquivo = (n: number) => ['documento;nome;cor', ...Array.from({ length: n }, (_, i) => `${1000 + i};Cliente ${i};azul`)].join('\n');

/** A fake importar: rejects rows whose nome ends in `ruim` (line numbers of the chunk). */
function servidor(ruins: Set<number> = new Set()) {
  const chamadas: { validar: boolean; linhas: number }[] = [];
  const importar: Importar = async (csv, validar) => {
    const regs = lerCsv(csv).slice(1);
    chamadas.push({ validar, linhas: regs.length });
    const rejeitadas = regs.flatMap((r, i) => (ruins.has(Number(r.campos[0])) ? [{ linha: i + 2, documento: r.campos[0], erros: ['Documento inválido'] }] : []));
    return { total: regs.length, criados: validar || rejeitadas.length ? 0 : regs.length, atualizados: 0, rejeitadas, nada_gravado: validar || rejeitadas.length > 0 };
  };
  return { importar, chamadas };
}

describe('CSV import in chunks', () => {
  it('validates every chunk and reports the lines of the whole file', async () => {
    const prep = preparar(arquivo(1203));
    expect(prep.pedacos).toHaveLength(3);
    expect(prep.desconhecidas).toEqual(['cor']);
    const s = servidor(new Set([1000, 1700]));
    const progresso: number[] = [];
    const r = await validarTudo(prep.pedacos, s.importar, (n) => progresso.push(n));
    expect(s.chamadas.every((c) => c.validar)).toBe(true);
    expect(s.chamadas).toHaveLength(3);
    // 1000 is the first data row (line 2); 1700 is row 701 → line 702.
    expect(r.map((x) => x.linha)).toEqual([2, 702]);
    expect(progresso).toEqual([500, 1000, 1203]);
  });

  it('writes chunk after chunk with progress; stops at a rejected chunk', async () => {
    const prep = preparar(arquivo(1203));
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

  it('the template has the columns of ImportarClientesRequest', () => {
    const [cab, exemplo] = lerCsv(modeloCsv()).map((r) => r.campos);
    expect(cab).toEqual([...COLUNAS_IMPORTACAO]);
    expect(exemplo).toHaveLength(COLUNAS_IMPORTACAO.length);
  });
});

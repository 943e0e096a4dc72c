import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick }: { children?: ReactNode; onClick?: () => void }) => (
    <button type="button" className="ion-button" onClick={onClick}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
}));
vi.mock('../ionic/IonText', () => ({ IonText: ({ children }: { children: ReactNode }) => <div>{children}</div> }));
vi.mock('../ui/useConfirm', () => ({ useConfirm: () => async () => true }));

import { lerCsv } from '../../lib/csv';
import type { ImportarPedaco } from '../../lib/importacao';
import { montarTela } from '../../test/tela';
import { ImportarCsv, type DeclaracaoImportacao } from './ImportarCsv';

const tela = montarTela();

const REGRAS: DeclaracaoImportacao = {
  testId: 'importar-teste',
  item: 'regra',
  feminino: true,
  titulo: 'Importar regras',
  ajuda: 'Uma regra por linha.',
  formato: { colunas: ['ncm', 'uf', 'mva'], aliases: { iva: 'mva' } },
  modelo: { arquivo: 'modelo.csv', csv: () => 'ncm;uf;mva\r\n' },
  rotuloChave: 'NCM / UF',
};

/** A server that rejects the rows whose mva is "x"; writes the others. */
function servidor() {
  const chamadas: boolean[] = [];
  const importar: ImportarPedaco = async (csv, validar) => {
    chamadas.push(validar);
    const regs = lerCsv(csv).slice(1);
    const rejeitadas = regs.flatMap((r, i) => (r.campos[2] === 'x' ? [{ linha: i + 2, chave: `${r.campos[0]}/${r.campos[1]}`, erros: ['coluna IVA: MVA inválida.', 'NCM e UF repetidos.'] }] : []));
    const gravar = !validar && !rejeitadas.length;
    return { total: regs.length, criados: gravar ? regs.length - 1 : 0, atualizados: gravar ? 1 : 0, nada_gravado: !gravar, rejeitadas };
  };
  return { importar, chamadas };
}

async function escolher(texto: string) {
  const input = tela.container.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [new File([texto], 'regras.csv', { type: 'text/csv' })], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the shared CSV import (any declaration)', () => {
  it('a rejected row: the report names its line, key and errors with the declaration’s words; nothing is written', async () => {
    const s = servidor();
    tela.render(<ImportarCsv declaracao={REGRAS} importar={s.importar} />);
    expect(tela.container.querySelector('[data-testid=importar-teste]')?.textContent).toContain('Uma regra por linha.');
    await escolher('NCM;UF;IVA;cor\n2202;SP;40\n2203;MG;x\n');
    await vi.waitFor(() => expect(tela.container.querySelector('[data-testid=rejeitadas]')).toBeTruthy());
    const rej = tela.container.querySelector('[data-testid=rejeitadas]')!;
    expect(rej.textContent).toContain('1 linha(s) com erro. Nada foi gravado.');
    expect([...rej.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['Linha', 'NCM / UF', 'Erros']);
    // Each reason in the file's words: its line, then the column as the header wrote it.
    expect([...rej.querySelectorAll('tbody td')].map((t) => t.textContent)).toEqual(['3', '2203/MG', 'linha 3, coluna IVA: MVA inválida.linha 3: NCM e UF repetidos.']);
    // IVA is the server's other name for mva: only "cor" is unknown.
    expect(tela.container.textContent).toContain('Colunas ignoradas (desconhecidas): cor');
    expect(s.chamadas).toEqual([true]);
  });

  it('a good file: validated, then written after the confirmation, counted in the declaration’s words', async () => {
    const s = servidor();
    const concluiu = vi.fn();
    tela.render(<ImportarCsv declaracao={REGRAS} importar={s.importar} aoConcluir={concluiu} />);
    await escolher('ncm;uf;mva\n2202;SP;40\n2203;MG;35\n');
    await vi.waitFor(() => expect(tela.container.textContent).toContain('Todas as 2 linhas estão corretas.'));
    const gravar = [...tela.container.querySelectorAll('button')].find((b) => b.textContent === 'Gravar 2 regra(s)')!;
    await act(async () => gravar.click());
    await vi.waitFor(() => expect(tela.container.textContent).toContain('Importação concluída: 1 regra(s) criada(s), 1 atualizada(s).'));
    expect(s.chamadas).toEqual([true, false]);
    expect(concluiu).toHaveBeenCalledTimes(1);
  });

  it('a file with only the header says there is nothing to import', async () => {
    tela.render(<ImportarCsv declaracao={REGRAS} importar={servidor().importar} />);
    await escolher('ncm;uf;mva\n');
    await vi.waitFor(() => expect(tela.container.textContent).toContain('O arquivo não tem linhas de regras (a primeira linha é o cabeçalho).'));
  });
});

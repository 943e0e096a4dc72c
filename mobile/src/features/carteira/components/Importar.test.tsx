import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Ionic's web components need a real browser (constructable stylesheets); plain stand-ins here.
vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick }: { children: React.ReactNode; onClick?: () => void }) => (
    <button type="button" className="ion-button" onClick={onClick}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
}));
vi.mock('../../../components/ionic/IonText', () => ({ IonText: ({ children }: { children: React.ReactNode }) => <div>{children}</div> }));
vi.mock('../../../components/ui/useConfirm', () => ({ useConfirm: () => async () => true }));

import { Importar } from './Importar';

const importarClientes = vi.fn();

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  importarClientes.mockReset();
  importarClientes.mockImplementation(async (csv: string, validar: boolean) => {
    const total = csv.trim().split('\n').length - 1;
    return { total, criados: validar ? 0 : total, atualizados: 0, nada_gravado: validar, rejeitadas: [] };
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Importar importar={importarClientes} />
      </QueryClientProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

// "documento;nome;cidade\n11222333000181;Ação Ltda;São Paulo\n" as bytes, both ways.
const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
const UTF8 = new Uint8Array([...ascii('documento;nome;cidade\n11222333000181;A'), 0xc3, 0xa7, 0xc3, 0xa3, ...ascii('o Ltda;S'), 0xc3, 0xa3, ...ascii('o Paulo\n')]);
const WINDOWS_1252 = new Uint8Array([...ascii('documento;nome;cidade\n11222333000181;A'), 0xe7, 0xe3, ...ascii('o Ltda;S'), 0xe3, ...ascii('o Paulo\n')]);

async function escolherArquivo(bytes: Uint8Array) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  const file = new File([bytes as BlobPart], 'clientes.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => expect(container.textContent).toContain('Todas as 1 linhas estão corretas.'));
}

async function trocarCodificacao(valor: string) {
  const select = container.querySelector<HTMLSelectElement>('select[name=codificacao]')!;
  await act(async () => {
    select.value = valor;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => expect(container.textContent).toContain('Todas as 1 linhas estão corretas.'));
}

const previa = () => [...container.querySelectorAll('[data-testid=previa-importacao] tbody td')].map((td) => td.textContent);
const lida = () => container.querySelector('[data-testid=codificacao-lida]')?.textContent;
const enviado = () => importarClientes.mock.calls.at(-1)?.[0] as string;

describe('CSV import: the encoding of the file', () => {
  it('offers automatic detection, UTF-8 and Windows-1252 (Excel)', () => {
    const select = container.querySelector<HTMLSelectElement>('select[name=codificacao]')!;
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Codificação');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['auto', 'Detectar automaticamente'],
      ['utf-8', 'UTF-8'],
      ['windows-1252', 'Windows-1252 (Excel)'],
    ]);
    expect(select.value).toBe('auto');
  });

  it('an Excel (Windows-1252) file is detected: preview and the rows sent keep the accents', async () => {
    await escolherArquivo(WINDOWS_1252);
    expect(lida()).toContain('Codificação detectada: Windows-1252 (Excel).');
    expect(previa()).toEqual(['11222333000181', 'Ação Ltda', 'São Paulo']);
    expect(enviado()).toBe('documento;nome;cidade\n11222333000181;Ação Ltda;São Paulo\n');
  });

  it('a UTF-8 file is detected as UTF-8', async () => {
    await escolherArquivo(UTF8);
    expect(lida()).toContain('Codificação detectada: UTF-8.');
    expect(previa()).toEqual(['11222333000181', 'Ação Ltda', 'São Paulo']);
    expect(enviado()).toContain('Ação Ltda;São Paulo');
  });

  it('choosing another encoding decodes the same file again (preview and validation)', async () => {
    await escolherArquivo(WINDOWS_1252);
    const chamadas = importarClientes.mock.calls.length;
    await trocarCodificacao('utf-8');
    expect(lida()).toContain('Lido como UTF-8 (a detecção automática indica Windows-1252 (Excel)).');
    expect(previa()).toEqual(['11222333000181', 'A\ufffd\ufffdo Ltda', 'S\ufffdo Paulo']);
    expect(importarClientes.mock.calls.length).toBe(chamadas + 1);
    expect(enviado()).toContain('S\ufffdo Paulo');

    await trocarCodificacao('auto');
    expect(previa()).toEqual(['11222333000181', 'Ação Ltda', 'São Paulo']);
    expect(lida()).toContain('Codificação detectada: Windows-1252 (Excel).');
  });
});

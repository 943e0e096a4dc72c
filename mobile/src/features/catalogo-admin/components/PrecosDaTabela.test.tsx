import { act, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick, type, disabled }: { children?: ReactNode; onClick?: () => void; type?: 'submit' | 'button'; disabled?: boolean }) => (
    <button type={type ?? 'button'} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
}));
vi.mock('../../../components/ui/useToast', () => ({ useToast: () => () => undefined }));
vi.mock('../../../components/ui/useConfirm', () => ({ useConfirm: () => async () => true }));
// The API's answers: a plain function (a vi.fn's bookkeeping of a rejected promise fails the test).
const api = vi.hoisted(() => {
  const estado = { resposta: (): Promise<unknown> => Promise.resolve(undefined), calls: [] as [string, Record<string, unknown>][] };
  return Object.assign(
    (rota: string, opcoes: Record<string, unknown>) => {
      estado.calls.push([rota, opcoes]);
      return estado.resposta();
    },
    { estado },
  );
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { ApiError } from '../../../lib/api/client';
import type { Preco, Produto } from '../../../lib/api/types';
import { digitarEm, montarTela } from '../../../test/tela';
import { EditorPreco } from './PrecosDaTabela';

const tela = montarTela();
beforeEach(() => {
  api.estado.calls.length = 0;
});

const PRODUTO = { id: 'p1', codigo: 'REF-1', descricao: 'Refrigerante 2 L' } as Produto;
const PRECO = { tabela_id: 't1', produto_id: 'p1', preco_centavos: '1290', preco_minimo_centavos: '1150', versao: '1' } as Preco;

function abrir(preco?: Preco) {
  const fechou = vi.fn();
  tela.render(
    <QueryClientProvider client={new QueryClient()}>
      <EditorPreco tabelaId="t1" produto={PRODUTO} preco={preco} aoFechar={fechou} />
    </QueryClientProvider>,
  );
  return fechou;
}
const campo = (nome: string) => tela.container.querySelector<HTMLInputElement>(`input[name=${nome}]`)!;
const erroDe = (nome: string) => campo(nome).closest('.text-field')?.querySelector('.field-error')?.textContent;
async function clicar(texto: string) {
  const b = [...tela.container.querySelectorAll('button')].find((x) => x.textContent === texto)!;
  await act(async () => b.click());
}

describe('a price in a table', () => {
  it('shows the price in reais and saves it in centavos with PUT', async () => {
    api.estado.resposta = () => Promise.resolve({ ...PRECO, preco_centavos: '123456', preco_minimo_centavos: '0' });
    const fechou = abrir(PRECO);
    expect([campo('preco').value, campo('preco_minimo').value]).toEqual(['12,90', '11,50']);
    digitarEm(campo('preco'), 'R$ 1.234,56');
    digitarEm(campo('preco_minimo'), '');
    await clicar('Salvar preço');
    await vi.waitFor(() => expect(fechou).toHaveBeenCalled());
    expect(api.estado.calls).toEqual([['/tabelas-preco/t1/precos/p1', { method: 'PUT', body: { preco_centavos: '123456', preco_minimo_centavos: '0' } }]]);
  });

  it('refuses a minimum above the price at its field, sending nothing', async () => {
    abrir();
    digitarEm(campo('preco'), '10');
    digitarEm(campo('preco_minimo'), '10,01');
    await clicar('Salvar preço');
    expect(erroDe('preco_minimo')).toBe('Preço mínimo deve ficar entre zero e o preço.');
    expect(api.estado.calls).toEqual([]);
  });

  it("the server's field error lands at the field", async () => {
    const err = new ApiError(400, { mensagem: 'Preço deve ser maior que zero.', campos: [{ campo: 'preco_centavos', descricao: 'Preço deve ser maior que zero.' }] });
    api.estado.resposta = () => Promise.reject(err);
    abrir();
    digitarEm(campo('preco'), '5');
    await clicar('Salvar preço');
    await vi.waitFor(() => expect(erroDe('preco')).toBe('Preço deve ser maior que zero.'));
  });

  it('takes the product out of the table with DELETE after the confirmation', async () => {
    api.estado.resposta = () => Promise.resolve(PRECO);
    const fechou = abrir(PRECO);
    await clicar('Tirar da tabela');
    await vi.waitFor(() => expect(fechou).toHaveBeenCalled());
    expect(api.estado.calls).toEqual([['/tabelas-preco/t1/precos/p1', { method: 'DELETE' }]]);
  });
});

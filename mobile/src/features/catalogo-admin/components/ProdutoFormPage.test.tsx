import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Ionic's web components need a real browser: plain stand-ins (a submit button stays a submit button).
vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick, type, disabled }: { children?: ReactNode; onClick?: () => void; type?: 'submit' | 'button'; disabled?: boolean }) => (
    <button type={type ?? 'button'} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
}));
vi.mock('../../../components/ionic/IonText', () => ({ IonText: ({ children }: { children: ReactNode }) => <div>{children}</div> }));
vi.mock('../../../components/ui/useToast', () => ({ useToast: () => () => undefined }));
vi.mock('../../../components/ui/useConfirm', () => ({ useConfirm: () => async () => true }));
// The API's answers: a plain function (a vi.fn's bookkeeping of a rejected promise is reported as
// an unhandled error of the test), with the calls kept for the assertions.
const api = vi.hoisted(() => {
  const estado = { resposta: (): Promise<unknown> => Promise.resolve(undefined), calls: [] as [string, Record<string, unknown>][] };
  const fn = (rota: string, opcoes: Record<string, unknown>) => {
    estado.calls.push([rota, opcoes]);
    return estado.resposta();
  };
  return Object.assign(fn, {
    estado,
    mock: { calls: estado.calls },
    mockReset: () => {
      estado.calls.length = 0;
      estado.resposta = () => Promise.resolve(undefined);
    },
    mockResolvedValue: (v: unknown) => {
      estado.resposta = () => Promise.resolve(v);
    },
  });
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { ApiError } from '../../../lib/api/client';
import type { Produto } from '../../../lib/api/types';
import { digitarEm, montarTela, Onde } from '../../../test/tela';
import { FormularioProduto } from './ProdutoFormPage';

const tela = montarTela();
/** The API answers with this error (a rejection made at the call, as fetch would). */
const recusar = (err: Error) => {
  api.estado.resposta = () => Promise.reject(err);
};
beforeEach(() => api.mockReset());

const PRODUTO = {
  id: 'p1',
  codigo: 'REF-1',
  descricao: 'Refrigerante 2 L',
  marca: '',
  grupo: 'Bebidas',
  unidade: 'UN',
  multiplo_venda: '6',
  unidades_caixa: '0',
  ean: '',
  ncm: '22021000',
  ipi_percentual: 4,
  peso_gramas: '0',
  ativo: true,
  estoque: '120',
  estoque_em: '2026-11-20T13:00:00Z',
  versao: '3',
} as Produto;

function abrir(produto?: Produto, aoRecarregar?: () => void) {
  tela.render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/admin/produtos/x']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/admin/produtos/x" element={<FormularioProduto produto={produto} aoRecarregar={aoRecarregar} />} />
          <Route path="*" element={<Onde />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const campo = (nome: string) => tela.container.querySelector<HTMLInputElement>(`input[name=${nome}]`)!;
const erroDe = (nome: string) => campo(nome).closest('.text-field')?.querySelector('.field-error')?.textContent;
const botao = (texto: string) => [...tela.container.querySelectorAll('button')].find((b) => b.textContent === texto)!;
async function clicar(texto: string) {
  await act(async () => {
    botao(texto).click();
  });
}
const erroFormulario = () => tela.container.querySelector('[data-testid=erro-formulario]')?.textContent;

function preencherNovo() {
  digitarEm(campo('codigo'), 'NOVO-1');
  digitarEm(campo('descricao'), 'Suco de uva 1 L');
  digitarEm(campo('ncm'), '2009.69.00');
}

describe('the product form', () => {
  it('refuses at the fields what the server would (EAN-13 check digit, NCM of 8 digits) and sends nothing', async () => {
    abrir();
    digitarEm(campo('codigo'), 'NOVO-1');
    digitarEm(campo('ean'), '4006381333932');
    digitarEm(campo('ncm'), '2202');
    await clicar('Cadastrar produto');
    await vi.waitFor(() => expect(erroDe('ncm')).toBe('NCM deve ter 8 dígitos.'));
    expect(erroDe('ean')).toBe('Código de barras inválido: informe os 13 dígitos do EAN-13 (o último é o dígito verificador).');
    expect(erroDe('descricao')).toBe('Informe a descrição.');
    expect(erroFormulario()).toBe('Confira os campos destacados.');
    expect(api.mock.calls).toHaveLength(0);
  });

  it('creates with a client id and the API’s types (int64 as strings, IPI as a number)', async () => {
    api.mockResolvedValue({ ...PRODUTO, id: 'novo' });
    abrir();
    preencherNovo();
    digitarEm(campo('ipi_percentual'), '7,5');
    await clicar('Cadastrar produto');
    await vi.waitFor(() => expect(api.mock.calls.length).toBeGreaterThan(0));
    const [rota, opcoes] = api.mock.calls[0];
    expect([rota, opcoes.method]).toEqual(['/produtos', 'POST']);
    expect(opcoes.body).toMatchObject({ codigo: 'NOVO-1', ncm: '20096900', ipi_percentual: 7.5, multiplo_venda: '1', unidade: 'UN', ativo: true });
    expect((opcoes.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/admin/produtos/novo'));
  });

  it('409 CODIGO_DUPLICADO: says so in pt-BR at the code and links to the product that has it', async () => {
    recusar(new ApiError(409, { mensagem: 'Código já usado.', motivo: 'CODIGO_DUPLICADO', detalhes: { produto_id: 'outro' } }));
    abrir();
    preencherNovo();
    await clicar('Cadastrar produto');
    await vi.waitFor(() => expect(erroFormulario()).toBe('Já existe um produto com o código NOVO-1. Use outro código ou abra o produto existente.'));
    expect(erroDe('codigo')).toBe('Este código já está em uso.');
    expect(tela.container.querySelector('[data-testid=abrir-existente]')?.getAttribute('href')).toBe('/admin/produtos/outro');
  });

  it("the server's 400 field errors land at their fields", async () => {
    recusar(
      new ApiError(400, {
        mensagem: 'Alíquota de IPI deve ficar entre 0% e 100%.',
        campos: [
          { campo: 'ipi_percentual', descricao: 'Alíquota de IPI deve ficar entre 0% e 100%.' },
          { campo: 'multiplo_venda', descricao: 'Múltiplo de venda deve ser um número inteiro maior ou igual a 1.' },
        ],
      }),
    );
    abrir();
    preencherNovo();
    await clicar('Cadastrar produto');

    await vi.waitFor(() => expect(erroDe('ipi_percentual')).toBe('Alíquota de IPI deve ficar entre 0% e 100%.'));
    expect(erroDe('multiplo_venda')).toBe('Múltiplo de venda deve ser um número inteiro maior ou igual a 1.');
    expect(erroFormulario()).toBe('Confira os campos destacados.');
  });

  it('an edit sends only what changed on the versao shown; VERSAO_DESATUALIZADA offers to reload', async () => {
    recusar(new ApiError(409, { mensagem: 'Registro alterado.', motivo: 'VERSAO_DESATUALIZADA' }));
    const recarregar = vi.fn();
    abrir(PRODUTO, recarregar);
    expect(tela.container.querySelector('[data-testid=estoque]')?.textContent).toMatch(/^Estoque: 120 UN em 20\/11\/2026/);
    digitarEm(campo('descricao'), 'Refrigerante 2,5 L');
    await clicar('Salvar alterações');
    await vi.waitFor(() => expect(api.mock.calls.length).toBeGreaterThan(0));
    expect(api.mock.calls[0][0]).toBe('/produtos/p1');
    expect(api.mock.calls[0][1]).toMatchObject({ method: 'PATCH', body: { versao: '3', descricao: 'Refrigerante 2,5 L' } });
    expect(Object.keys(api.mock.calls[0][1].body as object).sort()).toEqual(['descricao', 'versao']);
    await vi.waitFor(() => expect(erroFormulario()).toMatch(/^Este produto foi alterado por outra pessoa enquanto você editava\./));
    await clicar('Recarregar produto');
    expect(recarregar).toHaveBeenCalled();
  });

  it('deletes after the confirmation, with the versao shown', async () => {
    api.mockResolvedValue(PRODUTO);
    abrir(PRODUTO);
    await clicar('Excluir produto');
    await vi.waitFor(() => expect(api.mock.calls).toEqual([['/produtos/p1', { method: 'DELETE', query: { versao: '3' } }]]));
    await vi.waitFor(() => expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/admin/produtos'));
  });
});

import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Ionic's web components need a real browser: plain stand-ins (a submit button stays a submit button).
vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick, type, disabled }: { children?: ReactNode; onClick?: () => void; type?: 'submit' | 'button'; disabled?: boolean }) => (
    <button type={type ?? 'button'} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
  IonIcon: () => null,
  IonPage: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
  IonContent: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
}));
vi.mock('../../../components/ionic/IonText', () => ({ IonText: ({ children }: { children: ReactNode }) => <div>{children}</div> }));
vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('../../../components/ui/MaisPaginas', () => ({ MaisPaginas: () => null }));
vi.mock('../../../components/ui/useToast', () => ({ useToast: () => () => undefined }));
vi.mock('../../../components/ui/useConfirm', () => ({ useConfirm: () => async () => true }));
// The API: the list of rules on GET, the created rule on POST; the calls kept for the assertions.
const api = vi.hoisted(() => {
  const estado = { calls: [] as [string, Record<string, unknown>][], regras: [] as unknown[] };
  const fn = (rota: string, opcoes: Record<string, unknown>): Promise<unknown> => {
    estado.calls.push([rota, opcoes]);
    if (opcoes.method === 'POST') return Promise.resolve({ ...(opcoes.body as object), versao: '1' });
    return Promise.resolve({ regras: estado.regras, next_page_token: '' });
  };
  return Object.assign(fn, { estado });
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { queryClient } from '../../../lib/query';
import { storeOperatorProfile } from '../../../lib/storage';
import { digitarEm, montarTela } from '../../../test/tela';
import RegrasStPage from './RegrasStPage';

const tela = montarTela();
beforeEach(() => {
  // The screen reads through the app's one query client (QueryBoundary): nothing cached between tests.
  queryClient.clear();
  // Writes go through the outbox, which belongs to the signed-in operator.
  storeOperatorProfile(
    { empresa: 'demo', id: 'op1', nome_operador: 'Ana', perfil_app: 'ADMIN', exibir_medida: false },
    { uid: 'u1', email: 'u1@demo.example.com', displayName: 'Ana' },
  );
  api.estado.calls.length = 0;
  api.estado.regras = [];
});

function abrir() {
  tela.render(
    <MemoryRouter initialEntries={['/admin/regras-st']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <RegrasStPage />
    </MemoryRouter>,
  );
}

const botao = (texto: string) => [...tela.container.querySelectorAll('button')].find((b) => b.textContent === texto)!;
async function clicar(texto: string) {
  await act(async () => {
    botao(texto).click();
  });
}
const campo = (nome: string) => tela.container.querySelector<HTMLInputElement>(`input[name=${nome}]`)!;
const escolha = (nome: string) => tela.container.querySelector<HTMLSelectElement>(`select[name=${nome}]`)!;
function escolher(nome: string, valor: string) {
  const s = escolha(nome);
  act(() => {
    s.value = valor;
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
function marcar(nome: string) {
  act(() => campo(nome).click());
}
const erroDe = (el: Element) => el.closest('.text-field')?.querySelector('.field-error')?.textContent;
const posts = () => api.estado.calls.filter(([, o]) => o.method === 'POST');

describe('ICMS-ST rules (ADMIN)', () => {
  it('the new rule form: kind of reduction, MVA adjustment and effective ALQ intra, in pt-BR, validated and sent', async () => {
    abrir();
    await vi.waitFor(() => expect(tela.container.textContent).toContain('Nenhuma regra de ST'), { timeout: 5000 });
    await clicar('Nova regra');
    expect([...escolha('reducao_base_tipo').options].map((o) => o.textContent)).toEqual(['Só a base da ST', 'Operação própria e ST (CST 70, venda dentro do estado)']);
    expect([...escolha('ajuste_mva').options].map((o) => o.value)).toEqual(['sempre', 'se_interna_maior', 'nao']);
    expect(escolha('reducao_base_tipo').closest('.text-field')?.querySelector('label')?.textContent).toBe('A redução da base vale para');
    expect(campo('aliquota_intra_efetiva').closest('label')?.textContent).toContain('carga efetiva');
    digitarEm(campo('ncm'), '2202');
    escolher('uf', 'SP');
    digitarEm(campo('mva_percentual'), '40');
    digitarEm(campo('aliquota_interna_percentual'), '18');
    digitarEm(campo('aliquota_interestadual_percentual'), '12');
    // Both operations reduced and the effective rate need a reduction: refused here, nothing sent.
    escolher('reducao_base_tipo', 'propria_e_st');
    marcar('aliquota_intra_efetiva');
    await clicar('Criar regra');
    await vi.waitFor(() => expect(erroDe(campo('reducao_base_percentual'))).toBe('Informe a redução da base que vale para a operação própria e a ST.'));
    expect(tela.container.textContent).toContain('A alíquota interna efetiva precisa de uma redução da base.');
    expect(posts()).toHaveLength(0);
    digitarEm(campo('reducao_base_percentual'), '10');
    escolher('ajuste_mva', 'se_interna_maior');
    await clicar('Criar regra');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0][1].body).toMatchObject({
      ncm: '2202',
      uf: 'SP',
      reducao_base_percentual: 10,
      reducao_base_tipo: 'propria_e_st',
      ajuste_mva: 'se_interna_maior',
      aliquota_intra_efetiva: true,
    });
  });

  it('the list says how each rule reduces and adjusts (a rule from before the fields reads as before)', async () => {
    const base = { ncm: '2202', mva_percentual: 40, aliquota_interna_percentual: 18, aliquota_interestadual_percentual: 12, versao: '1' };
    api.estado.regras = [
      { ...base, id: 'a', uf: 'MG' },
      { ...base, id: 'b', uf: 'SP', reducao_base_percentual: 10, reducao_base_tipo: 'propria_e_st', ajuste_mva: 'nao', aliquota_intra_efetiva: true },
    ];
    abrir();
    await vi.waitFor(() => expect(tela.container.querySelectorAll('[data-testid=lista-regras-st] li')).toHaveLength(2), { timeout: 5000 });
    const [mg, sp] = [...tela.container.querySelectorAll('[data-testid=lista-regras-st] li small')].map((x) => x.textContent);
    expect(mg).toBe('MVA 40% · interna 18% · interestadual 12%');
    expect(sp).toBe('MVA 40% · interna 18% · interestadual 12% · redução 10% · redução também na operação própria · MVA original entre estados · ALQ intra efetiva');
  });

  it('the list is filtered by UF from the contract (contracts/formularios.json): its select, the request and the empty list', async () => {
    abrir();
    await vi.waitFor(() => expect(tela.container.textContent).toContain('Nenhuma regra de ST.'), { timeout: 5000 });
    const filtro = escolha('filtro-uf');
    expect(filtro.closest('.text-field')?.querySelector('label')?.textContent).toBe('UF');
    const opcoes = [...filtro.options].map((o) => o.textContent);
    expect(opcoes).toHaveLength(28);
    expect(opcoes.slice(0, 3)).toEqual(['Todas', 'AC', 'AL']);
    escolher('filtro-uf', 'SP');
    await vi.waitFor(() => expect(tela.container.textContent).toContain('Nenhuma regra de ST para SP.'));
    expect(api.estado.calls.at(-1)).toEqual(['/regras-st', expect.objectContaining({ query: expect.objectContaining({ uf: 'SP' }) })]);
  });
});

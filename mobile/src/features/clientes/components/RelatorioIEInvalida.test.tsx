import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

const estado = vi.hoisted(() => ({
  online: true,
  consulta: { isPending: false, isError: false, error: null as unknown, data: undefined as unknown, hasNextPage: false, fetchNextPage: async () => undefined, refetch: async () => undefined },
}));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
vi.mock('../../../components/ionic/IonSkeletonText', () => ({ IonSkeletonText: () => null }));
vi.mock('../../../components/ui/MaisPaginas', () => ({ MaisPaginas: () => null }));
vi.mock('../../../components/useOnline', () => ({ useOnline: () => estado.online }));
vi.mock('../api/ieInvalidas', () => ({ useClientesIEInvalida: () => estado.consulta }));

import { cliente } from '../../../entities/cliente/fixtures';
import type { ListarClientesIEInvalidaResposta } from '../api/ieInvalidas';
import { linhasIEInvalida } from '../utils/ieInvalidas';
import { ChipIEInvalida, ListaIEInvalida, NENHUMA_IE_INVALIDA, RelatorioIEInvalida, SO_COM_CONEXAO } from './RelatorioIEInvalida';
import { montarTela, Onde } from '../../../test/tela';

const tela = montarTela();

const router = (el: React.ReactNode) => (
  <MemoryRouter initialEntries={['/crm-clientes?filtro=ie-invalida']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
    <Routes>
      <Route path="*" element={el} />
    </Routes>
    <Onde />
  </MemoryRouter>
);

const paginas: ListarClientesIEInvalidaResposta[] = [
  {
    clientes: [
      {
        cliente: cliente({ id: 'c/1', nome: 'Armazém Minas', documento: '11222333000181', inscricao_estadual: '0623079040081' }),
        uf: 'MG',
        motivo: 'Inscrição estadual inválida para MG.',
      },
    ],
    next_page_token: 'x',
  },
  {
    clientes: [{ cliente: cliente({ id: '2', nome: 'Bazar Sem Endereço', documento: '52998224725', inscricao_estadual: '12' }), uf: '', motivo: 'Inscrição estadual inválida: confira os dígitos.' }],
    next_page_token: '',
  },
];

describe('"IE inválida" chip', () => {
  it('is shown to ADMIN, pressed when the report is on, and toggles it', () => {
    const alternar = vi.fn();
    tela.render(<ChipIEInvalida perfil="ADMIN" ativo={false} onAlternar={alternar} />);
    const chip = tela.container.querySelector('[data-testid=chip-ie-invalida]') as HTMLButtonElement;
    expect(chip.textContent).toBe('IE inválida');
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    act(() => chip.click());
    expect(alternar).toHaveBeenCalledTimes(1);
    tela.render(<ChipIEInvalida perfil="ADMIN" ativo onAlternar={alternar} />);
    expect(tela.container.querySelector('[data-testid=chip-ie-invalida]')?.getAttribute('aria-pressed')).toBe('true');
  });

  it.each(['VENDEDOR', 'SUPERVISOR', null])('is not shown to %s', (perfil) => {
    tela.render(<ChipIEInvalida perfil={perfil} ativo onAlternar={() => undefined} />);
    expect(tela.container.textContent).not.toContain('IE inválida');
    expect(tela.container.querySelector('[data-testid=chip-ie-invalida]')).toBeNull();
  });
});

describe('the report rows', () => {
  it('maps every page: name, formatted document, the UF checked (or "sem endereço"), the reason and the edit screen', () => {
    expect(linhasIEInvalida(paginas)).toEqual([
      {
        id: 'c/1',
        nome: 'Armazém Minas',
        documento: '11.222.333/0001-81',
        ie: '0623079040081',
        uf: 'MG',
        motivo: 'Inscrição estadual inválida para MG.',
        href: '/crm-clientes-incluir?id=c%2F1',
      },
      {
        id: '2',
        nome: 'Bazar Sem Endereço',
        documento: '529.982.247-25',
        ie: '12',
        uf: 'sem endereço',
        motivo: 'Inscrição estadual inválida: confira os dígitos.',
        href: '/crm-clientes-incluir?id=2',
      },
    ]);
  });

  it('shows each row and a tap opens the customer\'s edit screen', () => {
    tela.render(router(<ListaIEInvalida linhas={linhasIEInvalida(paginas)} />));
    const itens = tela.container.querySelectorAll('[data-testid=lista-ie-invalida] li');
    expect(itens).toHaveLength(2);
    expect(itens[0].textContent).toContain('Armazém Minas');
    expect(itens[0].textContent).toContain('11.222.333/0001-81');
    expect(itens[0].textContent).toContain('UF: MG');
    expect(itens[0].querySelector('[data-testid=motivo-ie]')?.textContent).toBe('Inscrição estadual inválida para MG.');
    expect(itens[1].textContent).toContain('UF: sem endereço');
    act(() => (itens[0].querySelector('a') as HTMLAnchorElement).click());
    expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/crm-clientes-incluir');
  });
});

describe('the report screen', () => {
  it('offline says it needs the connection instead of an empty list', () => {
    estado.online = false;
    estado.consulta = { ...estado.consulta, isPending: true, data: undefined };
    try {
      tela.render(router(<RelatorioIEInvalida />));
      expect(tela.container.textContent).toContain(SO_COM_CONEXAO);
      expect(tela.container.textContent).not.toContain(NENHUMA_IE_INVALIDA);
    } finally {
      estado.online = true;
    }
  });

  it('a connection failure says the same; an empty report says there is none; rows otherwise', () => {
    estado.consulta = { ...estado.consulta, isPending: false, isError: true, error: Object.assign(new Error('x'), { status: 0 }) };
    tela.render(router(<RelatorioIEInvalida />));
    expect(tela.container.textContent).toContain(SO_COM_CONEXAO);

    estado.consulta = { ...estado.consulta, isError: false, error: null, data: { pages: [{ clientes: [], next_page_token: '' }] } };
    tela.render(router(<RelatorioIEInvalida />));
    expect(tela.container.textContent).toContain(NENHUMA_IE_INVALIDA);
    expect(tela.container.textContent).not.toContain(SO_COM_CONEXAO);

    estado.consulta = { ...estado.consulta, data: { pages: paginas } };
    tela.render(router(<RelatorioIEInvalida />));
    expect(tela.container.querySelectorAll('[data-testid=lista-ie-invalida] li')).toHaveLength(2);
  });
});

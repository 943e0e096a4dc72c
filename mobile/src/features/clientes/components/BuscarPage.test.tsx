import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
import { paraLocal, type ClienteLocal } from '../../../entities/cliente/busca';
import { cliente } from '../../../entities/cliente/fixtures';

const ordenar = (l: ClienteLocal[]) => l.sort((a, b) => (a._ordem < b._ordem ? -1 : a._ordem > b._ordem ? 1 : 0));
import { BuscaNaCopia } from './BuscarPage';
import { digitarEm, montarTela } from '../../../test/tela';


const tela = montarTela();

const router = (el: React.ReactNode, path = '/') => (
  <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
    {el}
  </MemoryRouter>
);

describe('crm-clientes-buscar over the device copy', () => {
  const lista = ordenar(
    [
      cliente({ id: '1', nome: 'Padaria São João', documento: '11222333000181', telefone: '1132345678', cidade: 'São Paulo', uf: 'SP' }),
      cliente({ id: '2', nome: 'Mercado Central', documento: '52998224725', tipo_pessoa: 'FISICA', cidade: 'Campinas', uf: 'SP', status: 'bloqueado' }),
    ].map(paraLocal),
  );

  it('types an accent-less query and shows formatted results linking to the customer file', () => {
    act(() => tela.root.render(router(<BuscaNaCopia lista={lista} />)));
    const input = tela.container.querySelector('input[name=busca]') as HTMLInputElement;
    expect(tela.container.textContent).toContain('2 clientes no aparelho');
    digitarEm(input, 'sao joao');
    const itens = tela.container.querySelectorAll('[data-testid=resultados-busca] li');
    expect(itens).toHaveLength(1);
    expect(itens[0].textContent).toContain('Padaria São João');
    expect(itens[0].textContent).toContain('11.222.333/0001-81');
    expect(itens[0].textContent).toContain('(11) 3234-5678');
    expect(itens[0].querySelector('a')?.getAttribute('href')).toBe('/crm-clientes-ficha?id=1');
    digitarEm(input, '529.982');
    expect(tela.container.querySelector('[data-testid=resultados-busca]')?.textContent).toContain('Mercado Central');
    expect(tela.container.querySelector('[data-testid=resultados-busca]')?.textContent).toContain('Bloqueado');
    digitarEm(input, 'xyz');
    expect(tela.container.textContent).toContain('Nenhum cliente encontrado.');
  });
});

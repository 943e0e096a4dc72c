import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));

import { criarPedido, tomarResultado } from '../../../lib/escolha';
import EscolherPage from './EscolherPage';
import { digitarEm, montarTela, Onde } from '../../../test/tela';


const tela = montarTela();

const router = (el: React.ReactNode, path = '/') => (
  <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
    {el}
  </MemoryRouter>
);

describe('escolher', () => {
  beforeEach(() => sessionStorage.clear());

  it('single choice with search answers the request and goes back', () => {
    const p = criarPedido({
      finalidade: 'teste/vendedor',
      titulo: 'Escolher vendedor',
      opcoes: [
        { valor: 'a', rotulo: 'Ana Souza' },
        { valor: 'b', rotulo: 'João Lima' },
      ],
      multipla: false,
      selecionados: ['a'],
      voltarPara: '/crm-clientes',
      opcaoTodos: 'Todos',
    });
    act(() =>
      tela.root.render(
        router(
          <Routes>
            <Route path="/escolher" element={<EscolherPage />} />
            <Route path="*" element={<Onde />} />
          </Routes>,
          `/escolher?pedido=${p.id}`,
        ),
      ),
    );
    expect([...tela.container.querySelectorAll('[data-testid=opcoes-escolha] li')].map((li) => li.textContent)).toEqual(['Todos', 'Ana Souzaatual', 'João Lima']);
    digitarEm(tela.container.querySelector('input[name=busca]') as HTMLInputElement, 'joao');
    const botoes = tela.container.querySelectorAll('[data-testid=opcoes-escolha] button');
    expect(botoes).toHaveLength(1);
    act(() => (botoes[0] as HTMLButtonElement).click());
    expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/crm-clientes');
    expect(tomarResultado('teste/vendedor')?.opcoes).toEqual([{ valor: 'b', rotulo: 'João Lima' }]);
  });

  it('multiple choice confirms the checked options', () => {
    const p = criarPedido({
      finalidade: 'teste/ops',
      titulo: 'Operadores',
      opcoes: [
        { valor: 'a', rotulo: 'Ana' },
        { valor: 'b', rotulo: 'Bia' },
        { valor: 'c', rotulo: 'Caio' },
      ],
      multipla: true,
      selecionados: ['a'],
      voltarPara: '/crm-regioes',
    });
    act(() =>
      tela.root.render(
        router(
          <Routes>
            <Route path="/escolher" element={<EscolherPage />} />
            <Route path="*" element={<Onde />} />
          </Routes>,
          `/escolher?pedido=${p.id}`,
        ),
      ),
    );
    const caixas = tela.container.querySelectorAll<HTMLInputElement>('[data-testid=opcoes-escolha] input[type=checkbox]');
    expect([...caixas].map((c) => c.checked)).toEqual([true, false, false]);
    act(() => caixas[2].click());
    act(() => caixas[0].click());
    const confirmar = [...tela.container.querySelectorAll('button.ion-button')].find((b) => b.textContent?.startsWith('Confirmar'))!;
    expect(confirmar.textContent).toBe('Confirmar (1)');
    act(() => (confirmar as HTMLElement).click());
    expect(tomarResultado('teste/ops')?.valores).toEqual(['c']);
  });
});

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Ionic's web components need a real browser (constructable stylesheets); plain stand-ins here.
vi.mock('../../components/ui/Page', () => ({
  Page: ({ title, children }: { title: string; children: React.ReactNode }) => (
    <div>
      <h1>{title}</h1>
      {children}
    </div>
  ),
}));
vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick }: { children: React.ReactNode; onClick?: () => void }) => (
    <button type="button" className="ion-button" onClick={onClick}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
  IonIcon: () => null,
}));

import { criarPedido, tomarResultado } from '../../lib/escolha';
import EscolherPage from './EscolherPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function digitar(input: HTMLInputElement, valor: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, valor);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const router = (el: React.ReactNode, path = '/') => (
  <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
    {el}
  </MemoryRouter>
);

function Onde() {
  return <p data-testid="onde">{useLocation().pathname}</p>;
}

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
      root.render(
        router(
          <Routes>
            <Route path="/escolher" element={<EscolherPage />} />
            <Route path="*" element={<Onde />} />
          </Routes>,
          `/escolher?pedido=${p.id}`,
        ),
      ),
    );
    expect([...container.querySelectorAll('[data-testid=opcoes-escolha] li')].map((li) => li.textContent)).toEqual(['Todos', 'Ana Souzaatual', 'João Lima']);
    digitar(container.querySelector('input[name=busca]') as HTMLInputElement, 'joao');
    const botoes = container.querySelectorAll('[data-testid=opcoes-escolha] button');
    expect(botoes).toHaveLength(1);
    act(() => (botoes[0] as HTMLButtonElement).click());
    expect(container.querySelector('[data-testid=onde]')?.textContent).toBe('/crm-clientes');
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
      root.render(
        router(
          <Routes>
            <Route path="/escolher" element={<EscolherPage />} />
            <Route path="*" element={<Onde />} />
          </Routes>,
          `/escolher?pedido=${p.id}`,
        ),
      ),
    );
    const caixas = container.querySelectorAll<HTMLInputElement>('[data-testid=opcoes-escolha] input[type=checkbox]');
    expect([...caixas].map((c) => c.checked)).toEqual([true, false, false]);
    act(() => caixas[2].click());
    act(() => caixas[0].click());
    const confirmar = [...container.querySelectorAll('button.ion-button')].find((b) => b.textContent?.startsWith('Confirmar'))!;
    expect(confirmar.textContent).toBe('Confirmar (1)');
    act(() => (confirmar as HTMLElement).click());
    expect(tomarResultado('teste/ops')?.valores).toEqual(['c']);
  });
});

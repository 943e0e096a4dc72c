import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
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
import { paraLocal, type ClienteLocal } from '../../entities/cliente/busca';
import { cliente } from '../../entities/cliente/fixtures';

const ordenar = (l: ClienteLocal[]) => l.sort((a, b) => (a._ordem < b._ordem ? -1 : a._ordem > b._ordem ? 1 : 0));
import { BuscaNaCopia } from './BuscarPage';

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

describe('crm-clientes-buscar over the device copy', () => {
  const lista = ordenar(
    [
      cliente({ id: '1', nome: 'Padaria São João', documento: '11222333000181', telefone: '1132345678', cidade: 'São Paulo', uf: 'SP' }),
      cliente({ id: '2', nome: 'Mercado Central', documento: '52998224725', tipo_pessoa: 'FISICA', cidade: 'Campinas', uf: 'SP', status: 'bloqueado' }),
    ].map(paraLocal),
  );

  it('types an accent-less query and shows formatted results linking to the customer file', () => {
    act(() => root.render(router(<BuscaNaCopia lista={lista} />)));
    const input = container.querySelector('input[name=busca]') as HTMLInputElement;
    expect(container.textContent).toContain('2 clientes no aparelho');
    digitar(input, 'sao joao');
    const itens = container.querySelectorAll('[data-testid=resultados-busca] li');
    expect(itens).toHaveLength(1);
    expect(itens[0].textContent).toContain('Padaria São João');
    expect(itens[0].textContent).toContain('11.222.333/0001-81');
    expect(itens[0].textContent).toContain('(11) 3234-5678');
    expect(itens[0].querySelector('a')?.getAttribute('href')).toBe('/crm-clientes-ficha?id=1');
    digitar(input, '529.982');
    expect(container.querySelector('[data-testid=resultados-busca]')?.textContent).toContain('Mercado Central');
    expect(container.querySelector('[data-testid=resultados-busca]')?.textContent).toContain('Bloqueado');
    digitar(input, 'xyz');
    expect(container.textContent).toContain('Nenhum cliente encontrado.');
  });
});

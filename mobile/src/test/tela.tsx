// What the component tests share: plain stand-ins for Ionic (its web components need a real
// browser) and for the page frame, and a React root mounted per test. Use from a test file:
//   vi.mock('@ionic/react', () => import('<path>/test/tela').then((m) => m.ionicFalso));
//   vi.mock('<path>/components/ui/Page', () => import('<path>/test/tela').then((m) => m.paginaFalsa));
//   const tela = montarTela();   // then tela.render(<X />), tela.container
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Filhos = ({ children }: { children?: ReactNode }) => <div>{children}</div>;

export const ionicFalso = {
  IonButton: ({ children, onClick, routerLink }: { children?: ReactNode; onClick?: () => void; routerLink?: string }) =>
    routerLink ? (
      <a href={routerLink}>{children}</a>
    ) : (
      <button type="button" className="ion-button" onClick={onClick}>
        {children}
      </button>
    ),
  IonIcon: () => null,
  IonSpinner: () => null,
  IonPage: Filhos,
  IonContent: Filhos,
};

export const paginaFalsa = {
  Page: ({ title, children }: { title: string; children?: ReactNode }) => (
    <div>
      <h1>{title}</h1>
      {children}
    </div>
  ),
};

/** A root mounted before each test and removed after it. */
export function montarTela() {
  const t = { container: null as unknown as HTMLDivElement, root: null as unknown as Root, render: (el: ReactNode) => act(() => t.root.render(el)) };
  beforeEach(() => {
    t.container = document.createElement('div');
    document.body.appendChild(t.container);
    t.root = createRoot(t.container);
  });
  afterEach(() => {
    act(() => t.root.unmount());
    t.container.remove();
  });
  return t;
}

/** Types into an input as a user would (React hears the input event). */
export function digitarEm(input: HTMLInputElement, valor: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, valor);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Shows the current path (to see where a screen navigated). */
export function Onde() {
  return <p data-testid="onde">{useLocation().pathname}</p>;
}

/** `el` inside a router at `caminho` (screens with links need one). */
export function emRotas(el: ReactNode, caminho = '/') {
  return (
    <MemoryRouter initialEntries={[caminho]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      {el}
    </MemoryRouter>
  );
}

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROTAS_CONSTRUIDAS, ROTAS_FUTURAS } from './routes';
import { RequireOperator } from './guards';
import { rotaDoDeepLink } from './StartupTasks';
import { updateSessionUser } from '../lib/session';
import { clearOnLogout, storeOperatorProfile } from '../lib/storage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SPEC_ROUTES = [
  'home', 'landing', 'signin', 'signup', 'reset-password', 'about', 'crm-home',
  'crm-clientes', 'crm-clientes-buscar', 'crm-clientes-incluir', 'crm-clientes-ficha', 'crm-clientes-contatos', 'crm-clientes-pesquisas',
  'crm-regioes', 'crm-regioes-cidades',
  'crm-vendas', 'crm-vendas-pedidos', 'crm-vendas-pedidos-incluir', 'crm-vendas-pedidos-buscar',
  'camera', 'graficos', 'checkin', 'crm-metas', 'listas', 'profile', 'painel-vendas', 'vendas-ano-mes', 'calendario', 'menu',
  'cidades-escolher', 'tarefa-editar', 'escolher', 'carteira', 'enderecos',
];

describe('routes', () => {
  it('every route of SPEC §2 is registered, plus auth-links', () => {
    const all = new Set<string>([...ROTAS_CONSTRUIDAS, ...ROTAS_FUTURAS]);
    for (const r of SPEC_ROUTES) expect(all, r).toContain(r);
    expect(all).toContain('auth-links');
  });

  it('routes of later areas are not also built here', () => {
    for (const r of ROTAS_FUTURAS) expect(ROTAS_CONSTRUIDAS as readonly string[]).not.toContain(r);
  });
});

describe('auth-links deep links', () => {
  it.each([
    ['https App Link', 'https://crm.example.com/auth-links?mode=signIn&oobCode=X&apiKey=k', '/auth-links?mode=signIn&oobCode=X&apiKey=k'],
    ['custom scheme', 'br.com.crmvendas.app://auth-links?mode=signIn&oobCode=Y', '/auth-links?mode=signIn&oobCode=Y'],
    ['other link', 'https://crm.example.com/crm-home', null],
  ])('%s', (_n, url, expected) => {
    expect(rotaDoDeepLink(url)).toBe(expected);
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('guard', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    clearOnLogout();
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  function render(path: string) {
    act(() =>
      root.render(
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/crm-home" element={<RequireOperator>PROTEGIDA</RequireOperator>} />
            <Route path="/admin/operadores" element={<RequireOperator perfis={['ADMIN']}>ADMIN</RequireOperator>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    return container.textContent;
  }

  const ana = { uid: 'u1', email: 'ana@demo.example.com', displayName: 'Ana', emailVerified: true };
  const profile = (perfil: string) =>
    storeOperatorProfile({ empresa: 'demo', id: 'op', nome_operador: 'Ana', perfil_app: perfil, exibir_medida: false }, ana);

  it.each([
    ['signed out → signin', () => updateSessionUser(null), '/crm-home', '/signin'],
    ['Firebase user without operator profile → signin', () => updateSessionUser(ana), '/crm-home', '/signin'],
    [
      'profile of another uid → signin',
      () => {
        profile('VENDEDOR');
        updateSessionUser({ ...ana, uid: 'outro' });
      },
      '/crm-home',
      '/signin',
    ],
    [
      'signed-in operator → the screen',
      () => {
        profile('VENDEDOR');
        updateSessionUser(ana);
      },
      '/crm-home',
      'PROTEGIDA',
    ],
    [
      'VENDEDOR on an ADMIN screen → crm-home',
      () => {
        profile('VENDEDOR');
        updateSessionUser(ana);
      },
      '/admin/operadores',
      'PROTEGIDA',
    ],
    [
      'ADMIN on an ADMIN screen → the screen',
      () => {
        profile('ADMIN');
        updateSessionUser(ana);
      },
      '/admin/operadores',
      'ADMIN',
    ],
  ])('%s', (_n, setup, path, expected) => {
    act(() => setup());
    expect(render(path)).toBe(expected);
  });
});

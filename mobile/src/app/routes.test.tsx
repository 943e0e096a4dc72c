import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Ionic's web components need a real browser: the shared stand-ins (src/test/tela).
vi.mock('../components/ui/Page', () => import('../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../test/tela').then((m) => m.ionicFalso));
// The screens mark the first screen as up, which warms the alert code; not in these tests.
vi.mock('../lib/history', async (original) => ({ ...(await original<typeof import('../lib/history')>()), marcarPrimeiraTela: () => {} }));

import { AppRoutes, NOMES_ROTAS_FUTURAS, ROTAS_CONSTRUIDAS, ROTAS_FUTURAS } from './routes';
import { RequireOperator } from './guards';
import { rotaDoDeepLink } from './StartupTasks';
import { updateSessionUser } from '../lib/session';
import { montarTela, Onde as Where } from '../test/tela';
import { clearOnLogout, storeOperatorProfile } from '../lib/storage';


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

  it('every later area has a name for its "Em breve" screen', () => {
    expect(Object.keys(NOMES_ROTAS_FUTURAS).sort()).toEqual([...ROTAS_FUTURAS].sort());
    for (const r of ROTAS_FUTURAS) expect(NOMES_ROTAS_FUTURAS[r]).toMatch(/^\p{Lu}/u);
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


describe('guard', () => {
  const t = montarTela();
  beforeEach(() => clearOnLogout());

  function render(path: string) {
    act(() =>
      t.root.render(
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/crm-home" element={<RequireOperator>PROTEGIDA</RequireOperator>} />
            <Route path="/admin/operadores" element={<RequireOperator acao="operadores.gerenciar">ADMIN</RequireOperator>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    return t.container.textContent;
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

  it.each([
    ['VENDEDOR', '/admin/operadores'],
    ['SUPERVISOR', '/admin/operadores'],
  ])('%s on an ADMIN screen: "Sem permissão" in its place, the URL stays', async (perfil, path) => {
    act(() => {
      profile(perfil);
      updateSessionUser(ana);
    });
    act(() =>
      t.root.render(
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/admin/operadores" element={<RequireOperator acao="operadores.gerenciar">ADMIN</RequireOperator>} />
          </Routes>
          <Where />
        </MemoryRouter>,
      ),
    );
    const tela = await vi.waitFor(() => {
      const el = t.container.querySelector('[data-testid=sem-permissao]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(tela.querySelector('h2')?.textContent).toBe('Sem permissão para abrir esta tela');
    expect(tela.querySelector('p')?.textContent).toBe('Sem permissão para gerenciar operadores. Esta tela é só para administradores.');
    expect(tela.querySelector('a')?.textContent).toBe('Voltar ao Início');
    expect(tela.querySelector('a')?.getAttribute('href')).toBe('/crm-home');
    expect(t.container.textContent).not.toContain('ADMIN');
    expect(t.container.querySelector('[data-testid=onde]')?.textContent).toBe(path);
  });
});

describe('the app routes', () => {
  const t = montarTela();
  beforeEach(() => clearOnLogout());

  const ana = { uid: 'u1', email: 'ana@demo.example.com', displayName: 'Ana', emailVerified: true };
  function entrar(perfil: string) {
    act(() => {
      storeOperatorProfile({ empresa: 'demo', id: 'op', nome_operador: 'Ana', perfil_app: perfil, exibir_medida: false }, ana);
      updateSessionUser(ana);
    });
  }
  function abrir(path: string) {
    act(() =>
      t.root.render(
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AppRoutes />
          <Where />
        </MemoryRouter>,
      ),
    );
  }
  const onde = () => t.container.querySelector('[data-testid=onde]')?.textContent;

  it('no area is left to come: camera, the last one, has its screen', () => {
    expect(ROTAS_FUTURAS).toEqual([]);
    expect(ROTAS_CONSTRUIDAS as readonly string[]).toContain('camera');
  });

  it.each([
    ['/crm-vendas-pedidos', 'Pedidos'],
    ['/crm-vendas-pedidos-incluir', 'Novo pedido'],
    ['/crm-vendas-pedidos-buscar', 'Buscar pedido'],
    ['/crm-vendas', 'Vendas'],
  ])('%s (orders) opens its screen, not "Em breve" nor a failure', async (path, titulo) => {
    entrar('VENDEDOR');
    abrir(path);
    await vi.waitFor(() => expect(t.container.querySelector('h1')?.textContent).toBe(titulo), { timeout: 5000 });
    await vi.waitFor(() => expect(t.container.querySelector('.narrow')).toBeTruthy(), { timeout: 5000 });
    expect(t.container.querySelector('[data-testid=em-breve]')).toBeNull();
    expect(t.container.textContent).not.toContain('Não foi possível abrir esta tela');
    expect(onde()).toBe(path);
    // The first of these loads the orders' lazy chunk: on a loaded machine that alone can take the
    // default 5 s, which would leave nothing of the two 5 s waits above.
  }, 20_000);

  it('a later area needs a signed-in operator', () => {
    act(() => updateSessionUser(null));
    abrir('/crm-metas');
    expect(onde()).toBe('/signin');
  });

  it.each([
    ['VENDEDOR', '/admin/versoes', 'Sem permissão para gerenciar as versões do app. Esta tela é só para administradores.'],
    ['SUPERVISOR', '/admin/acessos', 'Sem permissão para ver o log de acessos. Esta tela é só para administradores.'],
    ['VENDEDOR', '/admin/operadores/novo', 'Sem permissão para gerenciar operadores. Esta tela é só para administradores.'],
  ])('%s at %s: "Sem permissão", naming the screen', async (perfil, path, frase) => {
    entrar(perfil);
    abrir(path);
    const tela = await vi.waitFor(() => {
      const el = t.container.querySelector('[data-testid=sem-permissao]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(tela.textContent).toContain('Sem permissão para abrir esta tela');
    expect(tela.querySelector('p')?.textContent).toBe(frase);
    expect(onde()).toBe(path);
  });
});

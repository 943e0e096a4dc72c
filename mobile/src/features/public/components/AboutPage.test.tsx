import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
const Filhos = vi.hoisted(() => ({ children, ...p }: { children?: ReactNode; 'data-testid'?: string }) => <div data-testid={p['data-testid']}>{children}</div>);
vi.mock('../../../components/ionic/IonItem', () => ({ IonItem: Filhos }));
vi.mock('../../../components/ionic/IonLabel', () => ({ IonLabel: Filhos }));
vi.mock('../../../components/ionic/IonList', () => ({ IonList: Filhos }));
vi.mock('../../../components/ionic/IonNote', () => ({ IonNote: Filhos }));
const empresa = vi.hoisted(() => ({ nome: '' }));
vi.mock('../../../lib/empresa', () => ({ useNomeEmpresa: () => empresa.nome }));

import AboutPage from './AboutPage';
import { config } from '../../../config/env';
import { emRotas, montarTela } from '../../../test/tela';

const LICENCAS = [
  { pacote: 'firebase', versao: '12.19.0', licenca: 'Apache-2.0', texto: '', url: 'https://firebase.google.com/' },
  { pacote: 'react', versao: '19.3.1', licenca: 'MIT', texto: 'MIT License\n\nCopyright (c) Meta Platforms, Inc. and affiliates.', url: 'https://react.dev/' },
];

const t = montarTela();
const render = () => t.render(emRotas(<AboutPage />));
const esperar = async (sel: string) => {
  for (let i = 0; i < 50 && !t.container.querySelector(sel); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  return t.container.querySelector(sel);
};

beforeEach(() => {
  empresa.nome = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('/about', () => {
  it('shows the build version, the signed-in company and the licences of licencas.json (each package, its version, its licence and text)', async () => {
    const f = vi.fn(async () => new Response(JSON.stringify(LICENCAS), { status: 200 }));
    vi.stubGlobal('fetch', f);
    empresa.nome = 'Demo Distribuidora';
    render();
    expect(t.container.querySelector('[data-testid="versao-app"]')!.textContent).toBe(config.appVersion);
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(t.container.querySelector('[data-testid="empresa"]')!.textContent).toBe('Demo Distribuidora');
    const lista = await esperar('[data-testid="lista-licencas"]');
    expect(f).toHaveBeenCalledWith('/licencas.json');
    const itens = [...lista!.querySelectorAll('li')];
    expect(itens.map((li) => [li.getAttribute('data-pacote'), li.querySelector('[data-testid="licenca"]')!.textContent])).toEqual([
      ['firebase', 'Apache-2.0'],
      ['react', 'MIT'],
    ]);
    expect(itens[1].querySelector('summary')!.textContent).toBe('react 19.3.1 — MIT');
    expect(itens[1].querySelector('pre')!.textContent).toContain('Copyright (c) Meta Platforms');
    expect(itens[0].textContent).toContain('Texto da licença: Apache-2.0, na página do projeto.');
    expect([...t.container.querySelectorAll('nav.links-legais a')].map((a) => a.getAttribute('href'))).toEqual(['/privacidade', '/termos']);
  });

  it('signed out: no company line; a list that cannot load says so in pt-BR', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render();
    expect(t.container.querySelector('[data-testid="empresa"]')).toBeNull();
    const alerta = await esperar('[role="alert"]');
    expect(alerta!.textContent).toBe('Não foi possível carregar a lista de licenças agora. Tente de novo com conexão.');
  });
});

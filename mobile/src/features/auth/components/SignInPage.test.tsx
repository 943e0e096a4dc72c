import { describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
vi.mock('../../../components/ui/useAlert', () => ({ useAlert: () => async () => undefined }));
// The sign-in code is warmed after the first screen; not in this test.
vi.mock('../../../lib/history', async (original) => ({ ...(await original<typeof import('../../../lib/history')>()), aposPrimeiraTela: () => {} }));

import SignInPage from './SignInPage';
import { emRotas, montarTela } from '../../../test/tela';

describe('signin', () => {
  const t = montarTela();

  it('links the privacy policy, the terms of use and about (no sign-in needed to read them)', () => {
    t.render(emRotas(<SignInPage />));
    const links = [...t.container.querySelectorAll('nav.links-legais a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Privacidade', '/privacidade'],
      ['Termos de uso', '/termos'],
      ['Sobre', '/about'],
    ]);
  });
});

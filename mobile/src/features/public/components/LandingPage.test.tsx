import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));

import LandingPage from './LandingPage';
import { montarTela } from '../../../test/tela';

describe('landing', () => {
  const t = montarTela();

  it('lists only what the app does today; later areas only as "Em breve"', () => {
    t.render(<LandingPage />);
    const recursos = [...t.container.querySelectorAll('.shortcut strong')].map((e) => e.textContent);
    expect(recursos).toEqual(['Clientes', 'Carteira', 'Regiões', 'Produtos e preços', 'Pedidos', 'Pesquisas', 'Trabalho sem sinal', 'Gestão']);
    const hero = t.container.querySelector('.hero')!.textContent!;
    const cards = t.container.querySelector('.shortcuts')!.textContent!;
    for (const futuro of ['Metas', 'metas', 'Agenda', 'agenda', 'Check-in']) {
      expect(hero + cards, futuro).not.toContain(futuro);
    }
    expect(t.container.querySelector('[data-testid="em-breve"]')!.textContent).toBe('Em breve: Metas, Agenda, Check-in.');
  });
});

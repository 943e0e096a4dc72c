import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));

import LandingPage, { ALTURA_CAPTURA, CAPTURAS, LARGURA_CAPTURA } from './LandingPage';
import { emRotas, montarTela } from '../../../test/tela';

// Tests run from mobile/.
const CAPTURAS_DIR = path.resolve(process.cwd(), 'src/features/public/capturas');

describe('landing', () => {
  const t = montarTela();
  const render = () => t.render(emRotas(<LandingPage />));

  it('lists only what the app does today; later areas only as "Em breve"', () => {
    render();
    const recursos = [...t.container.querySelectorAll('.shortcut strong')].map((e) => e.textContent);
    expect(recursos).toEqual(['Clientes', 'Carteira', 'Regiões', 'Produtos e preços', 'Pedidos', 'Pesquisas', 'Trabalho sem sinal', 'Gestão']);
    const hero = t.container.querySelector('.hero')!.textContent!;
    const cards = t.container.querySelector('.shortcuts')!.textContent!;
    for (const futuro of ['Metas', 'metas', 'Agenda', 'agenda', 'Check-in']) {
      expect(hero + cards, futuro).not.toContain(futuro);
    }
    expect(t.container.querySelector('[data-testid="em-breve"]')!.textContent).toBe('Em breve: Metas, Agenda, Check-in.');
  });

  it('shows the order, the customer file and listas as real screenshots (1× and 2× WebP, sized, lazy), each with a caption', () => {
    render();
    const figuras = [...t.container.querySelectorAll('[data-testid="capturas"] figure')];
    expect(figuras.map((f) => f.querySelector('img')!.getAttribute('src')!.replace(/^.*\//, ''))).toEqual([
      'pedido-270.webp',
      'cliente-270.webp',
      'listas-270.webp',
    ]);
    for (const f of figuras) {
      const img = f.querySelector('img')!;
      expect(img.getAttribute('srcset')).toMatch(/^\S+\/capturas\/(\w+)-270\.webp 270w, \S+\/capturas\/\1-540\.webp 540w$/);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([String(LARGURA_CAPTURA), String(ALTURA_CAPTURA)]);
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('alt')).toMatch(/^Tela do app: /);
      expect(f.querySelector('figcaption')!.textContent).not.toBe('');
    }
  });

  it('every screenshot is in src/features/public/capturas (written by scripts/screenshots.mjs), light enough for a 3G phone', () => {
    let total1x = 0;
    for (const c of CAPTURAS) {
      for (const l of [LARGURA_CAPTURA, 2 * LARGURA_CAPTURA]) {
        const f = `${CAPTURAS_DIR}/${c.nome}-${l}.webp`;
        expect(existsSync(f), f).toBe(true);
        expect(statSync(f).size, f).toBeLessThan(l === LARGURA_CAPTURA ? 30_000 : 70_000);
        if (l === LARGURA_CAPTURA) total1x += statSync(f).size;
      }
    }
    expect(total1x).toBeLessThan(80_000);
  });

  it('says who it is for and how to start, and links privacy, terms and about', () => {
    render();
    expect(t.container.querySelector('[data-testid="para-quem"]')!.textContent).toMatch(/vendedor.*supervisor.*administrador/s);
    expect(t.container.querySelectorAll('[data-testid="como-comecar"] li')).toHaveLength(3);
    const links = [...t.container.querySelectorAll('nav.links-legais a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Privacidade', '/privacidade'],
      ['Termos de uso', '/termos'],
      ['Sobre', '/about'],
    ]);
  });
});

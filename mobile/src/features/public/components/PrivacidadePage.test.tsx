import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
const empresa = vi.hoisted(() => ({ nome: '' }));
vi.mock('../../../lib/empresa', () => ({ useNomeEmpresa: () => empresa.nome }));

import PrivacidadePage, { ContatoControlador } from './PrivacidadePage';
import TermosPage from './TermosPage';
import { emRotas, montarTela } from '../../../test/tela';

const t = montarTela();
const render = (el: React.ReactNode) =>
  t.render(emRotas(el));
const secoes = () => [...t.container.querySelectorAll('h2')].map((h) => h.textContent);
const links = () => [...t.container.querySelectorAll('nav.links-legais a')].map((a) => a.getAttribute('href'));

beforeEach(() => {
  empresa.nome = '';
});

describe('/privacidade (LGPD)', () => {
  it('says what is stored, where, for how long, who the controller is, the rights of art. 18 and how to ask for deletion', () => {
    render(<PrivacidadePage />);
    expect(secoes()).toEqual(['Quem responde pelos dados', 'O que é guardado', 'Onde', 'Por quanto tempo', 'Seus direitos (LGPD, art. 18)', 'Como pedir a exclusão']);
    const texto = t.container.textContent!;
    for (const dado of ['Operadores', 'Clientes', 'Pedidos', 'Fotos', 'Registro de acessos']) expect(texto).toContain(dado);
    expect(texto).toMatch(/posição \(latitude e longitude\)/);
    expect(texto).toContain('Firebase Authentication');
    expect(texto).toContain('banco de dados da empresa');
    expect(texto).toMatch(/no mínimo 6 meses.*Marco Civil/s);
    expect(texto).toMatch(/controladora dos dados \(LGPD, art\. 5º, VI\) é a empresa que usa o CRM Vendas/);
    // Art. 18: confirmation and access, correction, anonymisation/blocking/deletion, portability,
    // deletion of consented data, sharing, not consenting, revoking.
    expect(t.container.querySelectorAll('h2 + p + ul li').length).toBe(8);
    expect(t.container.querySelectorAll('ol li').length).toBe(3);
    expect(links()).toEqual(['/privacidade', '/termos', '/about']);
  });

  it('names the signed-in user\'s company as the controller; signed out, the company in general', () => {
    render(<PrivacidadePage />);
    expect(t.container.querySelector('[data-testid="empresa-controladora"]')).toBeNull();
    empresa.nome = 'Demo Distribuidora';
    render(<PrivacidadePage />);
    expect(t.container.querySelector('[data-testid="empresa-controladora"]')!.textContent).toBe('Demo Distribuidora');
  });

  it.each([
    ['', 'nao', null, /ainda não configurado nesta instalação do app.*administrador do CRM Vendas na sua empresa/],
    ['dpo@empresa.com.br', 'sim', 'mailto:dpo@empresa.com.br', /dpo@empresa\.com\.br/],
    ['https://empresa.com.br/privacidade', 'sim', 'https://empresa.com.br/privacidade', /empresa\.com\.br\/privacidade/],
    ['Encarregado: Maria, (11) 3000-0000', 'sim', null, /Maria, \(11\) 3000-0000/],
  ])('controller contact "%s": configured %s', (contato, configurado, href, texto) => {
    render(<ContatoControlador contato={contato} />);
    const p = t.container.querySelector('[data-testid="contato-controlador"]')!;
    expect(p.getAttribute('data-configurado')).toBe(configurado);
    expect(p.textContent).toMatch(texto);
    expect(p.querySelector('a')?.getAttribute('href') ?? null).toBe(href);
  });
});

describe('/termos', () => {
  it('the terms of use link the privacy policy and about', () => {
    render(<TermosPage />);
    expect(secoes()).toEqual(['O serviço', 'Sua conta', 'Dados de clientes', 'Pedidos e preços', 'Atualizações', 'Código aberto', 'Lei aplicável']);
    expect([...t.container.querySelectorAll('article p a')].map((a) => a.getAttribute('href'))).toEqual(['/privacidade', '/about']);
    expect(links()).toEqual(['/privacidade', '/termos', '/about']);
  });
});

import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinhaAnoMes } from '../utils/anoMes';

vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('../../../lib/format/date', async (original) => ({ ...(await original<typeof import('../../../lib/format/date')>()), hojeIso: () => '2026-03-15' }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ profile: { operador: 'sup', perfil: 'SUPERVISOR' } }) }));
const escolhido = { gestor: true, vendedor: 'v1', rotulo: 'Ana', trocar: vi.fn(), carregando: false, nome: (id: string) => id };
vi.mock('../../../components/useVendedorEscolhido', () => ({ useVendedorEscolhido: () => escolhido }));
let resposta: { data?: { dados: LinhaAnoMes[]; em: string; daCopia: boolean }; isError: boolean; error?: unknown } = { isError: false };
const pedidas: unknown[] = [];
vi.mock('../api/vendasAnoMes', () => ({
  useVendasAnoMes: (operador: string, f: unknown, o: unknown) => {
    pedidas.push({ operador, f, o });
    return { ...resposta, refetch: vi.fn() };
  },
}));

import { emRotas, montarTela, Onde } from '../../../test/tela';
import VendasAnoMesPage from './VendasAnoMesPage';

const tela = montarTela();
const meses = (valores: number[], variacoes: (number | undefined)[] = []) =>
  valores.map((v, i) => ({ mes: `2026-0${i + 1}`, valor_centavos: String(v), pedidos: v ? '2' : '0', variacao_ano_anterior: variacoes[i] }));

function abrir(caminho = '/vendas-ano-mes') {
  tela.render(
    emRotas(
      <Routes>
        <Route path="*" element={<><VendasAnoMesPage /><Onde /></>} />
      </Routes>,
      caminho,
    ),
  );
}
const texto = (sel: string) => tela.container.querySelector(sel)?.textContent?.replace(/\s+/g, ' ').trim();
const totais = () => [...tela.container.querySelectorAll('[data-testid=totais-ano-mes] > *')].map((c) => c.textContent?.replace(/\s/g, ' ')).join(' | ');

describe('vendas-ano-mes', () => {
  beforeEach(() => {
    pedidas.length = 0;
    resposta = { isError: false };
  });

  it("asks for the last 12 months of the chosen seller, shows each month's value and change, the rows' and months' totals", () => {
    resposta = {
      isError: false,
      data: { dados: [{ chave: 'v1', nome: 'Ana', meses: meses([123456, 0, 2550], [12.5, -100, undefined]) }], em: '2026-03-15T12:00:00Z', daCopia: false },
    };
    abrir('/vendas-ano-mes?de=2026-01&ate=2026-03');
    expect(pedidas.at(-1)).toEqual({ operador: 'sup', f: { de: '2026-01', ate: '2026-03', por: 'vendedor', vendedor: 'v1' }, o: { enabled: true } });
    expect(texto('[data-testid=filtro-vendedor]')).toBe('Ana');
    const cab = [...tela.container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(cab).toEqual(['Vendedor', 'jan/26', 'fev/26', 'mar/26', 'Total']);
    const celulas = [...tela.container.querySelectorAll('[data-testid=linha-ano-mes] td')].map((td) => td.textContent?.replace(/\s/g, ' '));
    expect(celulas).toEqual(['R$ 1.234,56▲ 12,5%alta de 12,5% sobre jan/25', 'R$ 0,00▼ 100%queda de 100% sobre fev/25', 'R$ 25,50—sem venda no mesmo mês do ano anterior', 'R$ 1.260,06']);
    expect(tela.container.querySelector('.variacao.alta')).toBeTruthy();
    expect(tela.container.querySelector('.variacao.baixa')).toBeTruthy();
    expect(totais()).toBe('Total | R$ 1.234,56 | R$ 0,00 | R$ 25,50 | R$ 1.260,06');
    // Months with orders open them; a month without none.
    const links = [...tela.container.querySelectorAll<HTMLAnchorElement>('[data-testid=celula-mes]')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/crm-vendas-pedidos?mes=2026-01&vendedor=v1', '/crm-vendas-pedidos?mes=2026-03&vendedor=v1']);
    expect(tela.container.querySelector('[data-testid=numeros-de]')).toBeNull();
  });

  it('defaults to the last 12 months; the switch changes the grouping', () => {
    resposta = { isError: false, data: { dados: [], em: '2026-03-15T12:00:00Z', daCopia: false } };
    abrir();
    expect(pedidas.at(-1)).toMatchObject({ f: { de: '2025-04', ate: '2026-03', por: 'vendedor' } });
    expect(tela.container.textContent).toContain('Nenhuma venda de abril de 2025 a março de 2026.');
    act(() => tela.container.querySelectorAll<HTMLButtonElement>('[role=group] button')[2].click());
    expect(pedidas.at(-1)).toMatchObject({ f: { por: 'cliente' } });
  });

  it('a period longer than 24 months says so in pt-BR and asks for nothing', () => {
    abrir('/vendas-ano-mes?de=2024-01&ate=2026-03');
    expect(tela.container.querySelector('.field-error')?.textContent).toBe('O período deve ter no máximo 24 meses.');
    expect(pedidas.at(-1)).toMatchObject({ o: { enabled: false } });
  });

  it('offline: the figures kept on the device, with their date and time', () => {
    resposta = { isError: false, data: { dados: [{ chave: 'v1', nome: 'Ana', meses: meses([100]) }], em: '2026-03-14T13:05:00Z', daCopia: true } };
    abrir('/vendas-ano-mes?de=2026-01&ate=2026-01');
    expect(texto('[data-testid=numeros-de]')).toBe('Sem conexão — Números de 14/03/2026, 10:05');
    expect(totais()).toBe('Total | R$ 1,00 | R$ 1,00');
  });

  it('by group: no month leads to orders (they have no group filter)', () => {
    resposta = { isError: false, data: { dados: [{ chave: 'Bebidas', nome: 'Bebidas', meses: meses([100]) }], em: '2026-03-15T12:00:00Z', daCopia: false } };
    abrir('/vendas-ano-mes?de=2026-01&ate=2026-01&por=grupo');
    expect(tela.container.querySelector('thead th')?.textContent).toBe('Grupo');
    expect(tela.container.querySelector('[data-testid=celula-mes]')).toBeNull();
  });
});

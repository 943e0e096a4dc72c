import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Pedido } from '../../../lib/api/types';

vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ profile: { operador: 'v1', perfil: 'VENDEDOR', nomeOperador: 'Victor Vendedor' } }) }));
vi.mock('../../../lib/sync/saida', () => ({ useSaida: () => ({ itens: [] }) }));
vi.mock('../../../components/useOperadores', () => ({ useOperadores: () => ({ nomes: new Map([['v1', 'Victor Vendedor']]) }) }));
vi.mock('../api/pedidos', () => ({ useResumoVendas: () => ({ data: undefined, isPending: false }) }));
const vistos = { desde: '2026-11-01T00:00:00Z', pedidos: {} as Record<string, string> };
vi.mock('../utils/vistos', () => ({ useDecisoesVistas: () => vistos }));
const ev = (acao: string, status: string, por: string, em: string, observacao = '', por_nome = '') => ({ acao, status, por, por_nome, em, observacao });
const pedidos = [
  {
    id: 'p1',
    numero: '42',
    status: 'reprovado',
    vendedor_id: 'v1',
    cliente: { nome: 'Mercado Bom Preço' },
    cliente_id: 'c1',
    criado_em: '2026-11-20T10:00:00Z',
    enviado_em: '2026-11-20T10:00:00Z',
    historico: [ev('enviado', 'aguardando_aprovacao', 'v1', '2026-11-20T10:00:00Z'), ev('reprovado', 'reprovado', 'demo-supervisor', '2026-11-20T11:00:00Z', 'Desconto alto demais', 'Sergio Supervisor')],
  },
] as unknown as Pedido[];
vi.mock('../../../entities/pedido/colecao', () => ({ usePedidosDoAparelho: () => pedidos }));
// The device's copy of the policy, as the server's ObterPolitica sends it to a seller.
let politica: unknown = null;
vi.mock('../../../entities/preco/colecoes', () => ({ usePoliticaDoAparelho: () => politica }));

import { montarTela } from '../../../test/tela';
import VendasPage from './VendasPage';

const tela = montarTela();

describe('crm-vendas', () => {
  it("lists the decisions the seller has not seen, by the supervisor's name, each linking to its order; an opened one is gone", () => {
    tela.render(
      <MemoryRouter>
        <VendasPage />
      </MemoryRouter>,
    );
    const secao = tela.container.querySelector('[data-testid=decisoes-nao-vistas]');
    expect(secao?.textContent).toContain('1 decisão nova');
    const link = tela.container.querySelector<HTMLAnchorElement>('[data-testid=decisao-nao-vista]')!;
    expect(link.textContent).toBe('Pedido Nº 42 de Mercado Bom Preço: reprovado por Sergio Supervisor');
    expect(link.getAttribute('href')).toBe('/crm-vendas-pedidos?id=p1');
    expect(secao?.textContent).toContain('Desconto alto demais');
    expect(secao?.textContent).not.toContain('demo-supervisor');

    vistos.pedidos = { p1: '2026-11-20T11:00:00Z' };
    tela.render(
      <MemoryRouter>
        <VendasPage key="2" />
      </MemoryRouter>,
    );
    expect(tela.container.querySelector('[data-testid=decisoes-nao-vistas]')).toBeNull();
  });

  it("shows the seller's flex balance as the server prices against it: the policy's plus what the counting orders did to it", () => {
    politica = {
      flex_permitido: true,
      vendedores: [{ id: 'v1', desconto_maximo_percentual: 5, saldo_flex_centavos: '50000' }],
      flex_pedidos_centavos: { v1: '-35606' },
    };
    tela.render(
      <MemoryRouter>
        <VendasPage key="3" />
      </MemoryRouter>,
    );
    expect(tela.container.querySelector('[data-testid=verba-flex]')?.textContent?.replace(/\s+/g, ' ')).toBe('Verba flex: R$ 143,94');
    // A company without a flex balance shows none.
    politica = { flex_permitido: false, vendedores: [], flex_pedidos_centavos: {} };
    tela.render(
      <MemoryRouter>
        <VendasPage key="4" />
      </MemoryRouter>,
    );
    expect(tela.container.querySelector('[data-testid=verba-flex]')).toBeNull();
  });
});

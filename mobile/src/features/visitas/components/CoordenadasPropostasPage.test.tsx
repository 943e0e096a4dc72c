// The coordinate proposals (ADMIN): the server's list filtered to the proposals still to accept,
// each with its customer, position, accuracy and map link; "Aceitar coordenadas" posts to the
// visit and the list is read again (the accepted one gone); a refusal shows its pt-BR message.
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('../../../components/ui/MaisPaginas', () => ({ MaisPaginas: () => null }));
vi.mock('../../../components/useOperadores', () => ({ useOperadores: () => ({ nome: (id: string) => (id === 'v1' ? 'Victor Vendedor' : id) }) }));
const avisos = vi.hoisted(() => [] as string[]);
vi.mock('../../../components/ui/useToast', () => ({ useToast: () => (m: string) => avisos.push(m) }));
const confirmacoes = vi.hoisted(() => ({ pedidas: [] as string[], resposta: true }));
vi.mock('../../../components/ui/useConfirm', () => ({
  useConfirm: () => async (o: { message: string }) => {
    confirmacoes.pedidas.push(o.message);
    return confirmacoes.resposta;
  },
}));

const api = vi.hoisted(() => {
  const estado = {
    calls: [] as string[],
    propostas: [] as Record<string, unknown>[],
    recusar: false,
  };
  const fn = async (rota: string, o: { method?: string; query?: Record<string, unknown> } = {}): Promise<unknown> => {
    estado.calls.push(`${o.method ?? 'GET'} ${rota}${o.query ? ` ${JSON.stringify(o.query)}` : ''}`);
    if (o.method === 'POST') {
      const real = await import('../../../lib/api/client');
      if (estado.recusar) throw new real.ApiError(400, { mensagem: 'Esta visita não propõe coordenadas para o endereço do cliente.', motivo: 'DADOS_INVALIDOS' });
      const id = rota.split('/')[2];
      estado.propostas = estado.propostas.filter((v) => v.id !== id);
      return { id, coordenadas_aceitas: true };
    }
    return { visitas: estado.propostas, next_page_token: '' };
  };
  return Object.assign(fn, { estado });
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { queryClient } from '../../../lib/query';
import { montarTela } from '../../../test/tela';
import CoordenadasPropostasPage from './CoordenadasPropostasPage';

const proposta = (id: string, nome: string) => ({
  id,
  cliente_id: `c-${id}`,
  cliente_nome: nome,
  vendedor_id: 'v1',
  inicio: '2026-11-20T13:00:00Z',
  latitude: -23.5503,
  longitude: -46.634,
  precisao_metros: 8,
  veredito: 'endereco_sem_coordenadas',
  coordenadas_propostas: true,
});

const tela = montarTela();
const esperar = async (f: () => unknown) => {
  for (let i = 0; i < 100 && !f(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(f()).toBeTruthy();
};
const linhas = () => [...tela.container.querySelectorAll('[data-testid=proposta-coordenadas]')];
const abrir = (el: ReactNode = <CoordenadasPropostasPage />) => tela.render(<MemoryRouter>{el}</MemoryRouter>);

beforeEach(() => {
  queryClient.clear();
  api.estado.calls = [];
  api.estado.propostas = [proposta('p1', 'Mercado Sem Mapa'), proposta('p2', 'Padaria Nova')];
  api.estado.recusar = false;
  avisos.length = 0;
});

describe('the coordinate proposals', () => {
  it('lists the proposals still to accept, with the position, its accuracy and the map link', async () => {
    abrir();
    await esperar(() => linhas().length === 2);
    expect(api.estado.calls[0]).toBe('GET /visitas {"coordenadas_propostas":true,"page_size":50,"page_token":""}');
    const [a] = linhas();
    expect(a.querySelector('[data-testid=proposta-cliente]')?.textContent).toBe('Mercado Sem Mapa');
    expect(a.querySelector('[data-testid=proposta-posicao]')?.textContent).toBe('Posição: -23,550300, -46,634000 (± 8 m) · endereço sem coordenadas');
    expect(a.textContent).toContain('Check-in de Victor Vendedor');
    const mapa = a.querySelector<HTMLAnchorElement>('a[target=_blank]')!;
    expect(mapa.href).toBe('https://www.google.com/maps/search/?api=1&query=-23.550300,-46.634000');
    expect(mapa.rel).toBe('noopener noreferrer');
  });

  it('accepts one: POST to the visit, the list read again without it', async () => {
    abrir();
    await esperar(() => linhas().length === 2);
    await act(async () => linhas()[0].querySelector<HTMLButtonElement>('[data-testid=aceitar-coordenadas]')!.click());
    await esperar(() => linhas().length === 1);
    expect(api.estado.calls).toContain('POST /visitas/p1/aceitar-coordenadas');
    expect(avisos).toEqual(['Coordenadas de Mercado Sem Mapa aceitas.']);
    expect(linhas()[0].textContent).toContain('Padaria Nova');
  });

  it('a refusal shows its pt-BR message at the proposal', async () => {
    api.estado.recusar = true;
    abrir();
    await esperar(() => linhas().length === 2);
    await act(async () => linhas()[1].querySelector<HTMLButtonElement>('[data-testid=aceitar-coordenadas]')!.click());
    await esperar(() => linhas()[1].querySelector('[role=alert]'));
    expect(linhas()[1].querySelector('[role=alert]')?.textContent).toBe('Esta visita não propõe coordenadas para o endereço do cliente.');
  });

  it('dismisses a wrong one after a confirmation: POST descartar-coordenadas, the list read again without it', async () => {
    confirmacoes.pedidas = [];
    confirmacoes.resposta = false;
    abrir();
    await esperar(() => linhas().length === 2);
    await act(async () => linhas()[1].querySelector<HTMLButtonElement>('[data-testid=descartar-coordenadas]')!.click());
    expect(confirmacoes.pedidas).toEqual(['Descartar a posição proposta para Padaria Nova? O endereço continua como está.']);
    expect(api.estado.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    confirmacoes.resposta = true;
    await act(async () => linhas()[1].querySelector<HTMLButtonElement>('[data-testid=descartar-coordenadas]')!.click());
    await esperar(() => linhas().length === 1);
    expect(api.estado.calls).toContain('POST /visitas/p2/descartar-coordenadas');
    expect(avisos).toEqual(['Proposta de Padaria Nova descartada.']);
    expect(linhas()[0].textContent).toContain('Mercado Sem Mapa');
  });

  it('nothing to accept: says so', async () => {
    api.estado.propostas = [];
    abrir();
    await esperar(() => tela.container.textContent?.includes('Nenhuma coordenada aguardando aprovação.'));
  });
});

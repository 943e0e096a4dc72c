// The customer file's visit history reads the device's copy: offline it lists the visits copied
// before and a check-in made offline at once ("Aguardando envio", no verdict yet); while the first
// copy cannot go on it says so instead of "Nenhuma visita".
import 'fake-indexeddb/auto';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => import('../../test/tela').then((m) => m.ionicFalso));
vi.mock('../useOperadores', () => ({ useOperadores: () => ({ nome: (id: string) => (id === 'v1' ? 'Victor Vendedor' : id) }) }));

const servidor = vi.hoisted(() => ({ offline: false, visitas: [] as Record<string, unknown>[] }));
vi.mock('../../lib/api/client', async (original) => {
  const real = await original<typeof import('../../lib/api/client')>();
  return {
    ...real,
    api: vi.fn(async (path: string) => {
      if (servidor.offline) throw new real.ApiError(0, null);
      if (path === '/visitas/alteracoes') return { alteracoes: servidor.visitas.map((v) => ({ id: v.id, removido: false, visita: v })), cursor: 'k', mais: false };
      throw new Error(`rota inesperada ${path}`);
    }),
  };
});

import { apagarBancoInteiro } from '../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { executar, pararAgendamento } from '../../lib/sync/saida';
import { colecaoVisitas } from '../../entities/visita/colecao';
import { checkinOp } from '../../entities/visita/operacoes';
import { montarTela } from '../../test/tela';
import { VisitasDoCliente } from './VisitasDoCliente';

const tela = montarTela();
const linhas = () => [...tela.container.querySelectorAll('[data-testid=visita-cliente]')].map((li) => li.textContent);
const mudarConexao = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

/** Waits for the screen to show what `f` checks (the collection tells its screens within 100 ms). */
async function ate(f: () => boolean) {
  for (let i = 0; i < 50 && !f(); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
  expect(f()).toBe(true);
}

describe('the customer file’s visit history', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile(
      { empresa: 'demo', id: 'v1', nome_operador: 'Victor Vendedor', perfil_app: 'VENDEDOR', exibir_medida: false },
      { uid: 'u1', email: 'v1@demo.example.com', displayName: 'Victor' },
    );
    servidor.offline = false;
    servidor.visitas = [];
    mudarConexao(true);
  });

  it('offline: the copied visits and a check-in made offline, at once', async () => {
    servidor.visitas = [
      { id: 'a', cliente_id: 'c1', vendedor_id: 'v1', status: 'concluida', inicio: new Date(Date.now() - 86_400_000).toISOString(), veredito: 'fora_do_raio', distancia_metros: 850, resultado: 'pedido', duracao_minutos: 15, versao: '1' },
      { id: 'b', cliente_id: 'c2', vendedor_id: 'v1', status: 'concluida', inicio: new Date().toISOString(), veredito: 'verificado', versao: '1' },
    ];
    await colecaoVisitas.sincronizar();
    servidor.offline = true;
    mudarConexao(false);
    tela.render(<VisitasDoCliente clienteId="c1" />);
    await ate(() => linhas().length === 1);
    expect(linhas()[0]).toContain('Fora do raio a 850 m · Pedido · 15 min');

    await executar(checkinOp, { corpo: { id: 'n1', cliente_id: 'c1', inicio: new Date().toISOString() }, nomeCliente: 'Padaria' });
    await ate(() => linhas().length === 2);
    expect(linhas()[0]).toContain('Victor Vendedor');
    expect(linhas()[0]).toContain('Aguardando envio · Em andamento');
    expect(tela.container.querySelector('[data-pendente=true]')).not.toBeNull();
  });

  it('offline before the first copy: says the visits are still to come, never "Nenhuma visita"', async () => {
    servidor.offline = true;
    mudarConexao(false);
    await colecaoVisitas.sincronizar().catch(() => undefined);
    tela.render(<VisitasDoCliente clienteId="c1" />);
    await ate(() => Boolean(tela.container.querySelector('[data-testid=progresso-copia]')));
    expect(tela.container.textContent).toContain('As visitas ainda estão sendo baixadas: conecte-se para buscar todas as visitas.');
    expect(tela.container.textContent).not.toContain('Nenhuma visita');
  });

  it('online with the copy complete and nothing for the customer: "Nenhuma visita nos últimos 90 dias."', async () => {
    await colecaoVisitas.sincronizar();
    tela.render(<VisitasDoCliente clienteId="c1" />);
    await ate(() => tela.container.textContent?.includes('Nenhuma visita nos últimos 90 dias.') ?? false);
  });
});

// The visits on the device: copied from the feed in the window the device keeps (90 days, by the
// check-in), newest first; a check-in and check-out made offline show at once in the copy (no
// verdict yet: only the server judges a position) and reach the server once, in order.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visita } from '../../lib/api/types';

/** A fake field service: its visits by id and the calls it got. */
const servidor = vi.hoisted(() => ({
  visitas: new Map<string, Record<string, unknown>>(),
  chamadas: [] as string[],
  offline: false,
}));

vi.mock('../../lib/api/client', async (original) => {
  const real = await original<typeof import('../../lib/api/client')>();
  return {
    ...real,
    api: vi.fn(async (path: string, o: { method?: string; body?: Record<string, unknown> } = {}) => {
      if (servidor.offline) throw new real.ApiError(0, null);
      const metodo = o.method ?? 'GET';
      servidor.chamadas.push(`${metodo} ${path}`);
      if (path === '/visitas/alteracoes') {
        return { alteracoes: [...servidor.visitas.values()].map((v) => ({ id: v.id, removido: false, visita: v })), cursor: 'k', mais: false };
      }
      if (path === '/visitas/checkin') {
        const b = o.body as { id: string; cliente_id: string; inicio: string };
        const v = servidor.visitas.get(b.id) ?? { ...b, status: 'em_andamento', veredito: 'verificado', distancia_metros: 35, vendedor_id: 'v1', versao: '1' };
        servidor.visitas.set(b.id, v);
        return v;
      }
      const m = /^\/visitas\/([^/]+)\/checkout$/.exec(path);
      if (m) {
        const v: Record<string, unknown> = { ...servidor.visitas.get(decodeURIComponent(m[1])), ...o.body, status: 'concluida', motivo_nome: 'Loja fechada', duracao_minutos: 20, versao: '2' };
        servidor.visitas.set(v.id as string, v);
        return v;
      }
      throw new Error(`rota inesperada ${metodo} ${path}`);
    }),
  };
});

import { apagarBancoInteiro } from '../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { enviarSaida, executar, pararAgendamento, resumoPendentes } from '../../lib/sync/saida';
import { colecaoVisitas, indexarVisita, visitaAntiga, visitasDoCliente } from './colecao';
import { checkinOp, checkoutOp } from './operacoes';

const DIA = 86_400_000;
const diasAtras = (n: number) => new Date(Date.now() - n * DIA).toISOString();
const visita = (id: string, inicio: string, extra: Record<string, unknown> = {}) => ({
  id,
  cliente_id: 'c1',
  cliente_nome: 'Padaria São João',
  vendedor_id: 'v1',
  status: 'concluida',
  inicio,
  veredito: 'verificado',
  versao: '1',
  excluido: false,
  ...extra,
});

const naCopia = async () => (await colecaoVisitas.lista()).map((v) => `${v.id}:${v.status}:${v.veredito || '-'}${v._pendente ? '*' : ''}`);

describe('the visits on the device', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile(
      { empresa: 'demo', id: 'v1', nome_operador: 'Victor', perfil_app: 'VENDEDOR', exibir_medida: false },
      { uid: 'u1', email: 'v1@demo.example.com', displayName: 'Victor' },
    );
    servidor.visitas.clear();
    servidor.chamadas = [];
    servidor.offline = false;
  });

  it('copies the feed in the 90-day window, newest check-in first, found by the customer’s name', async () => {
    servidor.visitas.set('a', visita('a', diasAtras(10)));
    servidor.visitas.set('b', visita('b', diasAtras(2), { cliente_id: 'c2' }));
    servidor.visitas.set('velha', visita('velha', diasAtras(120)));
    await colecaoVisitas.sincronizar();
    expect(servidor.chamadas).toEqual(['GET /visitas/alteracoes']);
    expect(await naCopia()).toEqual(['b:concluida:verificado', 'a:concluida:verificado']);
    expect(visitasDoCliente(await colecaoVisitas.lista(), 'c1').map((v) => v.id)).toEqual(['a']);
    expect(indexarVisita(visita('x', diasAtras(1)) as unknown as Visita)._busca).toBe('padaria sao joao');
    // A stored visit that has grown old goes on the next sync's last page.
    expect(visitaAntiga({ inicio: diasAtras(91) })).toBe(true);
    expect(visitaAntiga({ inicio: diasAtras(89) })).toBe(false);
  });

  it('offline: the check-in and its check-out show at once and are sent once, in order, when the connection returns', async () => {
    servidor.offline = true;
    const inicio = diasAtras(0);
    const checkin = { corpo: { id: 'n1', cliente_id: 'c1', inicio, latitude: -23.5, longitude: -46.6, precisao_metros: 12, capturado_em: inicio }, nomeCliente: 'Padaria São João' };
    expect(await executar(checkinOp, checkin)).toEqual({ pendente: true });
    const [pendente] = await colecaoVisitas.lista();
    expect(pendente).toMatchObject({ id: 'n1', cliente_id: 'c1', vendedor_id: 'v1', status: 'em_andamento', veredito: '', inicio, _pendente: true });
    const fim = new Date(Date.parse(inicio) + 25 * 60_000).toISOString();
    await executar(checkoutOp, { visitaId: 'n1', nomeCliente: 'Padaria São João', nomeMotivo: 'Loja fechada', corpo: { resultado: 'sem_venda', motivo_id: 'loja-fechada', fim } });
    expect(await colecaoVisitas.um('n1')).toMatchObject({ status: 'concluida', resultado: 'sem_venda', motivo_nome: 'Loja fechada', duracao_minutos: 25, _pendente: true });
    expect(resumoPendentes()).toBe('1 check-in e 1 check-out ainda não foram enviados');
    expect(servidor.chamadas).toEqual([]);

    servidor.offline = false;
    expect(await enviarSaida()).toBe(2);
    expect(servidor.chamadas).toEqual(['POST /visitas/checkin', 'POST /visitas/n1/checkout']);
    // The server's answer replaces the device's: its verdict, nothing pending.
    expect(await naCopia()).toEqual(['n1:concluida:verificado']);
    expect(await enviarSaida()).toBe(0);
    expect(servidor.chamadas).toHaveLength(2);
  });
});

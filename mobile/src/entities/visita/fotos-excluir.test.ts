// Deleting a photo of the open visit on the device: one still waiting in the outbox is taken out
// of it and never sent; a sent one is deleted through the outbox (offline too), and the device's
// copy of the visit drops it at once; the server's answer then replaces the copy.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

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
      const m = /^\/visitas\/([^/]+)\/fotos\/([^/]+)$/.exec(path);
      if (m) {
        const v = servidor.visitas.get(m[1])!;
        const fotos = (v.fotos as { id: string }[]) ?? [];
        const nova =
          metodo === 'PUT'
            ? { ...v, fotos: [...fotos.filter((f) => f.id !== m[2]), { id: m[2], capturado_em: '2031-01-09T12:00:00Z' }], versao: String(Number(v.versao) + 1) }
            : { ...v, fotos: fotos.filter((f) => f.id !== m[2]), versao: String(Number(v.versao) + 1) };
        servidor.visitas.set(m[1], nova);
        return nova;
      }
      throw new Error(`rota inesperada ${metodo} ${path}`);
    }),
  };
});

import { apagarBancoInteiro } from '../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { enviarSaida, executar, itensDaSaida, pararAgendamento, resumoPendentes } from '../../lib/sync/saida';
import { colecaoVisitas } from './colecao';
import { excluirFoto, excluirFotoOp, fotoOp, fotosDaVisita } from './fotos';

const aberta = (fotos: { id: string }[] = []) => ({
  id: 'v1',
  cliente_id: 'c1',
  cliente_nome: 'Padaria São João',
  vendedor_id: 'v1',
  status: 'em_andamento',
  inicio: new Date().toISOString(),
  veredito: 'verificado',
  versao: '3',
  excluido: false,
  fotos: fotos.map((f) => ({ ...f, capturado_em: '2031-01-09T11:00:00Z' })),
});

const corpo = (id: string) => ({ imagem_base64: `data:image/jpeg;base64,${id}`, capturado_em: '2031-01-09T12:00:00Z' });
const fotosNaCopia = async () => {
  const v = (await colecaoVisitas.lista()).find((x) => x.id === 'v1');
  return fotosDaVisita(await itensDaSaida(), 'v1', v).map((f) => `${f.id}${f.dataUrl ? '*' : ''}`);
};

describe('deleting a photo of the open visit', () => {
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
    servidor.visitas.set('v1', aberta([{ id: 'f1' }]));
    await colecaoVisitas.sincronizar();
    servidor.chamadas = [];
  });

  it('a photo still waiting in the outbox is dropped from it and from the device, never sent', async () => {
    servidor.offline = true;
    await executar(fotoOp, { visitaId: 'v1', fotoId: 'f2', nomeCliente: 'Padaria', corpo: corpo('f2') });
    expect(await fotosNaCopia()).toEqual(['f1', 'f2*']);
    const r = await excluirFoto({ visitaId: 'v1', fotoId: 'f2', nomeCliente: 'Padaria' });
    expect(r.pendente).toBe(false);
    expect(await itensDaSaida()).toEqual([]);
    expect(await fotosNaCopia()).toEqual(['f1']);
    servidor.offline = false;
    await enviarSaida();
    expect(servidor.chamadas).toEqual([]);
  });

  it('a sent photo: the DELETE waits in the outbox offline, the copy drops the photo at once, then the server answers', async () => {
    servidor.offline = true;
    const r = await excluirFoto({ visitaId: 'v1', fotoId: 'f1', nomeCliente: 'Padaria' });
    expect(r.pendente).toBe(true);
    expect((await itensDaSaida()).map((i) => i.op)).toEqual([excluirFotoOp.nome]);
    expect(resumoPendentes()).toBe('1 exclusão de foto ainda não foi enviada');
    expect(await fotosNaCopia()).toEqual([]);
    servidor.offline = false;
    await enviarSaida();
    expect(servidor.chamadas).toEqual(['DELETE /visitas/v1/fotos/f1']);
    expect(await itensDaSaida()).toEqual([]);
    const v = (await colecaoVisitas.lista()).find((x) => x.id === 'v1')!;
    expect([v.fotos, v.versao, v._pendente]).toEqual([[], '4', undefined]);
  });

  it('a photo sent meanwhile (its upload gone from the outbox) is deleted on the server, after it', async () => {
    await executar(fotoOp, { visitaId: 'v1', fotoId: 'f3', nomeCliente: 'Padaria', corpo: corpo('f3') });
    expect(servidor.chamadas).toEqual(['PUT /visitas/v1/fotos/f3']);
    await excluirFoto({ visitaId: 'v1', fotoId: 'f3', nomeCliente: 'Padaria' });
    expect(servidor.chamadas).toEqual(['PUT /visitas/v1/fotos/f3', 'DELETE /visitas/v1/fotos/f3']);
    expect(await fotosNaCopia()).toEqual(['f1']);
  });
});

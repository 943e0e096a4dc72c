// crm-metas offline: the goals the device keeps (the feed) with the last achievement fetched and
// their dates; online, the server's list (kept as the last answer).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const servidor = vi.hoisted(() => ({
  metas: [] as Record<string, unknown>[],
  offline: false,
  chamadas: [] as string[],
}));

vi.mock('../../../lib/api/client', async (original) => {
  const real = await original<typeof import('../../../lib/api/client')>();
  return {
    ...real,
    api: vi.fn(async (path: string, o: { query?: Record<string, unknown> } = {}) => {
      servidor.chamadas.push(path);
      if (servidor.offline) throw new real.ApiError(0, null);
      if (path === '/metas/alteracoes') {
        return { alteracoes: servidor.metas.map((m) => ({ id: m.id, removido: Boolean(m.excluido), meta: { ...m, realizado: '0', percentual: 0 } })), cursor: 'k', mais: false };
      }
      if (path === '/metas') {
        const vendedor = o.query?.vendedor_id;
        return { metas: servidor.metas.filter((m) => !m.excluido && m.mes === o.query?.mes && (!vendedor || m.vendedor_id === vendedor)), next_page_token: '' };
      }
      throw new Error(`rota inesperada ${path}`);
    }),
  };
});

import { colecaoMetas } from '../../../entities/meta/colecao';
import { apagarBancoInteiro } from '../../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../../lib/storage';
import { metasDoMes } from './metas';

const meta = (id: string, vendedor: string, realizado: string, percentual: number) => ({
  id,
  mes: '2026-05',
  vendedor_id: vendedor,
  tipo: 'peso',
  alvo: '1000',
  grupo: '',
  regiao_id: '',
  cliente_id: '',
  realizado,
  percentual,
  versao: '1',
  excluido: false,
});

describe('metas no aparelho', () => {
  beforeEach(async () => {
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile(
      { empresa: 'demo', id: 'sup', nome_operador: 'Sup', perfil_app: 'SUPERVISOR', exibir_medida: false },
      { uid: 'u1', email: 'u1@demo.example.com', displayName: 'Sup' },
    );
    servidor.metas = [meta('a', 'v1', '800', 80), meta('b', 'v2', '1200', 120)];
    servidor.offline = false;
    servidor.chamadas = [];
  });

  it('sem conexão mostra as metas do aparelho com o último realizado buscado e as datas', async () => {
    const online = await metasDoMes('sup', '2026-05', '');
    expect(online).toMatchObject({ daCopia: false, semRealizado: [] });
    expect(online.metas.map((m) => `${m.id}:${m.realizado}`)).toEqual(['a:800', 'b:1200']);
    // A goal created since (on the device through the feed), and one deleted.
    servidor.metas = [meta('a', 'v1', '0', 0), { ...meta('b', 'v2', '0', 0), excluido: true }, meta('c', 'v1', '0', 0)];
    await colecaoMetas.sincronizar();
    servidor.offline = true;
    const offline = await metasDoMes('sup', '2026-05', '');
    expect(offline.daCopia).toBe(true);
    expect(offline.metas.map((m) => `${m.id}:${m.realizado}:${m.percentual}`)).toEqual(['a:800:80', 'c:0:0']);
    expect(offline.semRealizado).toEqual(['c']);
    expect(offline.realizadoEm).not.toBe('');
    expect(offline.copiadasEm).not.toBe('');
    // One seller's, and another month (nothing fetched for it: the goals without achievement).
    expect((await metasDoMes('sup', '2026-05', 'v1')).metas.map((m) => m.id)).toEqual(['a', 'c']);
    const outroMes = await metasDoMes('sup', '2026-04', '');
    expect(outroMes).toMatchObject({ daCopia: true, metas: [], realizadoEm: '' });
  });

  it('sem conexão e sem nada no aparelho, o erro de conexão', async () => {
    servidor.offline = true;
    await expect(metasDoMes('sup', '2026-05', '')).rejects.toMatchObject({ status: 0 });
  });
});

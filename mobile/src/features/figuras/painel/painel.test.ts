import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { apagarDadosDoAparelho } from '../../../lib/device-db';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));
import { lerPainel } from './painel';

beforeEach(async () => {
  api.mockReset();
  await apagarDadosDoAparelho();
});

describe('painel kept on the device', () => {
  it('offline, the last panel fetched for that month and seller, with its date; none kept: the error', async () => {
    api.mockResolvedValueOnce({ mes: '2026-05', vendido_centavos: '1234', percentual: 12.5 });
    const online = await lerPainel('2026-05', 'v1');
    expect(online.doAparelho).toBe(false);
    expect(api).toHaveBeenCalledWith('/painel', expect.objectContaining({ query: { mes: '2026-05', vendedor_id: 'v1' } }));

    api.mockRejectedValue(new ApiError(0, null));
    const offline = await lerPainel('2026-05', 'v1');
    expect(offline).toEqual({ painel: { mes: '2026-05', vendido_centavos: '1234', percentual: 12.5 }, em: online.em, doAparelho: true });
    // Another seller or month was never fetched: the network error, not someone else's figures.
    await expect(lerPainel('2026-05', 'v2')).rejects.toBeInstanceOf(ApiError);
    await expect(lerPainel('2026-04', 'v1')).rejects.toBeInstanceOf(ApiError);
  });

  it('a refusal of the server (403) is shown, never the kept figures', async () => {
    api.mockResolvedValueOnce({ mes: '2026-05' });
    await lerPainel('2026-05', '');
    api.mockRejectedValueOnce(new ApiError(403, { mensagem: 'Este vendedor não está na sua equipe.' } as never));
    await expect(lerPainel('2026-05', '')).rejects.toThrow();
  });
});

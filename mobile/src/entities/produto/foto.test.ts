import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenProvider } from '../../lib/api/client';
import { apagarDadosDoAparelho } from '../../lib/device-db';
import { CACHE_FOTOS, fotoDoProduto } from './foto';

/** A minimal Cache Storage (jsdom has none). */
function cacheStorage() {
  const caches = new Map<string, Map<string, Response>>();
  const url = (k: string | Request) => new URL(typeof k === 'string' ? k : k.url, 'http://app.test').href;
  return {
    caches,
    api: {
      async open(nome: string) {
        if (!caches.has(nome)) caches.set(nome, new Map());
        const c = caches.get(nome)!;
        return {
          async match(k: string) {
            return c.get(url(k))?.clone();
          },
          async put(k: string, r: Response) {
            c.set(url(k), r);
          },
          async keys() {
            return [...c.keys()].map((u) => new Request(u));
          },
          async delete(k: Request) {
            return c.delete(url(k));
          },
        };
      },
      async delete(nome: string) {
        return caches.delete(nome);
      },
    },
  };
}

describe('product photos cached on demand', () => {
  let cs: ReturnType<typeof cacheStorage>;
  beforeEach(() => {
    cs = cacheStorage();
    vi.stubGlobal('caches', cs.api);
    setTokenProvider(async () => 'tok');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenProvider(async () => null);
  });

  it('fetches once, then serves the device copy (offline too); a new version replaces the old; sign-out drops them', async () => {
    const fetch = vi.fn(async (u: string) => new Response(new Uint8Array([1, 2, String(u).includes('v=b') ? 4 : 3]), { headers: { 'Content-Type': 'image/jpeg' } }));
    vi.stubGlobal('fetch', fetch);
    const a = await fotoDoProduto({ id: 'p1', foto_versao: 'a' }, 'miniatura');
    expect([...new Uint8Array(await a!.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/crm/produtos/p1/foto?tamanho=miniatura&v=a');

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const deNovo = await fotoDoProduto({ id: 'p1', foto_versao: 'a' }, 'miniatura');
    expect([...new Uint8Array(await deNovo!.arrayBuffer())]).toEqual([1, 2, 3]);

    vi.stubGlobal('fetch', fetch);
    await fotoDoProduto({ id: 'p1', foto_versao: 'b' }, 'miniatura');
    expect([...cs.caches.get(CACHE_FOTOS)!.keys()]).toEqual(['http://app.test/fotos-produtos/p1/miniatura/b']);

    await apagarDadosDoAparelho();
    expect(cs.caches.has(CACHE_FOTOS)).toBe(false);
  });

  it('a product without a photo asks nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await fotoDoProduto({ id: 'p1', foto_versao: '' }, 'grande')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

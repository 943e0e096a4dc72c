// Product photos, cached on the device on demand: a photo is fetched (with the operator's token)
// the first time a screen shows it and kept in Cache Storage by product, size and foto_versao, so
// it shows again with no signal; a new photo (another foto_versao) replaces it. Sign-out drops
// the cache with the rest of the device's data.
import { useEffect, useState } from 'react';
import { apiArquivo, seg } from '../../lib/api/client';
import { aoApagarDados } from '../../lib/device-db';

export const CACHE_FOTOS = 'crm-fotos-produtos';
export type TamanhoFoto = 'miniatura' | 'grande';

/** A product as the photo needs it (foto_versao empty: no photo). */
export interface ComFoto {
  id: string;
  foto_versao?: string;
}

const temCache = () => typeof caches !== 'undefined';
/** The cache key of a photo: /fotos-produtos/<id>/<tamanho>/<versao>. */
const chave = (id: string, tamanho: TamanhoFoto, versao: string) => `/fotos-produtos/${encodeURIComponent(id)}/${tamanho}/${encodeURIComponent(versao)}`;

aoApagarDados(async () => {
  if (temCache()) await caches.delete(CACHE_FOTOS);
});

/** The photo's bytes (from the device when it has them), null when the product has none. */
export async function fotoDoProduto(p: ComFoto, tamanho: TamanhoFoto, signal?: AbortSignal): Promise<Blob | null> {
  const versao = p.foto_versao ?? '';
  if (!versao) return null;
  const k = chave(p.id, tamanho, versao);
  const cache = temCache() ? await caches.open(CACHE_FOTOS) : null;
  const guardada = await cache?.match(k);
  if (guardada) return guardada.blob();
  const blob = await apiArquivo(`/produtos/${seg(p.id)}/foto`, { query: { tamanho, v: versao }, signal });
  if (cache) {
    // Older versions of this photo go.
    const prefixo = chave(p.id, tamanho, '');
    for (const r of await cache.keys()) if (new URL(r.url).pathname.startsWith(prefixo)) await cache.delete(r);
    await cache.put(k, new Response(blob, { headers: { 'Content-Type': blob.type || 'image/jpeg' } }));
  }
  return blob;
}

/** The photo as an object URL for an <img> (null while it loads, when there is none or it failed). */
export function useFotoProduto(p: ComFoto | undefined, tamanho: TamanhoFoto): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const id = p?.id;
  const versao = p?.foto_versao ?? '';
  useEffect(() => {
    setUrl(null);
    if (!id || !versao) return;
    const ac = new AbortController();
    let criada: string | null = null;
    fotoDoProduto({ id, foto_versao: versao }, tamanho, ac.signal)
      .then((b) => {
        if (b && !ac.signal.aborted) {
          criada = URL.createObjectURL(b);
          setUrl(criada);
        }
      })
      .catch(() => undefined); // no photo offline before it was ever seen: the screen shows none
    return () => {
      ac.abort();
      if (criada) URL.revokeObjectURL(criada);
    };
  }, [id, versao, tamanho]);
  return url;
}

// A visit's photos: taken on the device, compressed there (lib/imagem: at most 1280 px, ~300 KB),
// kept in the outbox (IndexedDB) with their capture time and position, and sent once, in the
// visit's line — after its check-in, before its check-out —, so a photo taken offline is never
// lost and a check-out whose reason needs a photo lands after it. The server lists them on the
// visit (Visita.fotos); the pictures are read with the operator's token and kept in Cache
// Storage (a photo never changes), so they show again with no signal.
import { useEffect, useMemo, useState } from 'react';
import { api, apiArquivo, seg } from '../../lib/api/client';
import type { EnviarFotoVisitaPedido, Visita } from '../../lib/api/types';
import { aoApagarDados } from '../../lib/device-db';
import { queryClient } from '../../lib/query';
import { declararOperacao, executar, itensDaSaida, retirar, useSaida, type ItemSaida, type Resultado } from '../../lib/sync/saida';
import { chavesVisitas } from './api';
import { colecaoVisitas } from './colecao';

/** The longest side and the target size of a photo compressed on the device. */
export const LADO_FOTO_VISITA = 1280;
export const BYTES_ALVO_FOTO_VISITA = 300 * 1024;

export interface FotoParaEnviar {
  visitaId: string;
  fotoId: string;
  nomeCliente: string;
  /** imagem_base64 is the JPEG's data URL (also what shows while it waits). */
  corpo: EnviarFotoVisitaPedido & { imagem_base64: string; capturado_em: string };
}

export function enviarFotoVisita(visitaId: string, fotoId: string, body: EnviarFotoVisitaPedido, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(visitaId)}/fotos/${seg(fotoId)}`, { method: 'PUT', body, signal });
}

export const fotoOp = declararOperacao<FotoParaEnviar, Visita>({
  nome: 'visitas.foto',
  alvo: (d) => d.fotoId,
  // The visit's line (checkinOp, checkoutOp): after the check-in, before the check-out.
  fila: (d) => `visitas/${d.visitaId}`,
  especie: { um: 'foto de visita', varios: 'fotos de visita', feminino: true },
  enviar: async (d, _it, signal) => {
    const v = await enviarFotoVisita(d.visitaId, d.fotoId, d.corpo, signal);
    // The visit's lists (camera, check-in, the customer file: the device's copy) show it as sent,
    // also when it left the outbox long after it was taken.
    await colecaoVisitas.guardar([v]);
    void queryClient.invalidateQueries({ queryKey: chavesVisitas.todas });
    return v;
  },
  descrever: (d) => `Foto da visita em ${d.nomeCliente}`,
});

export function excluirFotoVisita(visitaId: string, fotoId: string, signal?: AbortSignal) {
  return api<Visita>(`/visitas/${seg(visitaId)}/fotos/${seg(fotoId)}`, { method: 'DELETE', signal });
}

export interface FotoParaExcluir {
  visitaId: string;
  fotoId: string;
  nomeCliente: string;
}

/** The visit without a photo (what the device shows while the delete waits). */
export function semAFoto(v: Visita, fotoId: string): Visita {
  return { ...v, fotos: (v.fotos ?? []).filter((f) => f.id !== fotoId) };
}

/**
 * A sent photo removed from the open visit: the DELETE waits in the visit's line (after the photo,
 * before the check-out), and the device's copy of the visit drops the photo at once. The server
 * answers a replay with the visit, so the outbox may send it again safely.
 */
export const excluirFotoOp = declararOperacao<FotoParaExcluir, Visita>({
  nome: 'visitas.excluirFoto',
  colecao: colecaoVisitas,
  alvo: (d) => d.visitaId,
  fila: (d) => `visitas/${d.visitaId}`,
  especie: { um: 'exclusão de foto', varios: 'exclusões de foto', feminino: true },
  unidade: (d) => d.fotoId,
  enviar: (d, _it, signal) => excluirFotoVisita(d.visitaId, d.fotoId, signal),
  local: (r, d) => (r ? semAFoto(r, d.fotoId) : null),
  descrever: (d) => `Excluir foto da visita em ${d.nomeCliente}`,
});

/**
 * Removes a photo of the open visit. One still waiting in the outbox is simply taken out of it
 * (never sent: the picture leaves the device with it); one the server has (or is receiving right
 * now) is deleted there through the outbox — offline too.
 */
export async function excluirFoto(d: FotoParaExcluir): Promise<Resultado<Visita>> {
  const naFila = (await itensDaSaida()).find((i) => i.op === fotoOp.nome && (i.dados as FotoParaEnviar).fotoId === d.fotoId);
  if (naFila && (await retirar(naFila.seq!))) return { pendente: false };
  const r = await executar(excluirFotoOp, d);
  if (temCache()) await (await caches.open(CACHE_FOTOS_VISITA)).delete(chaveMiniatura(d.visitaId, d.fotoId));
  return r;
}

/** A photo of a visit as a screen shows it: sent (the server's) or waiting in the outbox. */
export interface FotoNaTela {
  id: string;
  capturadoEm: string;
  /** Waiting in the outbox: its data URL. */
  dataUrl?: string;
}

/** The photos of a visit still in the outbox. */
export function fotosPendentes(itens: readonly ItemSaida[], visitaId: string): FotoNaTela[] {
  return itens
    .filter((i) => i.op === fotoOp.nome && (i.dados as FotoParaEnviar).visitaId === visitaId)
    .map((i) => {
      const d = i.dados as FotoParaEnviar;
      return { id: d.fotoId, capturadoEm: d.corpo.capturado_em, dataUrl: d.corpo.imagem_base64 };
    });
}

/** A visit's photos: the server's (visita.fotos), then those still waiting on the device, once each. */
export function fotosDaVisita(itens: readonly ItemSaida[], visitaId: string, visita?: Pick<Visita, 'fotos'>): FotoNaTela[] {
  const enviadas: FotoNaTela[] = (visita?.fotos ?? []).map((f) => ({ id: f.id ?? '', capturadoEm: f.capturado_em ?? '' }));
  const vistas = new Set(enviadas.map((f) => f.id));
  return [...enviadas, ...fotosPendentes(itens, visitaId).filter((f) => !vistas.has(f.id))];
}

export function useFotosDaVisita(visitaId: string, visita?: Pick<Visita, 'fotos'>): FotoNaTela[] {
  const { itens } = useSaida();
  const fotos = visita?.fotos;
  return useMemo(() => fotosDaVisita(itens, visitaId, fotos ? { fotos } : undefined), [itens, visitaId, fotos]);
}

export const CACHE_FOTOS_VISITA = 'crm-fotos-visitas';
const temCache = () => typeof caches !== 'undefined';

aoApagarDados(async () => {
  if (temCache()) await caches.delete(CACHE_FOTOS_VISITA);
});

const chaveMiniatura = (visitaId: string, fotoId: string) => `/fotos-visitas/${encodeURIComponent(visitaId)}/${encodeURIComponent(fotoId)}/miniatura`;

/** The thumbnail's bytes (from the device when it has them). */
export async function miniaturaDaFoto(visitaId: string, fotoId: string, signal?: AbortSignal): Promise<Blob> {
  const k = chaveMiniatura(visitaId, fotoId);
  const cache = temCache() ? await caches.open(CACHE_FOTOS_VISITA) : null;
  const guardada = await cache?.match(k);
  if (guardada) return guardada.blob();
  const blob = await apiArquivo(`/visitas/${seg(visitaId)}/fotos/${seg(fotoId)}`, { query: { tamanho: 'miniatura' }, signal });
  await cache?.put(k, new Response(blob, { headers: { 'Content-Type': blob.type || 'image/jpeg' } }));
  return blob;
}

/** What an <img> shows for a photo: its data URL while it waits, else the thumbnail's object URL (null while it loads or offline). */
export function useMiniatura(visitaId: string, foto: FotoNaTela): string | null {
  const [url, setUrl] = useState<string | null>(foto.dataUrl ?? null);
  useEffect(() => {
    if (foto.dataUrl) {
      setUrl(foto.dataUrl);
      return;
    }
    setUrl(null);
    const ac = new AbortController();
    let criada: string | null = null;
    miniaturaDaFoto(visitaId, foto.id, ac.signal)
      .then((b) => {
        if (!ac.signal.aborted) {
          criada = URL.createObjectURL(b);
          setUrl(criada);
        }
      })
      .catch(() => undefined); // offline before it was ever seen: the frame shows without it
    return () => {
      ac.abort();
      if (criada) URL.revokeObjectURL(criada);
    };
  }, [visitaId, foto.id, foto.dataUrl]);
  return url;
}

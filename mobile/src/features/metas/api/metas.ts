// The goals' endpoints (MetasService): the month's goals with their achievement, create, edit,
// delete, the copy from a month and the CSV import. The achievement is the server's; offline the
// screen shows the goals the device keeps (entities/meta: the feed) with the last achievement
// fetched for that month and seller, and its date.
import { useQuery } from '@tanstack/react-query';
import { colecaoMetas } from '../../../entities/meta/colecao';
import { api, falhaDeConexao, seg } from '../../../lib/api/client';
import { guardarResposta, lerResposta } from '../../../lib/respostaNoAparelho';
import { metasDoAparelho } from '../utils/metas';
import type { components } from '../../../lib/api/schema.gen';
import { comChave } from '../../../lib/importacao';
import { useMutacao } from '../../../lib/query';
import type { ImportarCatalogoResposta } from '../../../lib/api/types';

type Schemas = components['schemas'];
type Full<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type Meta = Full<Schemas['v1Meta']>;
export type CriarMetaPedido = Schemas['v1CriarMetaRequest'];
export type MudancasMeta = Omit<Schemas['MetasServiceAtualizarMetaBody'], 'versao'>;
export type CopiarMetasPedido = Schemas['v1CopiarMetasRequest'];
export type CopiarMetasResposta = Omit<Full<Schemas['v1CopiarMetasResponse']>, 'metas'> & { metas: Meta[] };

export const chaveMetas = ['metas'] as const;

/** The month's goals in the caller's scope (of one seller when vendedor is set), every page. */
export async function listarMetas(mes: string, vendedor: string, signal?: AbortSignal): Promise<Meta[]> {
  const out: Meta[] = [];
  let token = '';
  do {
    const r = await api<{ metas: Meta[]; next_page_token: string }>('/metas', {
      query: { mes, vendedor_id: vendedor || undefined, page_size: 200, page_token: token || undefined },
      signal,
    });
    out.push(...(r.metas ?? []));
    token = r.next_page_token;
  } while (token);
  return out;
}

/** The month's goals: the server's, or offline the device's. */
export interface MetasDoMes {
  metas: Meta[];
  /** Offline: the goals are the device's copy. */
  daCopia: boolean;
  /** When the achievement shown was fetched (ISO; '' online or when never fetched). */
  realizadoEm: string;
  /** When the device's goals last caught up with the server (offline). */
  copiadasEm: string;
  /** Offline: goals the last answer did not have (no achievement to show). */
  semRealizado: string[];
}

/**
 * The month's goals (of one seller, or the scope): the server's list, kept as the last answer;
 * offline, the goals the device keeps with the last answer's achievement (lib/respostaNoAparelho).
 * Errors the server gives are thrown, and so is a failure with nothing on the device.
 */
export async function metasDoMes(operador: string, mes: string, vendedor: string, signal?: AbortSignal): Promise<MetasDoMes> {
  const chave = ['metas', operador, mes, vendedor].join('|');
  try {
    const metas = await listarMetas(mes, vendedor, signal);
    await guardarResposta(chave, metas).catch((e: unknown) => console.warn('Cópia das metas não foi guardada', e));
    return { metas, daCopia: false, realizadoEm: '', copiadasEm: '', semRealizado: [] };
  } catch (err) {
    if (!falhaDeConexao(err)) throw err;
    const [copia, estado] = await Promise.all([lerResposta<Meta[]>(chave).catch(() => null), colecaoMetas.lerEstado().catch(() => null)]);
    if (!estado?.sincronizadoEm) {
      if (!copia) throw err;
      return { metas: copia.dados, daCopia: true, realizadoEm: copia.em, copiadasEm: copia.em, semRealizado: [] };
    }
    const r = metasDoAparelho(await colecaoMetas.lista(), mes, vendedor, copia?.dados ?? []);
    return { metas: r.metas as Meta[], daCopia: true, realizadoEm: copia?.em ?? '', copiadasEm: estado.sincronizadoEm, semRealizado: r.semRealizado };
  }
}

export const useMetas = (operador: string, mes: string, vendedor: string) =>
  useQuery({ queryKey: [...chaveMetas, operador, mes, vendedor], queryFn: ({ signal }) => metasDoMes(operador, mes, vendedor, signal), retry: false });

export const useCriarMeta = () => useMutacao((m: CriarMetaPedido) => api<Meta>('/metas', { method: 'POST', body: m }), [chaveMetas]);

export const useAlterarMeta = () =>
  useMutacao(
    ({ meta, mudancas }: { meta: Meta; mudancas: MudancasMeta }) =>
      api<Meta>(`/metas/${seg(meta.id)}`, { method: 'PATCH', body: { ...mudancas, versao: String(meta.versao) } }),
    [chaveMetas],
  );

export const useExcluirMeta = () =>
  useMutacao((m: Meta) => api<Meta>(`/metas/${seg(m.id)}`, { method: 'DELETE', query: { versao: String(m.versao) } }), [chaveMetas]);

export const useCopiarMetas = () => useMutacao((c: CopiarMetasPedido) => api<CopiarMetasResposta>('/metas/copiar', { method: 'POST', body: c }), [chaveMetas]);

/** One chunk of the goals' CSV import (or its validation only). */
export async function importarMetas(csv: string, validarApenas: boolean) {
  const r = await api<ImportarCatalogoResposta>('/metas/importar', { method: 'POST', body: { csv, validar_apenas: validarApenas }, tempoLimiteMs: 120_000 });
  return comChave(r, (l) => l.codigo);
}

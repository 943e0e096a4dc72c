// The goals' endpoints (MetasService): the month's goals with their achievement, create, edit,
// delete, the copy from a month and the CSV import. Online: the achievement is the server's.
import { useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
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

export const useMetas = (mes: string, vendedor: string) =>
  useQuery({ queryKey: [...chaveMetas, mes, vendedor], queryFn: ({ signal }) => listarMetas(mes, vendedor, signal) });

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

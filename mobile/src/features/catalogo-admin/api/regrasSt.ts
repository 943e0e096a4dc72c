// ICMS-ST rules (ADMIN): list, create, delete and the CSV import.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { CriarRegraSTPedido, ImportarCatalogoResposta, ListarRegrasSTResposta, RegraST } from '../../../lib/api/types';
import { comChave } from '../../../lib/importacao';
import { paginas, useMutacao } from '../../../lib/query';
import { chaves } from './chaves';

export const regrasStQueryOptions = () =>
  paginas(chaves.regrasSt, (page_token, signal) => api<ListarRegrasSTResposta>('/regras-st', { query: { page_size: 200, page_token }, signal }));

export const useRegrasSt = () => useInfiniteQuery(regrasStQueryOptions());

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

export const useCriarRegraSt = (config: Config<RegraST> = {}) =>
  useMutacao((r: CriarRegraSTPedido) => api<RegraST>('/regras-st', { method: 'POST', body: r }), [chaves.regrasSt], config);

export const useExcluirRegraSt = (config: Config<RegraST> = {}) =>
  useMutacao((r: RegraST) => api<RegraST>(`/regras-st/${seg(r.id)}`, { method: 'DELETE', query: { versao: r.versao } }), [chaves.regrasSt], config);

/** One chunk of the ST rules' CSV import (or its validation only); the row's key is "NCM/UF". */
export async function importarRegrasSt(csv: string, validarApenas: boolean) {
  const r = await api<ImportarCatalogoResposta>('/regras-st/importar', { method: 'POST', body: { csv, validar_apenas: validarApenas }, tempoLimiteMs: 180_000 });
  return comChave(r, (l) => l.codigo);
}

export function useAposImportarRegrasSt() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: chaves.regrasSt });
}

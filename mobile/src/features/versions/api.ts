import { api, seg } from '../../lib/api/client';
import type { ConfigVersao, DefinirVersaoPedido, ListarVersoesResposta } from '../../lib/api/types';

export const CHAVE_VERSOES = ['sistema', 'versoes'] as const;

export function listarVersoes(signal?: AbortSignal) {
  return api<ListarVersoesResposta>('/sistema/versoes', { signal });
}

export function definirVersao(tipo: string, body: DefinirVersaoPedido) {
  return api<ConfigVersao>(`/sistema/versoes/${seg(tipo)}`, { method: 'PUT', body });
}

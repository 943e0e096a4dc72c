// Payment terms (ADMIN): list, create/update, delete.
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { AtualizarCondicaoPedido, CondicaoPagamento, CriarCondicaoPedido, ListarCondicoesResposta } from '../../../lib/api/types';
import { paginas, useMutacao } from '../../../lib/query';
import { chaves } from './chaves';

export const condicoesQueryOptions = () =>
  paginas(chaves.condicoes, (page_token, signal) => api<ListarCondicoesResposta>('/condicoes-pagamento', { query: { page_size: 100, page_token }, signal }));

export const useCondicoes = () => useInfiniteQuery(condicoesQueryOptions());

export type SalvarCondicao = { novo: CriarCondicaoPedido; id?: undefined } | { id: string; alteracao: AtualizarCondicaoPedido };

function salvarCondicao(s: SalvarCondicao): Promise<CondicaoPagamento> {
  return s.id === undefined
    ? api<CondicaoPagamento>('/condicoes-pagamento', { method: 'POST', body: s.novo })
    : api<CondicaoPagamento>(`/condicoes-pagamento/${seg(s.id)}`, { method: 'PATCH', body: s.alteracao });
}

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

export const useSalvarCondicao = (config: Config<CondicaoPagamento> = {}) => useMutacao(salvarCondicao, [chaves.condicoes], config);

export const useExcluirCondicao = (config: Config<CondicaoPagamento> = {}) =>
  useMutacao((c: CondicaoPagamento) => api<CondicaoPagamento>(`/condicoes-pagamento/${seg(c.id)}`, { method: 'DELETE', query: { versao: c.versao } }), [chaves.condicoes], config);

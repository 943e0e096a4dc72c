// The surveys screen's endpoints: the forms (ADMIN manages them), one form, saving a form, and
// answering one for a customer (through the outbox, so it works offline).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { atualizarPesquisa, chavesClientes, criarPesquisa, listarPesquisas } from '../../../entities/cliente/api';
import { colecaoPesquisas } from '../../../entities/pesquisa/colecao';
import { responderPesquisaOp, type ResponderPesquisa } from '../../../entities/pesquisa/operacoes';
import type { AtualizarPesquisaPedido, CriarPesquisaPedido, Pesquisa, RespostaPesquisa } from '../../../lib/api/types';
import { useMutacao } from '../../../lib/query';
import { obterPosicao } from '../../../lib/geo';
import { executar, type Resultado } from '../../../lib/sync/saida';

export { usePesquisa } from '../../../entities/pesquisa/queries';

/** Every form, the inactive ones too (ADMIN). */
export const todasPesquisasQueryOptions = () => queryOptions({ queryKey: chavesClientes.pesquisas(true), queryFn: ({ signal }) => listarPesquisas(true, signal) });

export const useTodasPesquisas = () => useQuery(todasPesquisasQueryOptions());

export type SalvarPesquisa = { nova: CriarPesquisaPedido; id?: undefined } | { id: string; alteracao: AtualizarPesquisaPedido };

const salvarPesquisa = (s: SalvarPesquisa): Promise<Pesquisa> => (s.id === undefined ? criarPesquisa(s.nova) : atualizarPesquisa(s.id, s.alteracao));

/** Saves a form; the device's copy of the active forms catches up. */
export const useSalvarPesquisa = (config: { onSuccess?: (p: Pesquisa) => void; onError?: (err: Error) => void } = {}) =>
  useMutacao(salvarPesquisa, [chavesClientes.todasPesquisas], {
    ...config,
    onSuccess: (p) => {
      void colecaoPesquisas.sincronizar().catch(() => undefined);
      config.onSuccess?.(p);
    },
  });

/**
 * Answers a form for a customer, with where it was answered when the user allows the position
 * within 5 s: kept on the device first (the outbox), sent at once when there is a connection.
 */
export const useResponderPesquisa = (clienteId: string, config: { onSuccess?: (r: Resultado<RespostaPesquisa>) => void; onError?: (err: Error) => void } = {}) =>
  useMutacao(
    async (d: ResponderPesquisa) => {
      const pos = await obterPosicao(5000);
      return executar(responderPesquisaOp, pos ? { ...d, corpo: { ...d.corpo, latitude: pos.latitude, longitude: pos.longitude } } : d);
    },
    [chavesClientes.respostas(clienteId)],
    config,
  );

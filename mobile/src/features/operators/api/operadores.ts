// The operators' administration (ADMIN): list, one, create, update, deactivate and reactivate.
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  atualizarOperador,
  chaves,
  criarOperador,
  desativarOperador,
  listarOperadores,
  obterOperador,
  reativarOperador,
} from '../../../entities/operador/api';
import { operadoresAtivosQueryOptions } from '../../../entities/operador/queries';
import type { AtualizarOperadorPedido, CriarOperadorPedido, ListarOperadoresParametros, Operador } from '../../../lib/api/types';
import { paginas, useMutacao, type QueryConfig } from '../../../lib/query';

type Filtro = Omit<ListarOperadoresParametros, 'page_token'>;

export const listaOperadoresQueryOptions = (p: Filtro) => paginas(chaves.lista(p), (page_token, signal) => listarOperadores({ ...p, page_token }, signal));

export const useListaOperadores = (p: Filtro) => useInfiniteQuery(listaOperadoresQueryOptions(p));

export const operadorQueryOptions = (id: string) => queryOptions({ queryKey: chaves.um(id), queryFn: ({ signal }) => obterOperador(id, signal) });

export const useOperador = (id: string) => useQuery(operadorQueryOptions(id));

/** The active operators a SUPERVISOR's team can be made of. */
export const useCandidatosEquipe = (config: QueryConfig<typeof operadoresAtivosQueryOptions> = {}) => useQuery({ ...operadoresAtivosQueryOptions(), ...config });

export type SalvarOperador = { novo: CriarOperadorPedido; id?: undefined } | { id: string; alteracao: AtualizarOperadorPedido };

function salvarOperador(s: SalvarOperador): Promise<Operador> {
  return s.id === undefined ? criarOperador(s.novo) : atualizarOperador(s.id, s.alteracao);
}

/** A saved operator replaces its cached copy and makes every operator list stale. */
function useGuardarOperador() {
  const qc = useQueryClient();
  return (o: Operador) => qc.setQueryData(chaves.um(o.id), o);
}

export function useSalvarOperador(config: { onSuccess?: (o: Operador) => void; onError?: (err: Error) => void } = {}) {
  const guardar = useGuardarOperador();
  return useMutacao(salvarOperador, [chaves.todos], {
    onError: config.onError,
    onSuccess: (o) => {
      guardar(o);
      config.onSuccess?.(o);
    },
  });
}

export function useAlternarAtivo(config: { onSuccess?: (o: Operador) => void; onError?: (err: Error) => void } = {}) {
  const guardar = useGuardarOperador();
  return useMutacao((o: Operador) => (o.ativo ? desativarOperador(o.id) : reativarOperador(o.id)), [chaves.todos], {
    onError: config.onError,
    onSuccess: (o) => {
      guardar(o);
      config.onSuccess?.(o);
    },
  });
}

// The company's sales regions (ADMIN writes; everyone reads): one region, its cities, and the
// writes, each making the region lists stale.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { atualizarRegiao, chavesEnderecos, cidadesPorIbge, criarRegiao, excluirRegiao, obterRegiao } from '../../../entities/endereco/api';
import type { Regiao } from '../../../lib/api/types';
import { useMutacao } from '../../../lib/query';
import { novoId } from '../../../lib/uuid';

export { useRegioes } from '../../../entities/endereco/queries';

export const regiaoQueryOptions = (id: string) => queryOptions({ queryKey: chavesEnderecos.regiao(id), queryFn: ({ signal }) => obterRegiao(id, signal), staleTime: 0 });

export const useRegiao = (id: string) => useQuery(regiaoQueryOptions(id));

/** The named cities of a region's IBGE codes. */
export const useCidadesDaRegiao = (ibges: readonly string[]) =>
  useQuery({ queryKey: ['cidades', 'ibge', ibges], queryFn: ({ signal }) => cidadesPorIbge(ibges, signal), enabled: ibges.length > 0 });

type Config<V> = { onSuccess?: (r: Regiao, v: V) => void; onError?: (err: Error) => void };

const LISTAS = [chavesEnderecos.regioes];

export const useCriarRegiao = (config: Config<string> = {}) =>
  useMutacao((nome: string) => criarRegiao({ id: novoId(), nome, cidades: [], operadores: [] }), LISTAS, config);

export const useRenomearRegiao = (config: Config<{ r: Regiao; nome: string }> = {}) =>
  useMutacao(({ r, nome }: { r: Regiao; nome: string }) => atualizarRegiao(r.id, { nome, versao: r.versao }), LISTAS, config);

export const useDefinirOperadoresDaRegiao = (config: Config<{ r: Regiao; ids: string[] }> = {}) =>
  useMutacao(({ r, ids }: { r: Regiao; ids: string[] }) => atualizarRegiao(r.id, { operadores: { itens: ids }, versao: r.versao }), LISTAS, config);

export const useExcluirRegiao = (config: Config<Regiao> = {}) => useMutacao((r: Regiao) => excluirRegiao(r.id), LISTAS, config);

/** Replaces a region's cities, on its current version so a change made meanwhile is not lost. */
export function useDefinirCidadesDaRegiao(id: string, config: Config<string[]> = {}) {
  const qc = useQueryClient();
  return useMutacao(
    async (cidades: string[]) => {
      const atual = await obterRegiao(id);
      return atualizarRegiao(id, { cidades: { itens: cidades }, versao: atual.versao });
    },
    LISTAS,
    {
      ...config,
      onSuccess: (r, v) => {
        qc.setQueryData(chavesEnderecos.regiao(id), r);
        config.onSuccess?.(r, v);
      },
    },
  );
}

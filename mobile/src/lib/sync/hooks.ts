// The outbox for screens: a write as a mutation, and one kept item read for its correction.
import { queryOptions, useQuery, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { useMutacao } from '../query';
import { executar, itemDaSaida, type Operacao, type Resultado } from './saida';

/**
 * A write through the outbox as a screen's mutation: kept on the device, sent when it can be,
 * with the queries it makes stale invalidated on success (kept or sent).
 */
export function useExecutar<D, T extends { id: string }>(op: Operacao<D, T>, invalidar: readonly QueryKey[], config: UseMutationOptions<Resultado<T>, Error, D> = {}) {
  return useMutacao((d: D) => executar(op, d), invalidar, config);
}

/** One outbox item (a refused change opened to be corrected); null once it left the outbox. */
export const itemDaSaidaQueryOptions = (seq: number) => queryOptions({ queryKey: ['saida', seq], queryFn: () => itemDaSaida(seq).then((it) => it ?? null), gcTime: 0 });

export const useItemDaSaida = (seq: number) => useQuery(itemDaSaidaQueryOptions(seq));

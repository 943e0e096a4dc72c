import { infiniteQueryOptions, QueryClient, useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { aoApagarDados } from './device-db';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      // Offline, a call fails at once (the screens then show the device copy or an error with
      // "Tentar novamente") instead of waiting paused for the connection.
      networkMode: 'always',
    },
    // A write offline fails at once too: a new customer goes to the device's queue, others say so.
    mutations: { networkMode: 'always' },
  },
});

aoApagarDados(() => queryClient.clear());

// Each endpoint a screen uses is declared once, bulletproof-react's way: a `…QueryOptions`
// (key + fetch, for useQuery, prefetching and invalidation) and a `use…` hook that takes these
// configs for whatever a screen adds (enabled, staleTime, onSuccess…).
export type QueryConfig<F extends (...args: any[]) => unknown> = Omit<ReturnType<F>, 'queryKey' | 'queryFn'>;
export type MutationConfig<F extends (...args: any[]) => Promise<unknown>> = UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F>[0]>;

/**
 * A write's hook: `mutationFn` with the queries it makes stale invalidated on success (the one
 * place that rule lives), then whatever the screen adds in `config`.
 */
export function useMutacao<V, T>(mutationFn: (v: V) => Promise<T>, invalidar: readonly QueryKey[], config: UseMutationOptions<T, Error, V> = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...resto } = config;
  return useMutation<T, Error, V>({
    ...resto,
    mutationFn,
    onSuccess: (...args) => {
      for (const queryKey of invalidar) void qc.invalidateQueries({ queryKey });
      return onSuccess?.(...args);
    },
  });
}

/**
 * A paged list (the API's `page_size` / `page_token` / `next_page_token`) as infinite-query
 * options: the one place the app follows the server's pages.
 */
export function paginas<R extends { next_page_token: string }, K extends QueryKey>(queryKey: K, buscar: (pageToken: string | undefined, signal: AbortSignal) => Promise<R>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => buscar(pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (ultima: R) => ultima.next_page_token || undefined,
  });
}

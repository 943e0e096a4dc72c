import { QueryClient } from '@tanstack/react-query';
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

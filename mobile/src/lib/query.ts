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
    },
  },
});

aoApagarDados(() => queryClient.clear());

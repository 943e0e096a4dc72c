import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query';

/**
 * Server state (TanStack Query) for the screens that read the API. It wraps those screens
 * rather than the whole app so the sign-in screens do not download it.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

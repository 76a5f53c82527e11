import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleError } from './handle-error';

/** Set `meta: { handlesErrors: true }` on a query or mutation that shows its own error. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) handleError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not improve by asking again; a dropped network might.
        retry: (count, error) => count < 2 && !(error instanceof Error && error.name === 'ApiError'),
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportFailedCall } from './error-reporting';
import { handleError } from './handle-error';
import { noteServerAnswer } from './server-status';

/**
 * Set `meta: { handlesErrors: true }` on a query or mutation that shows its own error, and
 * `notReported: true` on one whose failures are not sent to error reporting (the public
 * country list).
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean; notReported?: boolean };
    mutationMeta: { handlesErrors?: boolean; notReported?: boolean };
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onSuccess: () => noteServerAnswer(),
      onError: (error, query) => {
        noteServerAnswer(error);
        reportFailedCall(error, { kind: 'query', key: query.queryKey, notReported: query.meta?.notReported });
        if (!query.meta?.handlesErrors) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportFailedCall(error, {
          kind: 'mutation',
          key: mutation.options.mutationKey,
          notReported: mutation.meta?.notReported,
        });
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

import { MutationCache, QueryClient } from '@tanstack/react-query';
import { refreshAfterMutation } from './invalidate';

/**
 * docs/product.md#states-and-transitions: no refetch on window focus, no retry. A mutation keyed by the
 * path it writes refreshes the reads `invalidate.ts` names for that path, once it settles.
 */
export function createAppQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) =>
        refreshAfterMutation(queryClient, mutation.options.mutationKey, 'success'),
      onError: (_error, _variables, _context, mutation) =>
        refreshAfterMutation(queryClient, mutation.options.mutationKey, 'error'),
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

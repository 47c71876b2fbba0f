import { MutationCache, type MutationKey, QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md#states-and-transitions: no refetch on window focus, no retry. A mutation keyed by the
 * path it writes refreshes the reads `invalidate.ts` names for that path, once it settles.
 */
export function createAppQueryClient(): QueryClient {
  // The refresh table is read when a mutation settles, not at boot: a page that writes has it already
  // (its `callMutation` comes from the same module), and /login writes nothing.
  const refresh = (key: MutationKey | undefined, outcome: 'success' | 'error') =>
    import('./invalidate').then((module) => module.refreshAfterMutation(queryClient, key, outcome));
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => refresh(mutation.options.mutationKey, 'success'),
      onError: (_error, _variables, _context, mutation) => refresh(mutation.options.mutationKey, 'error'),
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

import { QueryClient } from '@tanstack/react-query';

/** docs/product.md#states-and-transitions: no refetch on window focus, no retry. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

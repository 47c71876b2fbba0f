import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 4: no refetch on window focus, no retry. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

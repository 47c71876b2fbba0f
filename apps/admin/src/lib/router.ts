import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { createAppApiClient } from './api-client';
import { createAppQueryClient } from './query-client';
import { parseSearch, stringifySearch } from './search';

/** The router, its query client and its API client, wired together. */
export function createAppRouter() {
  const queryClient = createAppQueryClient();
  // The client navigates through the router (401/403/500); the router carries the client in its
  // context. The client calls `navigate` only after both exist.
  const api = createAppApiClient((href) => void router.navigate({ href, replace: true }));
  const router = createRouter({
    routeTree,
    context: { queryClient, api },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // Loaders read through the query cache, which decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    notFoundMode: 'root',
  });
  return { router, queryClient, api };
}

export type AppRouter = ReturnType<typeof createAppRouter>['router'];

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

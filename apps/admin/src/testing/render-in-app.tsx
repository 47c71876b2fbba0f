import { tokenStorage } from '@consign/shell';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import { createAppApiClient } from '../lib/api-client';
import { AppProviders } from '../lib/app-providers';
import { createAppQueryClient } from '../lib/query-client';
import type { RouterContext } from '../lib/router-context';
import { type FakeServer, type Handlers, startFakeServer } from './fake-server';

/**
 * Renders `Subject` as a page of the app would sit: the app's query client (its refresh after each
 * write, lib/invalidate.ts), its API client (signed calls, answers checked against the contract), its
 * providers (the shell's session, the toasts) and a router whose context carries both, as main.tsx
 * wires them. The API is the fake of `handlers` (fake-server.ts); a signed-in user's token is stored.
 */
export async function renderInApp(Subject: () => ReactNode, handlers: Handlers) {
  const server: FakeServer = startFakeServer(handlers);
  tokenStorage.set('component-test-token');
  const queryClient = createAppQueryClient();
  const api = createAppApiClient((href) => void router.navigate({ href, replace: true }));
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Subject });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient, api },
  });
  const screen = await render(
    <QueryClientProvider client={queryClient}>
      <AppProviders api={api}>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { screen, server, queryClient };
}

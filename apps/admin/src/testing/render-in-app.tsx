import { tokenStorage } from '@consign/shell';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import { createAppApiClient } from '../lib/api-client';
import { AppProviders } from '../lib/app-providers';
import { createAppQueryClient } from '../lib/query-client';
import type { RouterContext } from '../lib/router-context';
import { parseSearch, stringifySearch } from '../lib/search';
import { type FakeServer, type Handlers, startFakeServer } from './fake-server';

/**
 * Renders the route tree `tree` (built on the root route it is given) at `url` as main.tsx wires the
 * app: the app's query client (its refresh after each write, lib/invalidate.ts), its API client
 * (signed calls, answers checked against the contract), its providers (the shell's session, the
 * toasts) and a router whose context carries both and reads the address as the app does
 * (lib/search.ts). The API is the fake of `handlers` (fake-server.ts); a signed-in user's token is
 * stored.
 */
async function mount(
  tree: (root: ReturnType<ReturnType<typeof createRootRouteWithContext<RouterContext>>>) => AnyRoute,
  url: string,
  handlers: Handlers,
) {
  const server: FakeServer = startFakeServer(handlers);
  tokenStorage.set('component-test-token');
  const queryClient = createAppQueryClient();
  const api = createAppApiClient((href) => void router.navigate({ href, replace: true }));
  const router = createRouter({
    routeTree: tree(createRootRouteWithContext<RouterContext>()({ component: Outlet })),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient, api },
    parseSearch,
    stringifySearch,
  });
  const screen = await render(
    <QueryClientProvider client={queryClient}>
      <AppProviders api={api}>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { screen, server, queryClient, router };
}

/** Renders `Subject` as a page of the app would sit (see `mount`), at `/`. */
export function renderInApp(Subject: () => ReactNode, handlers: Handlers) {
  return mount(
    (root) => root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Subject })]),
    '/',
    handlers,
  );
}

/**
 * Renders a page's own route (its `validateSearch`, loader and component, as `routes/` declares them)
 * under its id, e.g. `/_authed/order/index` or `/_authed/shop/goods/` (the page reads its address through `getRouteApi(id)`),
 * opened at `url`. The layouts above it are bare (no shell, no guard): the page is what is tested.
 */
export function renderRouteInApp(
  id: `/${string}`,
  // biome-ignore lint/suspicious/noExplicitAny: any file route of routes/, whatever its search and loader
  route: { options: any },
  url: string,
  handlers: Handlers,
) {
  return mount(
    (root) => {
      // Each level holds the next: root > _authed (a layout: an id, no path) > order > index.
      const segments = id.split('/').slice(1);
      const leaf = segments.pop() ?? '';
      let parent: AnyRoute = root;
      for (const segment of segments) {
        const above = parent;
        parent = segment.startsWith('_')
          ? createRoute({ getParentRoute: () => above, id: segment })
          : createRoute({ getParentRoute: () => above, path: segment });
        above.addChildren([parent]);
      }
      const above = parent;
      // An index route's id ends in `/` (`/_authed/shop/goods/`): its path is `/`.
      above.addChildren([createRoute({ ...route.options, getParentRoute: () => above, path: leaf || '/' })]);
      return root;
    },
    url,
    handlers,
  );
}

import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { Devtools } from '../lib/devtools';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Loaded when needed: no page's first paint carries the error pages (the root route is not split).
  notFoundComponent: lazyRouteComponent(() => import('../features/errors/not-found-page'), 'NotFoundPage'),
  errorComponent: lazyRouteComponent(() => import('../features/errors/root-error-page'), 'RootErrorPage'),
});

function Root() {
  return (
    <>
      <Outlet />
      <Devtools />
    </>
  );
}

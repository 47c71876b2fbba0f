import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { RootErrorPage } from '../features/errors/root-error-page';
import { Devtools } from '../lib/devtools';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // The 404 page (and its illustration) loads when an address matches nothing, not in every visit's entry.
  notFoundComponent: lazyRouteComponent(() => import('../features/errors/not-found-page'), 'NotFoundPage'),
  errorComponent: RootErrorPage,
});

function Root() {
  return (
    <>
      <Outlet />
      <Devtools />
    </>
  );
}

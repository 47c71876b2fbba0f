import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RootErrorPage } from '../features/errors/root-error-page';
import { Devtools } from '../lib/devtools';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
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

import { currentUserQuery } from '@consign/api-client/query';
import { tokenStorage } from '@consign/shell';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthedLayout } from '../features/layout/authed-layout';

/**
 * The authenticated shell (sidebar, header, breadcrumb, footer). Without a stored token the visitor
 * goes to the login page, which brings them back here (path and query) after signing in.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ location, context: { queryClient, api } }) => {
    if (!tokenStorage.get()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    // Start loading the current user now, beside the shell's chunk, but never wait for it: the shell
    // shows its spinner until the user has loaded.
    void queryClient.prefetchQuery(currentUserQuery(api));
  },
  component: AuthedLayout,
});

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import * as React from 'react';
import { PathLink } from '../lib/router-link';
import { useShell } from '../session/shell-provider';
import type { LoginNavigation } from './login-navigation';

/**
 * The login form's navigation inside a TanStack Router app: the router's parsed search, a client-side
 * navigation (replacing the login entry) and router links. Leaving also drops any cached current user,
 * from an earlier session or a failed 401 call, so that the next page never shows it.
 */
export function useRouterLoginNavigation(): LoginNavigation {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { queries } = useShell();
  const userKey = queries.currentUser.queryKey;
  return React.useMemo<LoginNavigation>(
    () => ({
      redirectParam: () => (router.state.location.search as Record<string, unknown>).redirect,
      leave: (target) => {
        queryClient.removeQueries({ queryKey: userKey });
        void router.navigate({ href: target, replace: true });
      },
      Link: PathLink,
    }),
    [router, queryClient, userKey],
  );
}

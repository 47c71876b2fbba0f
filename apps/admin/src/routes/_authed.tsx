import { currentUserQuery } from '@consign/api-client/query';
import { tokenStorage } from '@consign/shell';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useLive } from '../common/use-live';
import { TopUpProvider } from '../features/balance/top-up';
import { AuthedLayout } from '../features/layout/authed-layout';
import { accessRulesOf, mayOpen } from '../lib/access';

/**
 * The authenticated shell (sidebar, header, breadcrumb, footer). Without a stored token the visitor
 * goes to the login page, which brings them back here (path and query) after signing in. A page whose
 * matched routes declare an access rule in their `staticData` (lib/access.ts: a permission, or the
 * admin role) waits for the current user and sends a visitor without it to `/403`; the other pages
 * never wait for the user (the shell shows its spinner).
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location, matches, context: { queryClient, api } }) => {
    if (!tokenStorage.get()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    const userQuery = currentUserQuery(api);
    const rules = accessRulesOf(matches);
    if (rules.length === 0) {
      // Start loading the current user now, beside the shell's chunk, but never wait for it.
      void queryClient.prefetchQuery(userQuery);
      return;
    }
    // A failed call (a 401 already went to the login page) is left to the page and the API.
    const user = await queryClient
      .ensureQueryData({ ...userQuery, revalidateIfStale: true })
      .catch(() => null);
    if (user && !mayOpen(user, rules)) throw redirect({ to: '/403', replace: true });
  },
  component: SignedIn,
});

/** The signed-in frame with the header's 充值 dialog (a balance part: composed here, not in the layout). */
function SignedIn() {
  // 代发订单, 售后订单 and the bell update as changes happen (docs/design.md#live-pages).
  useLive();
  return (
    <TopUpProvider>
      <AuthedLayout />
    </TopUpProvider>
  );
}

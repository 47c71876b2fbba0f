import { AuthenticatedShell, useRouteTitle } from '@consign/shell';
import { Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { PageTitleContext } from '../../common/page-title';
import { useOpenTopUp } from '../../common/top-up-context';
import { useMenu } from '../../lib/menu';
import { helpOf } from '../../lib/page-help';
import { useNotificationBell } from './use-notification-bell';

/**
 * The authenticated shell around every business page: a spinner until the current user has loaded,
 * then sidebar (the app's menu, filtered by role and the routes' permissions), header, breadcrumb and
 * footer; the header's bell shows the account's notifications (use-notification-bell.ts), 帮助 opens
 * 帮助中心 at the article of the page on screen (its route's `staticData.help`, lib/page-help.ts), the
 * user menu's 用户中心 the user's own page, 充值 the top-up dialog (balance/top-up.tsx, whose provider
 * the `_authed` route puts around this layout).
 */
export function AuthedLayout() {
  const navigate = useNavigate();
  const help = useMatches({ select: helpOf });
  return (
    <AuthenticatedShell
      menu={useMenu()}
      notifications={useNotificationBell()}
      onHelp={() => void navigate({ to: '/dashboard/help', hash: help })}
      onUserCenter={() => void navigate({ to: '/account' })}
      onTopUp={useOpenTopUp()}
    >
      <PageTitleContext.Provider value={useRouteTitle() ?? ''}>
        <Outlet />
      </PageTitleContext.Provider>
    </AuthenticatedShell>
  );
}

import { AuthenticatedShell } from '@consign/shell';
import { Outlet } from '@tanstack/react-router';
import { useMenu } from '../../lib/menu';
import { useNotificationBell } from './use-notification-bell';

/**
 * The authenticated shell around every business page: a spinner until the current user has loaded,
 * then sidebar (the app's menu, filtered by role and the routes' permissions), header, breadcrumb and
 * footer; the header's bell shows the account's notifications (use-notification-bell.ts).
 */
export function AuthedLayout() {
  return (
    <AuthenticatedShell menu={useMenu()} notifications={useNotificationBell()}>
      <Outlet />
    </AuthenticatedShell>
  );
}

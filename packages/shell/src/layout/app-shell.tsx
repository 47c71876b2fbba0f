import { type CompanyConfig, type CurrentUser, roleOf } from '@consign/api-client';
import { cn, useIsMobile } from '@consign/ui';
import { useRouterState } from '@tanstack/react-router';
import * as React from 'react';
import { filterMenuByRole, type MenuItem } from '../menu/filter-menu';
import { useShellStore } from '../store/shell-store';
import { DocumentTitle } from '../title/use-document-title';
import { ContentErrorBoundary } from './content-error-boundary';
import type { ShellNotifications } from './notification-bell';
import { ShellBreadcrumb } from './shell-breadcrumb';
import { ShellFooter } from './shell-footer';
import { ShellHeader } from './shell-header';
import { ShellSidebar } from './shell-sidebar';

export type AppShellProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The whole menu; the shell filters it by the user's role and permissions. */
  menu: MenuItem[];
  /** The signed-in user; undefined when its call failed (the role is then `user`, with no permissions). */
  user: CurrentUser | undefined;
  /** Branding: logo, short name (document title), footer. */
  config?: CompanyConfig | undefined;
  onLogout(): void;
  /** The user menu's 用户中心 (absent: the menu offers only 退出登录). */
  onUserCenter?: (() => void) | undefined;
  onTopUp?: (() => void) | undefined;
  onHelp?: (() => void) | undefined;
  onNotifications?: (() => void) | undefined;
  /** The header bell's data (unread count, latest notifications, what a click does). */
  notifications?: ShellNotifications | undefined;
  /** Called with an error a page threw while rendering (the shell shows a panel in its place). */
  onPageError?: ((error: unknown, info: React.ErrorInfo) => void) | undefined;
  /** Freeze the header clock (stories, screenshots). */
  clockNow?: Date | undefined;
  /** The page: usually the router's `<Outlet />`. */
  children?: React.ReactNode;
};

/**
 * The authenticated layout: sidebar (role-filtered menu), header, breadcrumb, the page in a `<main>`
 * with its own error boundary, and the company footer. Data comes in as props; see
 * `AuthenticatedShell` for the version wired to the session.
 */
export function AppShell({
  menu,
  user,
  config,
  onLogout,
  onUserCenter,
  onTopUp,
  onHelp,
  onNotifications,
  notifications,
  onPageError,
  clockNow,
  className,
  children,
  ...props
}: AppShellProps) {
  const role = roleOf(user);
  const permissions = user?.permissions;
  const items = React.useMemo(() => filterMenuByRole(menu, role, permissions), [menu, role, permissions]);
  // Below MOBILE_BREAKPOINT the sidebar is a drawer: the header's toggle opens it instead of collapsing the rail.
  const narrow = useIsMobile();
  const collapsed = useShellStore((state) => state.collapsed);
  const drawerOpen = useShellStore((state) => state.drawerOpen);
  const toggleCollapsed = useShellStore((state) => state.toggleCollapsed);
  const setDrawerOpen = useShellStore((state) => state.setDrawerOpen);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The page shown is the resolved one: a page error is cleared once the next page has loaded (clearing it
  // on the pending location would re-render the failing page, which would fail again).
  const shownPathname = useRouterState({
    select: (state) => state.resolvedLocation?.pathname ?? state.location.pathname,
  });

  // A navigation closes the drawer (and, through resetKey below, clears a page error).
  const shownPath = React.useRef(pathname);
  React.useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setDrawerOpen(false);
  }, [pathname, setDrawerOpen]);

  const menuHidden = narrow ? !drawerOpen : collapsed;
  const toggleMenu = () => (narrow ? setDrawerOpen(!drawerOpen) : toggleCollapsed());

  return (
    <div
      data-slot="app-shell"
      data-layout={narrow ? 'narrow' : 'wide'}
      className={cn('flex h-screen overflow-hidden bg-background text-foreground', className)}
      {...props}
    >
      <DocumentTitle shortName={config?.short_name} />
      <ShellSidebar items={items} pathname={pathname} config={config} />
      <div className="flex min-w-0 flex-1 flex-col">
        <ShellHeader
          user={user}
          menuHidden={menuHidden}
          onToggleMenu={toggleMenu}
          onLogout={onLogout}
          onUserCenter={onUserCenter}
          onTopUp={onTopUp}
          onHelp={onHelp}
          onNotifications={onNotifications}
          notifications={notifications}
          clockNow={clockNow}
        />
        <div data-slot="content-scroll" className="flex min-h-0 flex-1 flex-col overflow-auto">
          <ShellBreadcrumb />
          <main data-slot="content" className="flex-1 p-4 md:p-6">
            <ContentErrorBoundary resetKey={shownPathname} onError={onPageError}>
              {children}
            </ContentErrorBoundary>
          </main>
          <ShellFooter config={config} />
        </div>
      </div>
    </div>
  );
}

import type * as React from 'react';
import type { MenuItem } from '../menu/filter-menu';
import { SessionGate } from '../session/session-gate';
import { useLogout } from '../session/use-logout';
import { useCompanyConfig, useCurrentUser } from '../session/use-session';
import { AppShell, type AppShellProps } from './app-shell';

export type AuthenticatedShellProps = Omit<AppShellProps, 'user' | 'config' | 'onLogout'> & {
  menu: MenuItem[];
  /** Override the logout (default: `useLogout()`). */
  onLogout?: () => void;
};

function ConnectedShell({ onLogout, ...props }: AuthenticatedShellProps) {
  const user = useCurrentUser();
  const config = useCompanyConfig();
  const logout = useLogout();
  return <AppShell user={user} config={config} onLogout={onLogout ?? (() => void logout())} {...props} />;
}

/**
 * `SessionGate` + `AppShell` wired to the ShellProvider's queries: a spinner until the current user
 * has loaded, then the layout with the user, the company config and the logout.
 */
export function AuthenticatedShell(props: AuthenticatedShellProps): React.ReactNode {
  return (
    <SessionGate>
      <ConnectedShell {...props} />
    </SessionGate>
  );
}

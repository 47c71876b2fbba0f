import type { CurrentUser } from '@consign/api-client';
import { Spinner } from '@consign/ui';
import type * as React from 'react';
import { useEffect } from 'react';
import { shellCopy } from '../copy';
import { getShellStore } from '../store/shell-store';
import { useCompanyConfig, useCurrentUserQuery } from './use-session';

export interface SessionGateProps {
  /** The authenticated layout; a function receives the user (undefined when its call failed). */
  children: React.ReactNode | ((user: CurrentUser | undefined) => React.ReactNode);
  /** What shows while the current user loads; default: a centred spinner. */
  fallback?: React.ReactNode;
}

/**
 * Loads the current user and shows a spinner until it has. Once it has, the company config loads
 * and `hasDeviceAPI` is set. A failed call is ignored: the children render without a user (the
 * client's 401 handling sends the visitor to the login page).
 */
export function SessionGate({ children, fallback }: SessionGateProps) {
  const user = useCurrentUserQuery();
  useCompanyConfig();
  useEffect(() => {
    if (user.isSuccess) getShellStore().getState().detectDeviceAPI();
  }, [user.isSuccess]);

  // Only the first load shows the spinner; once the call has answered (data or error) the layout stays.
  if (user.isPending && !user.isFetched) {
    return (
      fallback ?? (
        <div data-slot="session-gate" className="flex min-h-screen items-center justify-center">
          <Spinner size="lg" label={shellCopy.loading} />
        </div>
      )
    );
  }
  return <>{typeof children === 'function' ? children(user.data) : children}</>;
}

import type { ApiClient } from '@consign/api-client';
import { companyConfigQuery, currentUserQuery } from '@consign/api-client/query';
import { ShellProvider } from '@consign/shell';
import { ToastHost } from '@consign/ui';
import type * as React from 'react';
import { useMemo } from 'react';
import { captcha } from './shell-deps';

/**
 * What every page of the app sits in: the shell's data sources (the app's own queries, so that the
 * shell, the loaders and the pages share one cache entry per call) and the one Toaster.
 */
export function AppProviders({ api, children }: { api: ApiClient; children: React.ReactNode }) {
  const queries = useMemo(
    () => ({ currentUser: currentUserQuery(api), companyConfig: companyConfigQuery(api) }),
    [api],
  );
  return (
    <ShellProvider api={api} queries={queries} captcha={captcha}>
      {children}
      <ToastHost />
    </ShellProvider>
  );
}

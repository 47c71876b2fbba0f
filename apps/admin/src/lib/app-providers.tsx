import { companyConfigQuery, currentUserQuery } from '@consign/api-client/query';
import { ShellProvider } from '@consign/shell';
import type * as React from 'react';
import { lazy, Suspense, useMemo } from 'react';
import type { AppApi } from './api';

// sonner's Toaster is not needed to paint: it loads beside the first render (toasts come later).
const Toaster = lazy(() => import('@consign/ui/components/toaster').then((m) => ({ default: m.Toaster })));

/**
 * What every page sits in: the shell's data sources (the app's own queries, so that the shell, the
 * loaders and the pages share one cache entry per call) and the one Toaster.
 */
export function AppProviders({ api, children }: { api: AppApi; children: React.ReactNode }) {
  const queries = useMemo(
    () => ({ currentUser: currentUserQuery(api), companyConfig: companyConfigQuery(api) }),
    [api],
  );
  return (
    <ShellProvider api={api} queries={queries}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ShellProvider>
  );
}

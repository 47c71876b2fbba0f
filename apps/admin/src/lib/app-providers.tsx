import { companyConfigQuery, currentUserQuery } from '@consign/api-client/query';
import { captchaFromAppId, devCaptcha, ShellProvider } from '@consign/shell';
import type * as React from 'react';
import { lazy, Suspense, useMemo } from 'react';
import type { AppApi } from './api';

// sonner's Toaster is not needed to paint: it loads beside the first render (toasts come later).
const Toaster = lazy(() => import('@consign/ui/components/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The captcha before an SMS code is sent: Tencent's when `VITE_CAPTCHA_APP_ID` is set at build time
 * (its script loads only when someone asks for a code), else the dev captcha (no third party).
 */
const captcha = captchaFromAppId(import.meta.env.VITE_CAPTCHA_APP_ID, devCaptcha);

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
    <ShellProvider api={api} queries={queries} captcha={captcha}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ShellProvider>
  );
}

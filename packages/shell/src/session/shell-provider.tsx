import type { CompanyConfig, CurrentUser } from '@consign/api-client';
import { apiKey, SESSION_STALE_TIME } from '@consign/api-client/query';
import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import * as React from 'react';
import { type CaptchaProvider, devCaptcha } from '../login/captcha/captcha-provider';
import type { ShellApi } from './shell-api';

/** A TanStack Query definition the shell runs (e.g. `currentUserQuery(api)` from `@consign/api-client/query`). */
// biome-ignore lint/suspicious/noExplicitAny: any query key shape the app chose (query functions are contravariant in it)
export type ShellQuery<T> = UseQueryOptions<T, Error, T, any>;

export interface ShellQueries {
  currentUser: ShellQuery<CurrentUser>;
  companyConfig: ShellQuery<CompanyConfig>;
}

export interface ShellContextValue {
  api: ShellApi;
  queries: ShellQueries;
  captcha: CaptchaProvider;
}

/**
 * The shell's own queries when the app passes none: the same keys as `currentUserQuery(api)` and
 * `companyConfigQuery(api)` of `@consign/api-client/query`, so they share the app's cache entries.
 * Errors are silent: the shell ignores them.
 */
export function defaultShellQueries(api: ShellApi): ShellQueries {
  return {
    currentUser: queryOptions({
      queryKey: apiKey('/api/user/info', {}),
      queryFn: ({ signal }) => api.call('/api/user/info', {}, { silent: true, signal }),
      staleTime: SESSION_STALE_TIME,
    }),
    companyConfig: queryOptions({
      queryKey: apiKey('/api/default/config', {}),
      queryFn: ({ signal }) => api.call('/api/default/config', {}, { silent: true, signal }),
      staleTime: SESSION_STALE_TIME,
    }),
  };
}

const ShellContext = React.createContext<ShellContextValue | null>(null);

export interface ShellProviderProps {
  /** The API client (or any object with the calls of {@link ShellApi}). */
  api: ShellApi;
  /** The app's query definitions, so that the shell and the app share one cache entry per call. */
  queries?: Partial<ShellQueries>;
  /** The captcha run before an SMS code is sent; default: the dev captcha. */
  captcha?: CaptchaProvider;
  children?: React.ReactNode;
}

/**
 * Hands the shell its data sources. Place it inside the app's `QueryClientProvider` and around the
 * router (or inside the root route).
 */
export function ShellProvider({ api, queries, captcha = devCaptcha, children }: ShellProviderProps) {
  const currentUser = queries?.currentUser;
  const companyConfig = queries?.companyConfig;
  const value = React.useMemo<ShellContextValue>(() => {
    const defaults = defaultShellQueries(api);
    return {
      api,
      captcha,
      queries: {
        currentUser: currentUser ?? defaults.currentUser,
        companyConfig: companyConfig ?? defaults.companyConfig,
      },
    };
  }, [api, captcha, currentUser, companyConfig]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** The shell's data sources; throws outside a {@link ShellProvider}. */
export function useShell(): ShellContextValue {
  const value = React.useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <ShellProvider>');
  return value;
}

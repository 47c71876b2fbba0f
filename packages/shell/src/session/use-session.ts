import { type CompanyConfig, type CurrentUser, type Role, roleOf } from '@consign/api-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { initialCompanyConfig, writeCachedCompanyConfig } from './company-config-cache';
import { useShell } from './shell-provider';

/**
 * The current-user query (shared cache entry with the app when it passed its own query). A failed call
 * is not retried when another component mounts: that would put the query back to `pending` and the
 * session gate back to its spinner, over and over.
 */
export function useCurrentUserQuery() {
  const { queries } = useShell();
  return useQuery({ ...queries.currentUser, retryOnMount: false });
}

/**
 * The company-config query. It paints at once from the config the server embedded in the page (fresh)
 * or else from localStorage `companyConfig` (treated as stale, so it is refetched when enabled), and
 * writes every fetched config back there.
 */
export function useCompanyConfigQuery(enabled = true) {
  const { queries } = useShell();
  // Read once per component; only the first read creates the cache entry (later ones are ignored).
  const [initial] = useState(initialCompanyConfig);
  const query = useQuery({
    ...queries.companyConfig,
    enabled,
    initialData: initial.config,
    initialDataUpdatedAt: initial.updatedAt,
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (data && dataUpdatedAt > 0) writeCachedCompanyConfig(data);
  }, [data, dataUpdatedAt]);
  return query;
}

/** The signed-in user once loaded; undefined while loading or when the call failed. */
export function useCurrentUser(): CurrentUser | undefined {
  return useCurrentUserQuery().data;
}

/**
 * The company config: the cached copy at first, then the fresh one. It is fetched once the current
 * user has loaded (docs/product.md#states-and-transitions).
 */
export function useCompanyConfig(): CompanyConfig | undefined {
  const userLoaded = useCurrentUserQuery().isSuccess;
  return useCompanyConfigQuery(userLoaded).data;
}

/** `admin` when the current user has `is_manage`, otherwise (also while loading) `user`. */
export function useRole(): Role {
  return roleOf(useCurrentUser());
}

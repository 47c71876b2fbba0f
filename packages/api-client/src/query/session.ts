// The two reads every page of the shell makes, apart from the list factories (`lists.ts`): a
// module ships whole, and no page's first paint needs the lists.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.js';
import { queryKeys, SESSION_STALE_TIME } from './keys.js';

/** The signed-in user. Failures are silent (no toast); a 401 still reaches `onUnauthorized`. */
export function currentUserQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => api.user.info({}, { silent: true, signal }),
    staleTime: SESSION_STALE_TIME,
  });
}

/** The public company config (branding, footer, banners). Failures are silent. */
export function companyConfigQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.companyConfig,
    queryFn: ({ signal }) => api.config.get({ silent: true, signal }),
    staleTime: SESSION_STALE_TIME,
  });
}

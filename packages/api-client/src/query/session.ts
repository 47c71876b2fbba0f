// The two reads every page of the shell makes, apart from `apiQuery` (`call-query.ts`): a module
// ships whole, and no page's first paint needs more.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.js';
import { apiKey, SESSION_STALE_TIME } from './keys.js';

/** The signed-in user. Failures are silent (no toast); a 401 still reaches `onUnauthorized`. */
export function currentUserQuery(api: Pick<ApiClient, 'call'>) {
  return queryOptions({
    queryKey: apiKey('/api/user/info', {}),
    queryFn: ({ signal }) => api.call('/api/user/info', {}, { silent: true, signal }),
    staleTime: SESSION_STALE_TIME,
  });
}

/** The public company config (branding, footer, banners). Failures are silent. */
export function companyConfigQuery(api: Pick<ApiClient, 'call'>) {
  return queryOptions({
    queryKey: apiKey('/api/default/config', {}),
    queryFn: ({ signal }) => api.call('/api/default/config', {}, { silent: true, signal }),
    staleTime: SESSION_STALE_TIME,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient, CallArgs, CallOptions } from '../client.js';
import type { ApiPath } from '../contract/routes.js';
import { apiKey, compactParams } from './keys.js';

/**
 * The query of one read of the contract: key `apiKey(path, body, query)`, the call with TanStack's
 * abort `signal`. `useQuery(apiQuery(api, '/api/order/detail', { id }))`; spread it to add options
 * (`{ ...apiQuery(...), enabled: id > 0 }`).
 */
export function apiQuery<P extends ApiPath>(
  api: Pick<ApiClient, 'call'>,
  path: P,
  ...[body, options]: CallArgs<P>
) {
  const params = compactParams((body ?? {}) as object);
  const query = (options as { query?: object } | undefined)?.query;
  return queryOptions({
    queryKey: apiKey(path, params, query),
    queryFn: ({ signal }) =>
      api.call(path, ...([params, { ...(options as CallOptions), signal }] as unknown as CallArgs<P>)),
  });
}

/** A page of a list: {@link apiQuery}, keeping the previous page on screen while the next loads. */
export function listQuery<P extends ApiPath>(api: Pick<ApiClient, 'call'>, path: P, ...args: CallArgs<P>) {
  return queryOptions({ ...apiQuery(api, path, ...args), placeholderData: keepPreviousData });
}

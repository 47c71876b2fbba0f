import type { ApiPath } from '../contract/routes.js';

/** How long the current user and the company config stay fresh (they change rarely). */
export const SESSION_STALE_TIME = 5 * 60_000;

/**
 * Drops the filters that say "no filter" (`''`, `null`, `undefined`) so that `{ status: '' }` and `{}`
 * share one cache entry and send the same body.
 */
export function compactParams<T extends object>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== '' && value !== null && value !== undefined) out[key] = value;
  }
  return out as T;
}

/**
 * The cache key of a call: its path, then its body (compacted), then its query when it has one. So
 * every read of a path starts with `[path]`, which is the key that invalidates them all:
 * `queryClient.invalidateQueries({ queryKey: apiKey('/api/order/index') })`.
 */
export function apiKey<P extends ApiPath>(path: P, body?: object, query?: object) {
  if (body === undefined) return [path] as const;
  return (
    query === undefined ? [path, compactParams(body)] : [path, compactParams(body), query]
  ) as readonly [P, ...object[]];
}

/**
 * `@consign/api-client/query`: TanStack Query `queryOptions` for the reads of the contract, keyed by
 * the call (`[path, body]`), so every screen, loader (`queryClient.ensureQueryData`) and invalidation
 * (`apiKey(path)`) shares one cache entry per read. `@tanstack/react-query` is a peer dependency of
 * this entry only.
 */
export { apiQuery, listQuery } from './call-query.js';
export { apiKey, compactParams, SESSION_STALE_TIME } from './keys.js';
export { companyConfigQuery, currentUserQuery } from './session.js';

/**
 * `@consign/api-client/query`: TanStack Query `queryOptions` factories for the reads of the API, so
 * every screen, loader (`queryClient.ensureQueryData`) and invalidation shares one cache key per read.
 * `@tanstack/react-query` is a peer dependency of this entry only.
 */
export { compactParams, queryKeys, SESSION_STALE_TIME } from './keys.js';
export {
  addressListQuery,
  afterSaleDetailQuery,
  afterSaleListQuery,
  blacklistQuery,
  buyerListQuery,
  companyQuery,
  copyRecordListQuery,
  dashboardSummaryQuery,
  exportListQuery,
  goodsDetailQuery,
  goodsListQuery,
  logListQuery,
  memberListQuery,
  orderDetailQuery,
  orderListQuery,
  platformAuthListQuery,
  platformListQuery,
  receiverListQuery,
  roleListQuery,
  sellerListQuery,
  settingQuery,
  shopGroupListQuery,
  shopListQuery,
  userProfileQuery,
} from './lists.js';
export { companyConfigQuery, currentUserQuery } from './session.js';

/**
 * `@consign/api-client/query`: TanStack Query `queryOptions` factories for the reads of the API, so
 * every screen, loader (`queryClient.ensureQueryData`) and invalidation shares one cache key per read.
 * `@tanstack/react-query` is a peer dependency of this entry only.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.js';
import type { CopyRecordListParams } from '../contract/copy.js';
import type { GoodsListParams } from '../contract/goods.js';
import type { AfterSaleListParams, OrderListParams } from '../contract/order.js';
import type { ShopGroupListParams, ShopListParams } from '../contract/shop.js';

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
 * The cache keys. Invalidate a whole area with the prefix keys, e.g.
 * `queryClient.invalidateQueries({ queryKey: queryKeys.goods.all })` after a save.
 */
export const queryKeys = {
  currentUser: ['user', 'info'] as const,
  companyConfig: ['default', 'config'] as const,
  company: ['company', 'index'] as const,
  setting: ['setting', 'index'] as const,
  platforms: ['company', 'platform-list'] as const,
  platformAuths: {
    all: ['company', 'platform-auth-list'] as const,
    list: (platformId: number) => ['company', 'platform-auth-list', platformId] as const,
  },
  orders: {
    all: ['order', 'index'] as const,
    list: (params: OrderListParams) => ['order', 'index', compactParams(params)] as const,
  },
  afterSales: {
    all: ['order', 'after-sale'] as const,
    list: (params: AfterSaleListParams) => ['order', 'after-sale', compactParams(params)] as const,
  },
  shops: {
    all: ['shop', 'index'] as const,
    list: (params: ShopListParams) => ['shop', 'index', compactParams(params)] as const,
  },
  shopGroups: {
    all: ['shop', 'group-index'] as const,
    list: (params: ShopGroupListParams) => ['shop', 'group-index', compactParams(params)] as const,
  },
  goods: {
    all: ['goods'] as const,
    lists: ['goods', 'index'] as const,
    list: (params: GoodsListParams) => ['goods', 'index', compactParams(params)] as const,
    detail: (id: number) => ['goods', 'detail', id] as const,
  },
  copyRecords: {
    all: ['copy', 'index'] as const,
    list: (params: CopyRecordListParams) => ['copy', 'index', compactParams(params)] as const,
  },
} as const;

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

/** The company profile (`/api/company/index`). */
export function companyQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.company,
    queryFn: ({ signal }) => api.company.index({ signal }),
  });
}

/** The dropshipping settings (`/api/setting/index`). */
export function settingQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.setting,
    queryFn: ({ signal }) => api.setting.index({ signal }),
  });
}

/** Every platform (`/api/company/platform-list`). */
export function platformListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.platforms,
    queryFn: ({ signal }) => api.company.platformList({ signal }),
  });
}

/** The authorisations of one platform. */
export function platformAuthListQuery(api: ApiClient, platformId: number) {
  return queryOptions({
    queryKey: queryKeys.platformAuths.list(platformId),
    queryFn: ({ signal }) => api.company.platformAuthList({ platform_id: platformId }, { signal }),
  });
}

/** A page of orders; the previous page stays on screen while the next loads. */
export function orderListQuery(api: ApiClient, params: OrderListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.orders.list(body),
    queryFn: ({ signal }) => api.order.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of after-sale requests. */
export function afterSaleListQuery(api: ApiClient, params: AfterSaleListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.afterSales.list(body),
    queryFn: ({ signal }) => api.order.afterSale(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of shops. */
export function shopListQuery(api: ApiClient, params: ShopListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.shops.list(body),
    queryFn: ({ signal }) => api.shop.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of shop groups. */
export function shopGroupListQuery(api: ApiClient, params: ShopGroupListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.shopGroups.list(body),
    queryFn: ({ signal }) => api.shop.groupIndex(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of goods. */
export function goodsListQuery(api: ApiClient, params: GoodsListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.goods.list(body),
    queryFn: ({ signal }) => api.goods.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One product. Disabled until `id` is a positive integer (a new product has none). */
export function goodsDetailQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: queryKeys.goods.detail(id),
    queryFn: ({ signal }) => api.goods.detail({ id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A page of copy jobs. */
export function copyRecordListQuery(api: ApiClient, params: CopyRecordListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.copyRecords.list(body),
    queryFn: ({ signal }) => api.copy.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

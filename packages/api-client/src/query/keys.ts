import type { BlacklistListParams, BuyerListParams } from '../contract/buyer.js';
import type { CopyRecordListParams } from '../contract/copy.js';
import type { ExportListParams } from '../contract/export.js';
import type { GoodsListParams } from '../contract/goods.js';
import type { LogListParams } from '../contract/log.js';
import type { AfterSaleListParams, OrderListParams, ReceiverListParams } from '../contract/order.js';
import type { ShopGroupListParams, ShopListParams } from '../contract/shop.js';
import type { MemberListParams, RoleListParams, SellerListParams } from '../contract/team.js';

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
  userProfile: ['user', 'profile'] as const,
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
  buyers: {
    all: ['buyer'] as const,
    list: (params: BuyerListParams) => ['buyer', 'index', compactParams(params)] as const,
    blacklist: (params: BlacklistListParams) => ['buyer', 'blacklist-index', compactParams(params)] as const,
  },
  orderDetail: (id: number) => ['order', 'detail', id] as const,
  dashboardSummary: ['dashboard', 'summary'] as const,
  notifications: {
    all: ['notification'] as const,
    unread: ['notification', 'unread-count'] as const,
    latest: ['notification', 'index', 'latest'] as const,
  },
  receivers: {
    all: ['order', 'receivers'] as const,
    list: (params: ReceiverListParams) => ['order', 'receivers', compactParams(params)] as const,
  },
  addresses: ['address', 'index'] as const,
  afterSales: {
    all: ['order', 'after-sale'] as const,
    list: (params: AfterSaleListParams) => ['order', 'after-sale', compactParams(params)] as const,
    detail: (id: number) => ['order', 'after-sale', 'detail', id] as const,
  },
  shops: {
    all: ['shop', 'index'] as const,
    list: (params: ShopListParams) => ['shop', 'index', compactParams(params)] as const,
  },
  /** The platforms 添加店铺 offers. */
  shopPlatforms: ['shop', 'platforms'] as const,
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
  log: {
    all: ['log', 'index'] as const,
    list: (params: LogListParams) => ['log', 'index', compactParams(params)] as const,
  },
  exports: {
    all: ['export', 'index'] as const,
    list: (params: ExportListParams) => ['export', 'index', compactParams(params)] as const,
  },
  copyRecords: {
    all: ['copy', 'index'] as const,
    list: (params: CopyRecordListParams) => ['copy', 'index', compactParams(params)] as const,
  },
  roles: {
    all: ['team', 'role-index'] as const,
    list: (params: RoleListParams) => ['team', 'role-index', compactParams(params)] as const,
  },
  members: {
    all: ['team', 'member-index'] as const,
    list: (params: MemberListParams) => ['team', 'member-index', compactParams(params)] as const,
  },
  sellers: {
    all: ['seller', 'index'] as const,
    list: (params: SellerListParams) => ['seller', 'index', compactParams(params)] as const,
  },
} as const;

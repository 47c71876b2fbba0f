import type { ApiBody, ApiClient, ApiData, ApiPath, CallOptions, LiveTopic } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import type { MutationKey, QueryClient } from '@tanstack/react-query';

/**
 * What each write of the API makes stale: the reads refreshed after it, one entry per area. A write
 * made with {@link callMutation} (or any `useMutation` whose `mutationKey` is `[path]`) is followed by
 * these invalidations by the query client itself (`query-client.ts`), so no component lists them; a
 * write called outside a mutation awaits {@link invalidateAfter}. A write missing here refreshes
 * nothing: `invalidate.test.ts` checks that every write of the contract has an entry.
 */
interface Refresh {
  /** The paths whose reads are stale after the write (`apiKey(path)`: every body of that path). */
  reads: readonly ApiPath[];
  /** Refresh after a failure too: an order step refused with 409 names a state the page must show. */
  onError?: true;
}

/** 订单: a step, a batch, an import or an address correction changes the lists, 工作台 and the buyers. */
const ORDER_CHANGED: Refresh = {
  reads: [
    '/api/order/index',
    '/api/order/status-counts',
    // 异常订单's views: a purchase, a payment, a writeback moves an order in or out of one
    '/api/order/exception-counts',
    '/api/order/detail',
    '/api/order/receivers',
    '/api/dashboard/summary',
    '/api/buyer/index',
    // profit: a purchase's cost changes 利润报表
    '/api/report/profit',
    // balance: a purchase is charged its 代发服务费, a cancellation refunds it
    '/api/balance/summary',
    '/api/balance/entries',
  ],
  onError: true,
};
/** 批量 and 导入: the same reads, after success only (a refused batch keeps its dialog and selection). */
const ORDERS_CHANGED_IN_BULK: Refresh = { reads: ORDER_CHANGED.reads };
/** 售后: an answer changes the after-sale list and 工作台's 售后待处理. */
const AFTER_SALE_CHANGED: Refresh = {
  reads: [
    '/api/order/after-sale',
    '/api/order/after-sale-status-counts',
    '/api/order/after-sale-detail',
    '/api/dashboard/summary',
  ],
  onError: true,
};
/** 黑名单: the buyers, the blacklist and the orders' 黑名单 badge. */
const BLACKLIST_CHANGED: Refresh = {
  reads: [
    '/api/buyer/index',
    '/api/buyer/blacklist-index',
    '/api/order/index',
    '/api/order/status-counts',
    '/api/order/detail',
  ],
};
/** 店铺 and 店铺分组: a group's name shows in the shop list, a shop's group in the group counts. */
const SHOPS_CHANGED: Refresh = { reads: ['/api/shop/index', '/api/shop/group-index'] };
/** 消息通知: the bell's list and its count. */
const NOTIFICATIONS_READ: Refresh = { reads: ['/api/notification/index', '/api/notification/unread-count'] };
/** 权限管理 and 子账号: roles count their members, members show their role, and the user's own rights. */
const TEAM_CHANGED: Refresh = { reads: ['/api/team/role-index', '/api/team/member-index', '/api/user/info'] };

/** profit: 平台扣点 changes every order's 利润 (the lists, the detail, 利润报表). */
const FEE_RATES_CHANGED: Refresh = {
  reads: ['/api/setting/fee-rates', '/api/order/index', '/api/order/detail', '/api/report/profit'],
};

export const REFRESH_AFTER = {
  '/api/setting/fee-rates-save': FEE_RATES_CHANGED,
  '/api/order/purchase': ORDER_CHANGED,
  '/api/order/ship': ORDER_CHANGED,
  '/api/order/complete': ORDER_CHANGED,
  '/api/order/cancel': ORDER_CHANGED,
  '/api/order/address': ORDER_CHANGED,
  '/api/order/batch-purchase': ORDERS_CHANGED_IN_BULK,
  '/api/order/batch-ship': ORDERS_CHANGED_IN_BULK,
  '/api/order/batch-cancel': ORDERS_CHANGED_IN_BULK,
  '/api/order/import-apply': ORDERS_CHANGED_IN_BULK,
  '/api/order/create': ORDERS_CHANGED_IN_BULK,
  '/api/order/import-orders-apply': ORDERS_CHANGED_IN_BULK,
  '/api/order/writeback-retry': ORDER_CHANGED,
  // 查看完整收货信息 changes nothing shown (only the operation log).
  '/api/order/receiver-decrypt': { reads: [] },
  '/api/order/after-sale-refund': AFTER_SALE_CHANGED,
  '/api/order/after-sale-reject': AFTER_SALE_CHANGED,
  '/api/order/after-sale-receive': AFTER_SALE_CHANGED,
  '/api/buyer/blacklist-save': BLACKLIST_CHANGED,
  '/api/buyer/blacklist-del': BLACKLIST_CHANGED,
  '/api/shop/group-save': SHOPS_CHANGED,
  '/api/shop/group-del': SHOPS_CHANGED,
  '/api/shop/move': SHOPS_CHANGED,
  // 发起授权 only answers the platform's page; the callback adds or updates the shop.
  '/api/shop/authorise': { reads: [] },
  '/api/shop/authorise-callback': SHOPS_CHANGED,
  '/api/shop/toggle': SHOPS_CHANGED,
  '/api/shop/sync': { reads: ['/api/shop/index'] },
  '/api/notification/read': NOTIFICATIONS_READ,
  '/api/notification/read-all': NOTIFICATIONS_READ,
  '/api/user/profile-save': { reads: ['/api/user/profile', '/api/user/info'] },
  '/api/user/account-save': { reads: ['/api/user/profile', '/api/seller/index'] },
  '/api/goods/save': { reads: ['/api/goods/index'] },
  // goods: SKUs and 货源 (the page sets the saved detail itself); 平台精选
  '/api/goods/sku-save': { reads: ['/api/goods/index'] },
  '/api/company/featured-save': { reads: ['/api/company/featured-list', '/api/featured/index'] },
  '/api/company/featured-del': { reads: ['/api/company/featured-list', '/api/featured/index'] },
  '/api/copy/create': { reads: ['/api/copy/index'] },
  // 铺货: each shop's listing of the goods
  '/api/goods/publish': { reads: ['/api/goods/listings', '/api/copy/index'] },
  '/api/goods/republish': { reads: ['/api/goods/listings', '/api/copy/index'] },
  '/api/export/create': { reads: ['/api/export/index'] },
  '/api/company/update': { reads: ['/api/company/index', '/api/default/config'] },
  '/api/company/ad-save': { reads: ['/api/default/config'] },
  '/api/company/ad-del': { reads: ['/api/default/config'] },
  '/api/company/platform-save': { reads: ['/api/company/platform-list'] },
  '/api/company/platform-del': { reads: ['/api/company/platform-list', '/api/company/platform-auth-list'] },
  '/api/company/platform-auth-save': { reads: ['/api/company/platform-auth-list'] },
  '/api/company/platform-auth-del': { reads: ['/api/company/platform-auth-list'] },
  '/api/setting/update': { reads: ['/api/setting/index'] },
  // 1688采购账号: 连接 only answers 1688's page; the callback connects the account.
  '/api/supplier/authorise': { reads: [] },
  '/api/supplier/authorise-callback': { reads: ['/api/supplier/account'] },
  '/api/address/save': { reads: ['/api/address/index'] },
  '/api/address/del': { reads: ['/api/address/index'] },
  '/api/team/role-save': TEAM_CHANGED,
  '/api/team/role-del': TEAM_CHANGED,
  '/api/team/member-save': TEAM_CHANGED,
  '/api/team/member-status': TEAM_CHANGED,
  '/api/team/member-del': TEAM_CHANGED,
  '/api/seller/status': { reads: ['/api/seller/index'] },
  // 调整余额 moves the seller's balance (the operator's own account's too); a refusal
  // names the balance as it is now, which the list then shows
  '/api/seller/balance-adjust': {
    reads: ['/api/seller/index', '/api/balance/summary', '/api/balance/entries'],
    onError: true,
  },
  // purchase: 一键采购 queues purchases (the job moves the orders later); 关联货源 changes the items' match.
  '/api/purchase/start': { reads: ['/api/purchase/items', ...ORDER_CHANGED.reads] },
  '/api/purchase/link': { reads: ['/api/purchase/items', '/api/purchase/skus', '/api/goods/index'] },
  // balance: 充值 only answers Alipay's page (the credit comes with Alipay's notification).
  '/api/balance/topup': { reads: [] },
  '/api/balance/fees-save': { reads: ['/api/balance/fees'] },
  // 余额预警 is part of the summary
  '/api/balance/warning-save': { reads: ['/api/balance/summary'] },
  // 余额明细 导出 is a job of 下载中心
  '/api/balance/export': { reads: ['/api/export/index'] },
  // reconcile: 标记已处理 moves an item of 充值异常 from 待处理 to 已处理
  '/api/reconcile/resolve': { reads: ['/api/reconcile/topups', '/api/reconcile/notices'] },
} as const satisfies Partial<Record<ApiPath, Refresh>>;

/**
 * What a live event (lib/live.ts) makes stale, by topic: the reads of the writes that change the same
 * records here (an order synced or bought in the background is an order changed).
 */
export const LIVE_REFRESH: Record<LiveTopic, readonly ApiPath[]> = {
  orders: ORDER_CHANGED.reads,
  'after-sales': [...AFTER_SALE_CHANGED.reads, '/api/order/exception-counts'],
  notifications: NOTIFICATIONS_READ.reads,
  shops: SHOPS_CHANGED.reads,
};

/** Invalidates what a live event of `topic` made stale. */
export function invalidateLive(queryClient: QueryClient, topic: LiveTopic): Promise<unknown> {
  return Promise.all(
    LIVE_REFRESH[topic].map((read) => queryClient.invalidateQueries({ queryKey: apiKey(read) })),
  );
}

/** A path that writes (one with an entry in {@link REFRESH_AFTER}). */
export type WritePath = keyof typeof REFRESH_AFTER;

function refreshOf(key: MutationKey | undefined): Refresh | undefined {
  const path = key?.[0];
  return typeof path === 'string' && path in REFRESH_AFTER ? REFRESH_AFTER[path as WritePath] : undefined;
}

/** Invalidates what the write at `path` made stale (for a write called outside `useMutation`). */
export function invalidateAfter(queryClient: QueryClient, path: WritePath): Promise<unknown> {
  return Promise.all(
    REFRESH_AFTER[path].reads.map((read) => queryClient.invalidateQueries({ queryKey: apiKey(read) })),
  );
}

/** The query client's hook: after a mutation keyed `[path]` settles, refresh what its entry names. */
export function refreshAfterMutation(
  queryClient: QueryClient,
  key: MutationKey | undefined,
  outcome: 'success' | 'error',
): Promise<unknown> | undefined {
  const refresh = refreshOf(key);
  if (!refresh || (outcome === 'error' && !refresh.onError)) return undefined;
  return invalidateAfter(queryClient, key?.[0] as WritePath);
}

/**
 * The options of a `useMutation` that writes `path`: its key (which the query client reads to refresh
 * what {@link REFRESH_AFTER} names) and its function, the typed call.
 * `useMutation({ ...callMutation(api, '/api/shop/move'), onSuccess: () => toast.success(...) })`.
 */
export function callMutation<P extends WritePath>(api: ApiClient, path: P, options?: CallOptions) {
  return {
    mutationKey: [path] as const,
    mutationFn: (body: ApiBody<P>): Promise<ApiData<P>> =>
      (api.call as (path: P, body: ApiBody<P>, options?: CallOptions) => Promise<ApiData<P>>)(
        path,
        body,
        options,
      ),
  };
}

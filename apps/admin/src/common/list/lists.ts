import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  BALANCE_ENTRY_KINDS,
  BUYER_SORTS,
  COPY_STATUSES,
  type CopyRecord,
  type CopyRecordListParams,
  EXPORT_STATUSES,
  type ExportJob,
  type ExportListParams,
  GOODS_ATTENTIONS,
  GOODS_STATUSES,
  ORDER_EXCEPTIONS,
  ORDER_STATUSES,
  PAYMENT_ISSUE_STATES,
  PLATFORMS,
  SHOP_ATTENTIONS,
  SHOP_AUTH_STATUSES,
  type ShopListParams,
  USER_STATUSES,
} from '@consign/api-client';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  dateFilter,
  defineList,
  enumFilter,
  filter,
  idFilter,
  idFrom,
  listSearch,
  openParam,
  pageOf,
} from './define-list';

/**
 * Every list page of the app: its address query (pagination plus typed filters; a value the API would
 * refuse reads as no filter), its one mapping to the API's filter, and the query of one page.
 */

/** The address query of a list whose only filter is the keyword. */
const keywordOnly = {
  search: v.object({ ...listSearch.entries, keyword: filter }),
  filter: (search: { keyword?: string | undefined }) => ({ keyword: search.keyword }),
};

/** profit: the order list's 利润 picker, each value one filter of the API. */
export const PROFIT_FILTERS = ['missing', 'loss', 'gain'] as const;
function profitFilter(value: (typeof PROFIT_FILTERS)[number] | undefined) {
  return {
    cost_missing: value === 'missing' ? ('1' as const) : undefined,
    profit_max: value === 'loss' ? -1 : undefined,
    profit_min: value === 'gain' ? 0 : undefined,
  };
}

/**
 * 代发订单 `/order/index`: also one buyer's orders (买家管理's 查看订单) and the 黑名单 buyers' orders;
 * `order` opens one order's detail over the list (`?order=123`).
 */
export const orderList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    status: enumFilter(ORDER_STATUSES),
    shop_id: idFilter,
    platform: enumFilter(PLATFORMS),
    start_date: dateFilter,
    end_date: dateFilter,
    blacklisted: enumFilter(['1']),
    buyer_id: idFilter,
    // profit: 未录入成本, 亏损 or 盈利, and whether the 成本 and 利润 columns show (not a filter).
    profit: enumFilter(PROFIT_FILTERS),
    profit_columns: enumFilter(['1']),
    /** 异常订单: one exception view (order-exception-rules.ts). */
    exception: enumFilter(ORDER_EXCEPTIONS),
    /** The order whose detail is open (not a filter). */
    order: openParam,
  }),
  filter: (search) => ({
    ...profitFilter(search.profit),
    keyword: search.keyword,
    status: search.status,
    shop_id: search.shop_id,
    platform: search.platform,
    start_date: search.start_date,
    end_date: search.end_date,
    blacklisted: search.blacklisted,
    buyer_id: search.buyer_id,
    exception: search.exception,
    pre_sale: undefined,
  }),
  queryOptions: pageOf('/api/order/index'),
});

/**
 * 预售订单 `/order/pre-sale`: 代发订单's list with `pre_sale` fixed (the shop sync's pre-sale orders): the
 * same address query, filters and request body, so its 导出, batches and counts are the order list's.
 */
export const preSaleList = defineList({
  ...orderList,
  filter: (search) => ({ ...orderList.filter(search), pre_sale: '1' as const }),
});

/** The API filter of 代发订单 (the list, its 导出 and its batches). */
export type OrderListFilter = ReturnType<typeof orderList.filter>;

/** 售后订单 `/order/after-sale`. */
export const afterSaleList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    status: enumFilter(AFTER_SALE_STATUSES),
    type: enumFilter(AFTER_SALE_TYPES),
    shop_id: idFilter,
    start_date: dateFilter,
    end_date: dateFilter,
  }),
  filter: (search) => ({
    keyword: search.keyword,
    status: search.status,
    type: search.type,
    shop_id: search.shop_id,
    start_date: search.start_date,
    end_date: search.end_date,
  }),
  queryOptions: pageOf('/api/order/after-sale'),
});

/** A shop group filter: a group id, or `0` for 未分组. */
const groupFilter = v.optional(
  v.pipe(
    filter,
    v.transform((value: string | undefined) => (value === '0' ? 0 : idFrom(value))),
  ),
);

/** How often 店铺设置 reads its shops again while open (their 订单同步 state). */
export const SHOP_REFRESH_MS = 60_000;

/** 店铺设置 `/shop/setting`; `group_id=0` is 未分组. Refreshed every minute. */
export const shopList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    platform: enumFilter(PLATFORMS),
    group_id: groupFilter,
    auth_status: enumFilter(SHOP_AUTH_STATUSES),
    attention: enumFilter(SHOP_ATTENTIONS),
  }),
  filter: (search) => ({
    keyword: search.keyword,
    platform: search.platform,
    group_id: search.group_id,
    auth_status: search.auth_status,
    attention: search.attention,
  }),
  // Read again every minute while open: each shop's 订单同步 state (last sync, lag) stays current.
  queryOptions: (api, params: ShopListParams) =>
    queryOptions({ ...pageOf('/api/shop/index')(api, params), refetchInterval: SHOP_REFRESH_MS }),
});

/** 买家管理 `/user/buyer`: sorted by 订单数, 消费金额 or 最近下单 (the default). */
export const buyerList = defineList({
  search: v.object({ ...listSearch.entries, keyword: filter, sort: enumFilter(BUYER_SORTS) }),
  filter: (search) => ({ keyword: search.keyword, sort: search.sort }),
  queryOptions: pageOf('/api/buyer/index'),
});

/** 黑名单 `/user/black-list`. */
export const blacklistList = defineList({
  ...keywordOnly,
  queryOptions: pageOf('/api/buyer/blacklist-index'),
});

/** 店铺分组 `/shop/setting/group`. */
export const shopGroupList = defineList({
  ...keywordOnly,
  queryOptions: pageOf('/api/shop/group-index'),
});

/** 商品管理 `/shop/goods`. */
export const goodsList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    status: enumFilter(GOODS_STATUSES),
    shop_id: idFilter,
    /** 货源监控 needing the seller (需处理). */
    attention: enumFilter(GOODS_ATTENTIONS),
  }),
  filter: (search) => ({
    keyword: search.keyword,
    status: search.status,
    shop_id: search.shop_id,
    attention: search.attention,
  }),
  queryOptions: pageOf('/api/goods/index'),
});

/** How often 复制记录 refreshes while a job is queued or running. */
export const COPY_REFRESH_MS = 3000;

/** A copy job that is still going: the list refreshes itself while one is on screen. */
export const isCopyActive = (record: CopyRecord) =>
  record.status === 'queued' ||
  record.status === 'running' ||
  // 铺货 of the copy still under way: 发布中 or 审核中.
  record.listings.some((listing) => listing.status !== 'published' && listing.status !== 'failed');

/** 复制记录 `/shop/copy/list`: refreshes every 3 s while a job on the page is queued or running. */
export const copyRecordList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    status: enumFilter(COPY_STATUSES),
    shop_id: idFilter,
  }),
  filter: (search) => ({ keyword: search.keyword, status: search.status, shop_id: search.shop_id }),
  queryOptions: (api, params: CopyRecordListParams) =>
    queryOptions({
      ...pageOf('/api/copy/index')(api, params),
      refetchInterval: (query) => (query.state.data?.list.some(isCopyActive) ? COPY_REFRESH_MS : false),
    }),
});

/** How often 下载中心 refreshes while an export is queued or running. */
export const EXPORT_REFRESH_MS = 2000;

/** An export that is still going: 下载中心 refreshes itself while one is on screen. */
export const isExportActive = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** 下载中心 `/dashboard/download`: the account's exports, refreshing every 2 s while one is running. */
export const exportList = defineList({
  search: v.object({ ...listSearch.entries, keyword: filter, status: enumFilter(EXPORT_STATUSES) }),
  filter: (search) => ({ keyword: search.keyword, status: search.status }),
  queryOptions: (api, params: ExportListParams) =>
    queryOptions({
      ...pageOf('/api/export/index')(api, params),
      refetchInterval: (query) => (query.state.data?.list.some(isExportActive) ? EXPORT_REFRESH_MS : false),
    }),
});

/** An action code of the operation log (`goods.save`), as the API accepts it. */
const ACTION_CODE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** 操作日志 `/system/logs`: `keyword` finds who (mobile or name), `action` one action, and the days. */
export const logList = defineList({
  search: v.object({
    ...listSearch.entries,
    keyword: filter,
    action: v.optional(
      v.pipe(
        filter,
        v.transform((value: string | undefined) => (value && ACTION_CODE.test(value) ? value : undefined)),
      ),
    ),
    start_date: dateFilter,
    end_date: dateFilter,
  }),
  filter: (search) => ({
    actor: search.keyword,
    action: search.action,
    start_date: search.start_date,
    end_date: search.end_date,
  }),
  queryOptions: pageOf('/api/log/index'),
});

/** 地址管理 `/user/address`: the buyers' receiving addresses. */
export const receiverList = defineList({
  ...keywordOnly,
  queryOptions: pageOf('/api/order/receivers'),
});

/** 权限管理 `/user/permission`: the account's roles. */
export const roleList = defineList({
  ...keywordOnly,
  queryOptions: pageOf('/api/team/role-index'),
});

/** 子账号 `/user/account`: the account's users (owner first). */
export const memberList = defineList({
  search: v.object({ ...listSearch.entries, keyword: filter, status: enumFilter(USER_STATUSES) }),
  filter: (search) => ({ keyword: search.keyword, status: search.status }),
  queryOptions: pageOf('/api/team/member-index'),
});

/** 卖家管理 `/user/seller`: every seller account (operators). */
export const sellerList = defineList({
  search: v.object({ ...listSearch.entries, keyword: filter, status: enumFilter(USER_STATUSES) }),
  filter: (search) => ({ keyword: search.keyword, status: search.status }),
  queryOptions: pageOf('/api/seller/index'),
});

/** balance: 余额明细 `/finance/balance`, by kind and by day (no keyword). */
export const balanceEntryList = defineList({
  search: v.object({
    ...listSearch.entries,
    kind: enumFilter(BALANCE_ENTRY_KINDS),
    start_date: dateFilter,
    end_date: dateFilter,
    // `?topup=1` (余额预警's notification) opens 充值 on the page; not a filter
    topup: enumFilter(['1']),
  }),
  filter: (search) => ({ kind: search.kind, start_date: search.start_date, end_date: search.end_date }),
  queryOptions: pageOf('/api/balance/entries'),
});

// 充值异常 (operators), its two lists by state (待处理 / 已处理), no keyword.
const paymentIssueSearch = v.object({ ...listSearch.entries, state: enumFilter(PAYMENT_ISSUE_STATES) });

/** 异常充值 `/finance/payment-issues/topups`: the flagged top-ups. */
export const flaggedTopupList = defineList({
  search: paymentIssueSearch,
  filter: (search) => ({ state: search.state }),
  queryOptions: pageOf('/api/reconcile/topups'),
});

/** 被拒通知 `/finance/payment-issues/notices`: the Alipay notifications that credited nothing. */
export const paymentNoticeList = defineList({
  search: paymentIssueSearch,
  filter: (search) => ({ state: search.state }),
  queryOptions: pageOf('/api/reconcile/notices'),
});

import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  BUYER_SORTS,
  COPY_STATUSES,
  type CopyRecord,
  EXPORT_STATUSES,
  type ExportJob,
  GOODS_STATUSES,
  ORDER_STATUSES,
  PLATFORMS,
  SHOP_AUTH_STATUSES,
  USER_STATUSES,
} from '@consign/api-client';
import {
  afterSaleListQuery,
  blacklistQuery,
  buyerListQuery,
  copyRecordListQuery,
  exportListQuery,
  goodsListQuery,
  logListQuery,
  memberListQuery,
  orderListQuery,
  receiverListQuery,
  roleListQuery,
  sellerListQuery,
  shopGroupListQuery,
  shopListQuery,
} from '@consign/api-client/query';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { dateFrom, defineList, filter, idFrom, listSearch, oneOf } from './define-list';

/**
 * Every list page of the app: its address query (pagination plus string filters, SPEC.md section 2),
 * the request body the API gets, and the query of one page.
 */

/** The address query and request body of a list whose only filter is the keyword. */
const keywordSearch = z.extend(listSearch, { keyword: filter });
const keywordOnly = {
  search: keywordSearch,
  toParams: (search: z.output<typeof keywordSearch>) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
  }),
};

/** 代发订单 `/order/index`. */
export const orderList = defineList({
  search: z.extend(listSearch, {
    keyword: filter,
    status: filter,
    shop_id: filter,
    platform: filter,
    start_date: filter,
    end_date: filter,
    blacklisted: filter,
    buyer_id: filter,
  }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    blacklisted: search.blacklisted === '1' ? ('1' as const) : undefined,
    buyer_id: idFrom(search.buyer_id),
    status: oneOf(search.status, ORDER_STATUSES),
    shop_id: idFrom(search.shop_id),
    platform: oneOf(search.platform, PLATFORMS),
    start_date: dateFrom(search.start_date),
    end_date: dateFrom(search.end_date),
  }),
  queryOptions: orderListQuery,
});

/** 售后订单 `/order/after-sale`. */
export const afterSaleList = defineList({
  search: z.extend(listSearch, {
    keyword: filter,
    status: filter,
    type: filter,
    shop_id: filter,
    start_date: filter,
    end_date: filter,
  }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, AFTER_SALE_STATUSES),
    type: oneOf(search.type, AFTER_SALE_TYPES),
    shop_id: idFrom(search.shop_id),
    start_date: dateFrom(search.start_date),
    end_date: dateFrom(search.end_date),
  }),
  queryOptions: afterSaleListQuery,
});

/** 店铺设置 `/shop/setting`; `group_id=0` is 未分组. */
export const shopList = defineList({
  search: z.extend(listSearch, { keyword: filter, platform: filter, group_id: filter, auth_status: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    platform: oneOf(search.platform, PLATFORMS),
    group_id: search.group_id === '0' ? 0 : idFrom(search.group_id),
    auth_status: oneOf(search.auth_status, SHOP_AUTH_STATUSES),
  }),
  queryOptions: shopListQuery,
});

/** 买家管理 `/user/buyer`: sorted by 订单数, 消费金额 or 最近下单 (the default). */
export const buyerList = defineList({
  search: z.extend(listSearch, { keyword: filter, sort: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    sort: oneOf(search.sort, BUYER_SORTS),
  }),
  queryOptions: buyerListQuery,
});

/** 黑名单 `/user/black-list`. */
export const blacklistList = defineList({
  ...keywordOnly,
  queryOptions: blacklistQuery,
});

/** 店铺分组 `/shop/setting/group`. */
export const shopGroupList = defineList({
  ...keywordOnly,
  queryOptions: shopGroupListQuery,
});

/** 商品管理 `/shop/goods`. */
export const goodsList = defineList({
  search: z.extend(listSearch, { keyword: filter, status: filter, shop_id: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, GOODS_STATUSES),
    shop_id: idFrom(search.shop_id),
  }),
  queryOptions: goodsListQuery,
});

/** How often 复制记录 refreshes while a job is queued or running. */
export const COPY_REFRESH_MS = 3000;

/** A copy job that is still going: the list refreshes itself while one is on screen. */
export const isCopyActive = (record: CopyRecord) => record.status === 'queued' || record.status === 'running';

/** 复制记录 `/shop/copy/list`: refreshes every 3 s while a job on the page is queued or running. */
export const copyRecordList = defineList({
  search: z.extend(listSearch, { keyword: filter, status: filter, shop_id: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, COPY_STATUSES),
    shop_id: idFrom(search.shop_id),
  }),
  queryOptions: (api, params) =>
    queryOptions({
      ...copyRecordListQuery(api, params),
      refetchInterval: (query) => (query.state.data?.list.some(isCopyActive) ? COPY_REFRESH_MS : false),
    }),
});

/** How often 下载中心 refreshes while an export is queued or running. */
export const EXPORT_REFRESH_MS = 2000;

/** An export that is still going: 下载中心 refreshes itself while one is on screen. */
export const isExportActive = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** 下载中心 `/dashboard/download`: the account's exports, refreshing every 2 s while one is running. */
export const exportList = defineList({
  search: z.extend(listSearch, { keyword: filter, status: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, EXPORT_STATUSES),
  }),
  queryOptions: (api, params) =>
    queryOptions({
      ...exportListQuery(api, params),
      refetchInterval: (query) => (query.state.data?.list.some(isExportActive) ? EXPORT_REFRESH_MS : false),
    }),
});

/** An action code of the operation log (`goods.save`), as the API accepts it. */
const ACTION_CODE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** 操作日志 `/system/logs`: `keyword` finds who (mobile or name), `action` one action, and the days. */
export const logList = defineList({
  search: z.extend(listSearch, { keyword: filter, action: filter, start_date: filter, end_date: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    actor: search.keyword,
    action: search.action && ACTION_CODE.test(search.action) ? search.action : undefined,
    start_date: dateFrom(search.start_date),
    end_date: dateFrom(search.end_date),
  }),
  queryOptions: logListQuery,
});

/** 地址管理 `/user/address`: the buyers' receiving addresses. */
export const receiverList = defineList({
  ...keywordOnly,
  queryOptions: receiverListQuery,
});

/** 权限管理 `/user/permission`: the account's roles. */
export const roleList = defineList({
  ...keywordOnly,
  queryOptions: roleListQuery,
});

/** 子账号 `/user/account`: the account's users (owner first). */
export const memberList = defineList({
  search: z.extend(listSearch, { keyword: filter, status: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, USER_STATUSES),
  }),
  queryOptions: memberListQuery,
});

/** 卖家管理 `/user/seller`: every seller account (operators). */
export const sellerList = defineList({
  search: z.extend(listSearch, { keyword: filter, status: filter }),
  toParams: (search) => ({
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, USER_STATUSES),
  }),
  queryOptions: sellerListQuery,
});

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.js';
import type { BlacklistListParams, BuyerListParams } from '../contract/buyer.js';
import type { CopyRecordListParams } from '../contract/copy.js';
import type { ExportListParams } from '../contract/export.js';
import type { GoodsListParams } from '../contract/goods.js';
import type { LogListParams } from '../contract/log.js';
import type { AfterSaleListParams, OrderListParams, ReceiverListParams } from '../contract/order.js';
import type { ShopGroupListParams, ShopListParams } from '../contract/shop.js';
import type { MemberListParams, RoleListParams, SellerListParams } from '../contract/team.js';
import { compactParams, queryKeys } from './keys.js';

/** The company profile (`/api/company/index`). */
export function companyQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.company,
    queryFn: ({ signal }) => api.company.index({ signal }),
  });
}

/** 工作台 at a glance: today's counts and the 30-day chart (`/api/dashboard/summary`). */
export function dashboardSummaryQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.dashboardSummary,
    queryFn: ({ signal }) => api.dashboard.summary({ signal }),
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

/** One order with its timeline (`/api/order/detail`). */
export function orderDetailQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: queryKeys.orderDetail(id),
    queryFn: ({ signal }) => api.order.detail({ id }, { signal }),
  });
}

/** Every address of the account (发货地址), defaults first. */
export function addressListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.addresses,
    queryFn: ({ signal }) => api.address.index({}, { signal }),
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

/** 用户中心: the user's nickname and the account's name, with their versions (`/api/user/profile`). */
export function userProfileQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.userProfile,
    queryFn: ({ signal }) => api.user.profile({ signal }),
  });
}

/** One after-sale request with its 处理记录 (`/api/order/after-sale-detail`). */
export function afterSaleDetailQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: queryKeys.afterSales.detail(id),
    queryFn: ({ signal }) => api.order.afterSaleDetail({ id }, { signal }),
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

/** A page of buyers (买家管理). */
export function buyerListQuery(api: ApiClient, params: BuyerListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.buyers.list(body),
    queryFn: ({ signal }) => api.buyer.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the blacklist (黑名单). */
export function blacklistQuery(api: ApiClient, params: BlacklistListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.buyers.blacklist(body),
    queryFn: ({ signal }) => api.buyer.blacklistIndex(body, { signal }),
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

/** A page of the account's export jobs (下载中心). */
export function exportListQuery(api: ApiClient, params: ExportListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.exports.list(body),
    queryFn: ({ signal }) => api.export.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the operation log (操作日志). */
/** 地址管理: a page of the buyers' receiving addresses. */
export function receiverListQuery(api: ApiClient, params: ReceiverListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.receivers.list(body),
    queryFn: ({ signal }) => api.order.receivers(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function logListQuery(api: ApiClient, params: LogListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.log.list(body),
    queryFn: ({ signal }) => api.log.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the account's roles (权限管理). */
export function roleListQuery(api: ApiClient, params: RoleListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.roles.list(body),
    queryFn: ({ signal }) => api.team.roleIndex(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the account's users (子账号). */
export function memberListQuery(api: ApiClient, params: MemberListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.members.list(body),
    queryFn: ({ signal }) => api.team.memberIndex(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the platform's seller accounts (卖家管理, operators). */
export function sellerListQuery(api: ApiClient, params: SellerListParams) {
  const body = compactParams(params);
  return queryOptions({
    queryKey: queryKeys.sellers.list(body),
    queryFn: ({ signal }) => api.seller.index(body, { signal }),
    placeholderData: keepPreviousData,
  });
}

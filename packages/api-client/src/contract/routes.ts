import * as z from 'zod';
import { emptyDataSchema, loginBodySchema, loginResultSchema, sendCodeBodySchema } from './auth.js';
import {
  balanceAdjustBodySchema,
  balanceAdjustResultSchema,
  balanceEntryListParamsSchema,
  balanceEntrySchema,
  balanceExportBodySchema,
  balanceSummarySchema,
  balanceWarningSchema,
  purchaseFeesSchema,
  topupBodySchema,
  topupSchema,
  topupStartedSchema,
  topupStatusBodySchema,
} from './balance.js';
import {
  blacklistDelBodySchema,
  blacklistEntrySchema,
  blacklistListParamsSchema,
  blacklistSaveBodySchema,
  buyerListParamsSchema,
  buyerSchema,
} from './buyer.js';
import { deletedSchema, idParamsSchema, passthroughQuerySchema } from './common.js';
import {
  bannerSaveBodySchema,
  companySchema,
  companyUpdateBodySchema,
  idQuerySchema,
  platformAuthDelQuerySchema,
  platformAuthListQuerySchema,
  platformAuthSaveBodySchema,
  platformAuthSchema,
  platformSaveBodySchema,
  platformSchema,
} from './company.js';
import { bannerSchema, companyConfigSchema } from './config.js';
import {
  copyCreateBodySchema,
  copyCreateResultSchema,
  copyRecordListParamsSchema,
  copyRecordSchema,
} from './copy.js';
import { dashboardSummarySchema } from './dashboard.js';
import {
  exportCreateBodySchema,
  exportDownloadBodySchema,
  exportDownloadUrlSchema,
  exportJobSchema,
  exportListParamsSchema,
} from './export.js';
import {
  dashboardWithoutMoney,
  type MoneyRule,
  orderDetailWithoutMoney,
  orderPageWithoutMoney,
  purchasePreviewWithoutMoney,
} from './finance-rules.js';
import {
  addressListParamsSchema,
  addressListSchema,
  addressSaveBodySchema,
  addressSchema,
  afterSaleDetailSchema,
  afterSaleReceiveBodySchema,
  afterSaleRefundBodySchema,
  afterSaleRejectBodySchema,
  afterSaleStepResultSchema,
  batchResultSchema,
  decryptedReceiverSchema,
  importPreviewSchema,
  importResultSchema,
  orderAddressBodySchema,
  orderBatchCancelBodySchema,
  orderBatchPurchaseBodySchema,
  orderBatchShipBodySchema,
  orderCancelBodySchema,
  orderCompleteBodySchema,
  orderDetailSchema,
  orderImportBodySchema,
  orderPurchaseBodySchema,
  orderReceiverDecryptBodySchema,
  orderShipBodySchema,
  orderStepResultSchema,
  orderWritebackRetryBodySchema,
} from './fulfilment.js';
import {
  featuredDelBodySchema,
  featuredEntrySchema,
  featuredOfferSchema,
  featuredSaveBodySchema,
  goodsDetailParamsSchema,
  goodsDetailSchema,
  goodsListItemSchema,
  goodsListParamsSchema,
  goodsSaveBodySchema,
  goodsSchema,
  goodsSkuSaveBodySchema,
  supplierOfferParamsSchema,
  supplierOfferSchema,
} from './goods.js';
import { MAX_UNIX_SECONDS } from './limits.js';
import { pageSchema } from './list.js';
import {
  listingListParamsSchema,
  listingSchema,
  publishBodySchema,
  publishCatSchema,
  publishCatsParamsSchema,
  publishOptionsParamsSchema,
  publishOptionsSchema,
  publishResultSchema,
  republishBodySchema,
} from './listing.js';
import { logEntrySchema, logListParamsSchema } from './log.js';
import {
  notificationListParamsSchema,
  notificationReadAllSchema,
  notificationReadBodySchema,
  notificationSchema,
  notificationUnreadSchema,
} from './notification.js';
import { FEATURED_OFFERS_MAX } from './offers.js';
import {
  afterSaleListParamsSchema,
  afterSaleOrderSchema,
  afterSaleStatusCountsBodySchema,
  afterSaleStatusCountsSchema,
  orderExceptionCountsBodySchema,
  orderExceptionCountsSchema,
  orderListParamsSchema,
  orderSchema,
  orderStatusCountsBodySchema,
  orderStatusCountsSchema,
  orderWritebackSchema,
  receiverAddressSchema,
  receiverListParamsSchema,
} from './order.js';
import {
  orderCreateBodySchema,
  orderCreateResultSchema,
  orderFileBodySchema,
  orderFilePreviewSchema,
  orderFileResultSchema,
} from './order-entry.js';
import {
  flaggedTopupSchema,
  paymentIssueListParamsSchema,
  paymentIssueResolveBodySchema,
  paymentIssueResolvedSchema,
  paymentNoticeSchema,
} from './payment-issue.js';
import type { Permission } from './permissions.js';
import {
  feeRatesSaveBodySchema,
  feeRatesSchema,
  profitReportParamsSchema,
  profitReportSchema,
} from './profit.js';
// purchase
import {
  purchaseItemsBodySchema,
  purchaseItemsSchema,
  purchaseLinkBodySchema,
  purchaseLinkResultSchema,
  purchasePayUrlBodySchema,
  purchasePayUrlSchema,
  purchasePreviewBodySchema,
  purchasePreviewSchema,
  purchaseSkusBodySchema,
  purchaseSkusSchema,
  purchaseStartBodySchema,
} from './purchase.js';
import { settingsSchema, settingsUpdateBodySchema } from './setting.js';
import {
  shopAuthoriseBodySchema,
  shopAuthoriseCallbackBodySchema,
  shopAuthoriseResultSchema,
  shopGroupDelBodySchema,
  shopGroupListParamsSchema,
  shopGroupSaveBodySchema,
  shopGroupSchema,
  shopListParamsSchema,
  shopMoveBodySchema,
  shopPlatformsSchema,
  shopSchema,
  shopSyncBodySchema,
  shopToggleBodySchema,
} from './shop.js';
import {
  supplierAccountSchema,
  supplierAuthoriseCallbackBodySchema,
  supplierAuthoriseResultSchema,
} from './supplier.js';
import {
  memberDelBodySchema,
  memberListParamsSchema,
  memberSaveBodySchema,
  memberSchema,
  memberStatusBodySchema,
  roleDelBodySchema,
  roleListParamsSchema,
  roleSaveBodySchema,
  sellerAccountSchema,
  sellerListParamsSchema,
  sellerStatusBodySchema,
  teamRoleSchema,
} from './team.js';
import {
  accountNameSaveBodySchema,
  currentUserSchema,
  profileSaveBodySchema,
  userInfoBodySchema,
  userProfileSchema,
} from './user.js';

/** A body with no fields of its own (only the signing fields `nonce` and `ts`, which parsing strips). */
export const emptyBodySchema = z.object({});

/** The signing fields the client adds to every body (docs/design.md#api-contract). */
export const signingFieldsSchema = z.object({
  nonce: z.string().regex(/^[A-Za-z0-9]{16}$/),
  ts: z.coerce.number().int().min(0).max(MAX_UNIX_SECONDS),
});
export type SigningFields = z.infer<typeof signingFieldsSchema>;

/** The `idempotency_key` of a create ({@link RouteContract.create}): 16 to 64 letters, digits, `-` or `_`. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * Who may make a call: `public` (anyone; still signed), `user` (a valid bearer token), `operator` (a
 * signed-in user with `is_manage`). The server's authorisation middleware reads it; finer rights
 * (such as `order:view`) go beside it in {@link RouteContract} (`permission`), not in place of it.
 */
export type RouteAccess = 'public' | 'user' | 'operator';

/** One call of the API: who may make it and the shapes of its body, query and answer `data`. */
export interface RouteContract {
  /** Who may call it (see {@link RouteAccess}). */
  readonly access: RouteAccess;
  /**
   * The permission of the catalogue (permissions.ts) the caller must hold, beside `access`: 403
   * without it. An account's owner holds every one. Absent: none needed (sign-in, user/info, the
   * operators' calls).
   */
  readonly permission?: Permission;
  /**
   * The money in an answer (or filter) that also serves callers without `finance:view`
   * (finance-rules.ts): the server strips the answer and refuses the filters for them.
   */
  readonly money?: MoneyRule;
  /**
   * Set on every call that writes: its Chinese name in the operation log (操作日志). The server logs
   * one entry for each successful call that has it (action code: {@link auditAction}), and a test
   * fails for a call that changes data without it.
   */
  readonly audit?: string;
  /**
   * A create (a new record each time it succeeds): the client sends an `idempotency_key` with it (a
   * signed body field, {@link idempotencyKeySchema}) and the server answers a repeat of the key with
   * the first answer instead of creating again (docs/design.md#idempotent-creates).
   */
  readonly create?: true;
  /** The JSON body, without the signing fields. Parsing strips unknown keys. */
  readonly body: z.ZodType;
  /** The query string, when the call reads one. Query values arrive as strings. */
  readonly query?: z.ZodType;
  /** The `data` of the success envelope. */
  readonly data: z.ZodType;
  /** The success answer is a stream of Server-Sent Events (`text/event-stream`), not an envelope. */
  readonly stream?: true;
}

/**
 * Every call of the API by path: the server validates with these, the client validates answers with
 * them in development (`validateResponses`), and tests can walk them.
 */
export const apiRoutes = {
  '/api/default/send-code': { access: 'public', body: sendCodeBodySchema, data: emptyDataSchema },
  '/api/default/login': { access: 'public', body: loginBodySchema, data: loginResultSchema, audit: '登录' },
  '/api/default/logout': { access: 'public', body: emptyBodySchema, data: emptyDataSchema },
  '/api/default/config': { access: 'public', body: emptyBodySchema, data: companyConfigSchema },
  '/api/user/info': { access: 'user', body: userInfoBodySchema, data: currentUserSchema },
  // Live pages (live.ts): answers a stream of Server-Sent Events, not an envelope; each event is of the
  // caller's account and of a topic whose permission the caller holds (no permission of its own).
  '/api/live/stream': { access: 'user', body: emptyBodySchema, data: emptyDataSchema, stream: true },
  // 用户中心: the user's own nickname; the account's name (the owner only: 403 for a member).
  '/api/user/profile': { access: 'user', body: emptyBodySchema, data: userProfileSchema },
  '/api/user/profile-save': {
    access: 'user',
    body: profileSaveBodySchema,
    data: userProfileSchema,
    audit: '修改个人资料',
  },
  '/api/user/account-save': {
    access: 'user',
    body: accountNameSaveBodySchema,
    data: userProfileSchema,
    audit: '修改账号名称',
  },

  '/api/company/index': { access: 'operator', body: emptyBodySchema, data: companySchema },
  '/api/company/update': {
    access: 'operator',
    body: companyUpdateBodySchema,
    data: companySchema,
    audit: '修改公司信息',
  },
  '/api/company/ad-save': {
    access: 'operator',
    body: bannerSaveBodySchema,
    query: passthroughQuerySchema,
    data: bannerSchema,
    audit: '保存横幅',
  },
  '/api/company/ad-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: idQuerySchema,
    data: deletedSchema,
    audit: '删除横幅',
  },
  '/api/company/platform-save': {
    access: 'operator',
    body: platformSaveBodySchema,
    query: passthroughQuerySchema,
    data: platformSchema,
    audit: '保存平台',
  },
  '/api/company/platform-list': {
    access: 'operator',
    body: emptyBodySchema,
    data: z.array(platformSchema).max(1000),
  },
  '/api/company/platform-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: idQuerySchema,
    data: deletedSchema,
    audit: '删除平台',
  },
  '/api/company/platform-auth-save': {
    access: 'operator',
    body: platformAuthSaveBodySchema,
    query: passthroughQuerySchema,
    data: platformAuthSchema,
    audit: '保存平台授权',
  },
  '/api/company/platform-auth-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: platformAuthDelQuerySchema,
    data: deletedSchema,
    audit: '删除平台授权',
  },
  '/api/company/platform-auth-list': {
    access: 'operator',
    body: emptyBodySchema,
    query: platformAuthListQuerySchema,
    data: z.array(platformAuthSchema).max(1000),
  },

  '/api/setting/index': {
    access: 'user',
    permission: 'setting:manage',
    body: emptyBodySchema,
    data: settingsSchema,
  },
  '/api/setting/update': {
    access: 'user',
    permission: 'setting:manage',
    body: settingsUpdateBodySchema,
    data: settingsSchema,
    audit: '修改代发设置',
  },

  // ---- profit: 平台扣点 (代发设置) and 利润报表 (工作台) ----
  '/api/setting/fee-rates': {
    access: 'user',
    permission: 'finance:view',
    body: emptyBodySchema,
    data: feeRatesSchema,
  },
  '/api/setting/fee-rates-save': {
    access: 'user',
    permission: 'finance:manage',
    body: feeRatesSaveBodySchema,
    data: feeRatesSchema,
    audit: '修改平台扣点',
  },
  '/api/report/profit': {
    access: 'user',
    permission: 'finance:view',
    body: profitReportParamsSchema,
    data: profitReportSchema,
  },

  // ---- 1688, the supplier: the seller's 1688 buyer account (代发设置) ----
  '/api/supplier/account': {
    access: 'user',
    permission: 'setting:manage',
    body: emptyBodySchema,
    data: supplierAccountSchema,
  },
  '/api/supplier/authorise': {
    access: 'user',
    permission: 'setting:manage',
    body: emptyBodySchema,
    data: supplierAuthoriseResultSchema,
    audit: '发起1688授权',
  },
  '/api/supplier/authorise-callback': {
    access: 'user',
    permission: 'setting:manage',
    body: supplierAuthoriseCallbackBodySchema,
    data: supplierAccountSchema,
    audit: '1688授权',
  },

  '/api/order/index': {
    access: 'user',
    permission: 'order:view',
    money: { strip: orderPageWithoutMoney, filters: true },
    body: orderListParamsSchema,
    data: pageSchema(orderSchema),
  },
  // Lists: the status tabs' counts, for the same filter as the list (without its status).
  '/api/order/status-counts': {
    access: 'user',
    permission: 'order:view',
    money: { filters: true },
    body: orderStatusCountsBodySchema,
    data: orderStatusCountsSchema,
  },
  // 异常订单: how many orders each exception view holds, for the list's filter (without status and exception).
  '/api/order/exception-counts': {
    access: 'user',
    permission: 'order:view',
    money: { filters: true },
    body: orderExceptionCountsBodySchema,
    data: orderExceptionCountsSchema,
  },
  '/api/order/after-sale': {
    access: 'user',
    permission: 'aftersale:process',
    body: afterSaleListParamsSchema,
    data: pageSchema(afterSaleOrderSchema),
  },
  // ux: 售后订单's status tabs' counts, for the same filter as its list (without its status).
  '/api/order/after-sale-status-counts': {
    access: 'user',
    permission: 'aftersale:process',
    body: afterSaleStatusCountsBodySchema,
    data: afterSaleStatusCountsSchema,
  },
  '/api/order/detail': {
    access: 'user',
    permission: 'order:view',
    money: { strip: orderDetailWithoutMoney },
    body: idParamsSchema,
    data: orderDetailSchema,
  },
  // The steps of an order: each is one guarded UPDATE; a step the current state does not
  // allow answers 409 naming that state.
  '/api/order/purchase': {
    access: 'user',
    permission: 'order:process',
    body: orderPurchaseBodySchema,
    data: orderStepResultSchema,
    audit: '采购订单',
  },
  '/api/order/ship': {
    access: 'user',
    permission: 'order:process',
    body: orderShipBodySchema,
    data: orderStepResultSchema,
    audit: '订单发货',
  },
  '/api/order/complete': {
    access: 'user',
    permission: 'order:process',
    body: orderCompleteBodySchema,
    data: orderStepResultSchema,
    audit: '完成订单',
  },
  '/api/order/cancel': {
    access: 'user',
    permission: 'order:process',
    body: orderCancelBodySchema,
    data: orderStepResultSchema,
    audit: '取消订单',
  },
  // 地址管理: the buyers' receiving addresses, from the orders.
  '/api/order/receivers': {
    access: 'user',
    permission: 'order:view',
    body: receiverListParamsSchema,
    data: pageSchema(receiverAddressSchema),
  },
  // 地址管理: the receiver's address corrected before shipping; in the timeline too.
  '/api/order/address': {
    access: 'user',
    permission: 'order:process',
    body: orderAddressBodySchema,
    data: orderStepResultSchema,
    audit: '修改收货地址',
  },
  // Batches: each order in its own guarded UPDATE; the answer lists each order's result.
  '/api/order/batch-purchase': {
    access: 'user',
    permission: 'order:process',
    body: orderBatchPurchaseBodySchema,
    data: batchResultSchema,
    audit: '批量采购',
  },
  '/api/order/batch-ship': {
    access: 'user',
    permission: 'order:process',
    body: orderBatchShipBodySchema,
    data: batchResultSchema,
    audit: '批量发货',
  },
  '/api/order/batch-cancel': {
    access: 'user',
    permission: 'order:process',
    money: { filters: true },
    body: orderBatchCancelBodySchema,
    data: batchResultSchema,
    audit: '批量取消',
  },
  // 导入快递单号: a multipart form with the file; the preview writes nothing, apply ships the valid rows.
  '/api/order/import-preview': {
    access: 'user',
    permission: 'order:process',
    body: orderImportBodySchema,
    data: importPreviewSchema,
  },
  '/api/order/import-apply': {
    access: 'user',
    permission: 'order:process',
    body: orderImportBodySchema,
    data: importResultSchema,
    audit: '导入快递单号',
  },
  // Orders of shops without API access: 手工建单, and 导入订单 from a platform's order-export file
  // (preview writes nothing; apply upserts by shop and platform order number).
  '/api/order/create': {
    access: 'user',
    permission: 'order:process',
    body: orderCreateBodySchema,
    data: orderCreateResultSchema,
    audit: '手工建单',
    create: true,
  },
  '/api/order/import-orders-preview': {
    access: 'user',
    permission: 'order:process',
    body: orderFileBodySchema,
    data: orderFilePreviewSchema,
  },
  '/api/order/import-orders-apply': {
    access: 'user',
    permission: 'order:process',
    body: orderFileBodySchema,
    data: orderFileResultSchema,
    audit: '导入订单',
  },
  // 售后详情 with its 处理记录 (the answers, who and when).
  '/api/order/after-sale-detail': {
    access: 'user',
    permission: 'aftersale:process',
    body: idParamsSchema,
    data: afterSaleDetailSchema,
  },
  '/api/order/after-sale-refund': {
    access: 'user',
    permission: 'aftersale:process',
    body: afterSaleRefundBodySchema,
    data: afterSaleStepResultSchema,
    audit: '同意退款',
  },
  '/api/order/after-sale-reject': {
    access: 'user',
    permission: 'aftersale:process',
    body: afterSaleRejectBodySchema,
    data: afterSaleStepResultSchema,
    audit: '拒绝售后',
  },
  '/api/order/after-sale-receive': {
    access: 'user',
    permission: 'aftersale:process',
    body: afterSaleReceiveBodySchema,
    data: afterSaleStepResultSchema,
    audit: '确认收到退货',
  },
  // 发货回传: 重新回传 queues the writeback of a 待回传 or 回传失败 platform order again (db/writeback.ts).
  '/api/order/writeback-retry': {
    access: 'user',
    permission: 'order:process',
    body: orderWritebackRetryBodySchema,
    data: orderWritebackSchema,
    audit: '重新回传',
  },
  // 查看完整收货信息: the receiver decrypted through the platform (its quota); the log says it was viewed.
  '/api/order/receiver-decrypt': {
    access: 'user',
    permission: 'order:decrypt',
    body: orderReceiverDecryptBodySchema,
    data: decryptedReceiverSchema,
    audit: '查看完整收货信息',
  },

  // ---- purchase: 一键采购 on 1688, 关联货源 (db/purchase.ts, jobs/purchase.ts) ----
  '/api/purchase/items': {
    access: 'user',
    permission: 'order:view',
    body: purchaseItemsBodySchema,
    data: purchaseItemsSchema,
  },
  '/api/purchase/skus': {
    access: 'user',
    permission: 'order:process',
    body: purchaseSkusBodySchema,
    data: purchaseSkusSchema,
  },
  // Calls 1688 (nothing is bought, nothing stored).
  '/api/purchase/preview': {
    access: 'user',
    permission: 'order:process',
    body: purchasePreviewBodySchema,
    data: purchasePreviewSchema,
    money: { strip: purchasePreviewWithoutMoney },
  },
  '/api/purchase/start': {
    access: 'user',
    permission: 'order:process',
    body: purchaseStartBodySchema,
    data: batchResultSchema,
    audit: '一键采购',
  },
  // 批量付款: calls 1688 for its cashier's URL (nothing is paid here).
  '/api/purchase/pay-url': {
    access: 'user',
    permission: 'order:process',
    body: purchasePayUrlBodySchema,
    data: purchasePayUrlSchema,
  },
  '/api/purchase/link': {
    access: 'user',
    permission: 'order:process',
    body: purchaseLinkBodySchema,
    data: purchaseLinkResultSchema,
    audit: '关联货源',
  },
  // The 1688 offer 关联货源 links a line to, read under the link's own permission (not goods:manage).
  '/api/purchase/offer': {
    access: 'user',
    permission: 'order:process',
    body: supplierOfferParamsSchema,
    data: supplierOfferSchema,
  },

  // 买家管理 and 黑名单: buyers are derived from the orders, so whoever sees the orders sees
  // them; blacklisting (which holds up 采购) is an order-processing decision.
  '/api/buyer/index': {
    access: 'user',
    permission: 'order:view',
    body: buyerListParamsSchema,
    data: pageSchema(buyerSchema),
  },
  '/api/buyer/blacklist-index': {
    access: 'user',
    permission: 'order:view',
    body: blacklistListParamsSchema,
    data: pageSchema(blacklistEntrySchema),
  },
  '/api/buyer/blacklist-save': {
    access: 'user',
    permission: 'order:process',
    body: blacklistSaveBodySchema,
    data: blacklistEntrySchema,
    audit: '拉黑买家',
    create: true,
  },
  '/api/buyer/blacklist-del': {
    access: 'user',
    permission: 'order:process',
    body: blacklistDelBodySchema,
    data: deletedSchema,
    audit: '解除拉黑',
  },

  // 发货地址: the account's sender and return addresses. 发货 reads them with order:process too.
  '/api/address/index': {
    access: 'user',
    body: addressListParamsSchema,
    data: addressListSchema,
  },
  '/api/address/save': {
    access: 'user',
    permission: 'setting:manage',
    body: addressSaveBodySchema,
    data: addressSchema,
    audit: '保存发货地址',
    create: true,
  },
  '/api/address/del': {
    access: 'user',
    permission: 'setting:manage',
    body: idParamsSchema,
    data: deletedSchema,
    audit: '删除发货地址',
  },

  // Exports (下载中心): whoever may see the orders may export them.
  '/api/export/create': {
    access: 'user',
    permission: 'order:view',
    money: { filters: true },
    body: exportCreateBodySchema,
    data: exportJobSchema,
    audit: '导出订单',
    create: true,
  },
  '/api/export/index': {
    access: 'user',
    permission: 'order:view',
    body: exportListParamsSchema,
    data: pageSchema(exportJobSchema),
  },
  '/api/export/download-url': {
    access: 'user',
    permission: 'order:view',
    body: exportDownloadBodySchema,
    data: exportDownloadUrlSchema,
  },

  // No permission: the shops are the reference data of every area (the shop filter of the order, goods
  // and copy lists, the copy target). The 店铺设置 page asks shop:manage, and so do the shop writes.
  '/api/shop/index': { access: 'user', body: shopListParamsSchema, data: pageSchema(shopSchema) },
  '/api/shop/group-index': {
    access: 'user',
    permission: 'shop:manage',
    body: shopGroupListParamsSchema,
    data: pageSchema(shopGroupSchema),
  },
  '/api/shop/group-save': {
    access: 'user',
    permission: 'shop:manage',
    body: shopGroupSaveBodySchema,
    data: shopGroupSchema,
    audit: '保存店铺分组',
    create: true,
  },
  '/api/shop/group-del': {
    access: 'user',
    permission: 'shop:manage',
    body: shopGroupDelBodySchema,
    data: deletedSchema,
    audit: '删除店铺分组',
  },
  '/api/shop/move': {
    access: 'user',
    permission: 'shop:manage',
    body: shopMoveBodySchema,
    data: shopSchema,
    audit: '移动店铺',
  },
  // Authorising shops on their platforms (添加店铺, 重新授权) and 停用 / 启用.
  '/api/shop/platforms': {
    access: 'user',
    permission: 'shop:manage',
    body: emptyBodySchema,
    data: shopPlatformsSchema,
  },
  '/api/shop/authorise': {
    access: 'user',
    permission: 'shop:manage',
    body: shopAuthoriseBodySchema,
    data: shopAuthoriseResultSchema,
    audit: '发起店铺授权',
  },
  '/api/shop/authorise-callback': {
    access: 'user',
    permission: 'shop:manage',
    body: shopAuthoriseCallbackBodySchema,
    data: shopSchema,
    audit: '店铺授权',
  },
  '/api/shop/toggle': {
    access: 'user',
    permission: 'shop:manage',
    body: shopToggleBodySchema,
    data: shopSchema,
    audit: '停用或启用店铺',
  },
  // Order sync: 立即同步 of one shop.
  '/api/shop/sync': {
    access: 'user',
    permission: 'shop:manage',
    body: shopSyncBodySchema,
    data: shopSchema,
    audit: '立即同步店铺',
  },

  '/api/goods/index': {
    access: 'user',
    permission: 'goods:manage',
    body: goodsListParamsSchema,
    data: pageSchema(goodsListItemSchema),
  },
  '/api/goods/detail': {
    access: 'user',
    permission: 'goods:manage',
    body: goodsDetailParamsSchema,
    data: goodsDetailSchema,
  },
  '/api/goods/save': {
    access: 'user',
    permission: 'goods:manage',
    body: goodsSaveBodySchema,
    data: goodsSchema,
    audit: '保存商品',
    create: true,
  },
  // ---- goods: SKUs and their 货源 on 1688 ----
  '/api/goods/sku-save': {
    access: 'user',
    permission: 'goods:manage',
    body: goodsSkuSaveBodySchema,
    data: goodsDetailSchema,
    audit: '保存商品规格',
  },
  '/api/goods/supplier-offer': {
    access: 'user',
    permission: 'goods:manage',
    body: supplierOfferParamsSchema,
    data: supplierOfferSchema,
  },
  // 铺货: goods published to the seller's 拼多多 shops, one listing per (goods, shop).
  '/api/goods/publish': {
    access: 'user',
    permission: 'goods:manage',
    body: publishBodySchema,
    data: publishResultSchema,
    audit: '铺货',
    create: true,
  },
  '/api/goods/listings': {
    access: 'user',
    permission: 'goods:manage',
    body: listingListParamsSchema,
    data: pageSchema(listingSchema),
  },
  '/api/goods/republish': {
    access: 'user',
    permission: 'goods:manage',
    body: republishBodySchema,
    data: listingSchema,
    audit: '重新发布',
  },
  '/api/goods/publish-cats': {
    access: 'user',
    permission: 'goods:manage',
    body: publishCatsParamsSchema,
    data: z.array(publishCatSchema).max(500),
  },
  '/api/goods/publish-options': {
    access: 'user',
    permission: 'goods:manage',
    body: publishOptionsParamsSchema,
    data: publishOptionsSchema,
  },
  // 平台精选: what the operator curated, read through the seller's 1688 account; copied with /api/copy/create.
  '/api/featured/index': {
    access: 'user',
    permission: 'copy:run',
    body: emptyBodySchema,
    data: z.array(featuredOfferSchema).max(FEATURED_OFFERS_MAX),
  },
  '/api/company/featured-list': {
    access: 'operator',
    body: emptyBodySchema,
    data: z.array(featuredEntrySchema).max(FEATURED_OFFERS_MAX),
  },
  '/api/company/featured-save': {
    access: 'operator',
    body: featuredSaveBodySchema,
    data: featuredEntrySchema,
    audit: '添加平台精选',
    create: true,
  },
  '/api/company/featured-del': {
    access: 'operator',
    body: featuredDelBodySchema,
    data: featuredDelBodySchema,
    audit: '移除平台精选',
  },

  '/api/copy/index': {
    access: 'user',
    permission: 'copy:run',
    body: copyRecordListParamsSchema,
    data: pageSchema(copyRecordSchema),
  },
  '/api/copy/create': {
    access: 'user',
    permission: 'copy:run',
    body: copyCreateBodySchema,
    data: copyCreateResultSchema,
    audit: '创建复制任务',
    create: true,
  },

  '/api/team/role-index': {
    access: 'user',
    permission: 'team:manage',
    body: roleListParamsSchema,
    data: pageSchema(teamRoleSchema),
  },
  '/api/team/role-save': {
    access: 'user',
    permission: 'team:manage',
    body: roleSaveBodySchema,
    data: teamRoleSchema,
    audit: '保存角色',
    create: true,
  },
  '/api/team/role-del': {
    access: 'user',
    permission: 'team:manage',
    body: roleDelBodySchema,
    data: deletedSchema,
    audit: '删除角色',
  },
  '/api/team/member-index': {
    access: 'user',
    permission: 'team:manage',
    body: memberListParamsSchema,
    data: pageSchema(memberSchema),
  },
  '/api/team/member-save': {
    access: 'user',
    permission: 'team:manage',
    body: memberSaveBodySchema,
    data: memberSchema,
    audit: '保存子账号',
    create: true,
  },
  '/api/team/member-status': {
    access: 'user',
    permission: 'team:manage',
    body: memberStatusBodySchema,
    data: memberSchema,
    audit: '启用或停用子账号',
  },
  '/api/team/member-del': {
    access: 'user',
    permission: 'team:manage',
    body: memberDelBodySchema,
    data: deletedSchema,
    audit: '删除子账号',
  },

  // 工作台 at a glance: today's counts and the 30-day chart.
  '/api/dashboard/summary': {
    access: 'user',
    permission: 'order:view',
    money: { strip: dashboardWithoutMoney },
    body: emptyBodySchema,
    data: dashboardSummarySchema,
  },

  '/api/log/index': {
    access: 'user',
    permission: 'log:view',
    body: logListParamsSchema,
    data: pageSchema(logEntrySchema),
  },

  // 消息通知 (the header's bell): the caller's account's notifications; read or not is per user.
  // No permission: every member sees the account's bell.
  '/api/notification/index': {
    access: 'user',
    body: notificationListParamsSchema,
    data: pageSchema(notificationSchema),
  },
  '/api/notification/unread-count': { access: 'user', body: emptyBodySchema, data: notificationUnreadSchema },
  '/api/notification/read': {
    access: 'user',
    body: notificationReadBodySchema,
    data: notificationSchema,
    audit: '通知已读',
  },
  '/api/notification/read-all': {
    access: 'user',
    body: emptyBodySchema,
    data: notificationReadAllSchema,
    audit: '全部已读',
  },

  '/api/seller/index': {
    access: 'operator',
    body: sellerListParamsSchema,
    data: pageSchema(sellerAccountSchema),
  },
  '/api/seller/status': {
    access: 'operator',
    body: sellerStatusBodySchema,
    data: sellerAccountSchema,
    audit: '启用或停用卖家账号',
  },
  // operators adjust a seller account's balance (one `adjust` entry with its reason).
  '/api/seller/balance-adjust': {
    access: 'operator',
    body: balanceAdjustBodySchema,
    data: balanceAdjustResultSchema,
    audit: '调整卖家余额',
  },

  // ---- balance (余额, 充值): the caller's account's balance, its ledger and its Alipay top-ups. Money
  // is a permission (finance-rules.ts): finance:view reads, finance:manage tops up and sets 余额预警.
  '/api/balance/summary': {
    access: 'user',
    permission: 'finance:view',
    body: emptyBodySchema,
    data: balanceSummarySchema,
  },
  '/api/balance/entries': {
    access: 'user',
    permission: 'finance:view',
    body: balanceEntryListParamsSchema,
    data: pageSchema(balanceEntrySchema),
  },
  '/api/balance/topup': {
    access: 'user',
    permission: 'finance:manage',
    body: topupBodySchema,
    data: topupStartedSchema,
    audit: '发起充值',
    create: true,
  },
  '/api/balance/topup-status': {
    access: 'user',
    permission: 'finance:manage',
    body: topupStatusBodySchema,
    data: topupSchema,
  },
  // 代发服务费: sellers holding finance:view read them (代发设置, 余额明细); operators set them (全局设置).
  '/api/balance/fees': {
    access: 'user',
    permission: 'finance:view',
    body: emptyBodySchema,
    data: purchaseFeesSchema,
  },
  '/api/balance/fees-save': {
    access: 'operator',
    body: purchaseFeesSchema,
    data: purchaseFeesSchema,
    audit: '设置代发服务费',
  },
  // 余额预警: the account's threshold, finance:manage.
  '/api/balance/warning-save': {
    access: 'user',
    permission: 'finance:manage',
    body: balanceWarningSchema,
    data: balanceWarningSchema,
    audit: '设置余额预警',
  },
  // 余额明细 导出, a job of 下载中心 (its download needs finance:view too: db/export.ts `linkedJob`).
  '/api/balance/export': {
    access: 'user',
    permission: 'finance:view',
    body: balanceExportBodySchema,
    data: exportJobSchema,
    audit: '导出余额明细',
  },

  // ---- reconcile: 充值异常, operators only: flagged top-ups and refused Alipay notifications.
  '/api/reconcile/topups': {
    access: 'operator',
    body: paymentIssueListParamsSchema,
    data: pageSchema(flaggedTopupSchema),
  },
  '/api/reconcile/notices': {
    access: 'operator',
    body: paymentIssueListParamsSchema,
    data: pageSchema(paymentNoticeSchema),
  },
  '/api/reconcile/resolve': {
    access: 'operator',
    body: paymentIssueResolveBodySchema,
    data: paymentIssueResolvedSchema,
    audit: '标记充值异常已处理',
  },
} as const satisfies Record<string, RouteContract>;

export type ApiPath = keyof typeof apiRoutes;
/** The parsed `data` type of a path's success answer. */
export type ApiData<P extends ApiPath> = z.output<(typeof apiRoutes)[P]['data']>;
/** What a caller may send as the body of a path. */
export type ApiBody<P extends ApiPath> = z.input<(typeof apiRoutes)[P]['body']>;
/** What a caller may send as the query string of a path (`never` for a path that reads none). */
export type ApiQuery<P extends ApiPath> = (typeof apiRoutes)[P] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : never;

/** The stable action code of a call in the operation log: `/api/goods/save` -> `goods.save`. */
export function auditAction(path: ApiPath): string {
  return path.slice('/api/'.length).replace('/', '.');
}

/**
 * Background operations the operation log records when they end failed, with no call of their own:
 * 自动付款 that leaves the 1688 order 待付款, and a 发货回传 that ends 回传失败 (操作人 系统).
 */
export const BACKGROUND_ACTIONS = {
  autoPay: { action: 'purchase.auto-pay', label: '自动付款' },
  writeback: { action: 'order.writeback', label: '发货回传' },
} as const;

/** Every action of the operation log with its label (the filter of 操作日志 offers them). */
export const AUDIT_ACTIONS: readonly { action: string; label: string }[] = [
  ...(Object.keys(apiRoutes) as ApiPath[]).flatMap((path) => {
    const label = (apiRoutes[path] as RouteContract).audit;
    return label ? [{ action: auditAction(path), label }] : [];
  }),
  ...Object.values(BACKGROUND_ACTIONS),
];

/** The permission a path needs, if any (see {@link RouteContract.permission}). */
export function permissionOf(path: ApiPath): Permission | undefined {
  return (apiRoutes[path] as RouteContract).permission;
}

/** Public paths (no token needed; still signed). */
export const PUBLIC_PATHS: readonly ApiPath[] = (Object.keys(apiRoutes) as ApiPath[]).filter(
  (path) => apiRoutes[path].access === 'public',
);

import type { ADDRESS_KINDS } from './addresses.js';
import type { AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from './after-sale-rules.js';
import type {
  BALANCE_ENTRY_KINDS,
  PAYMENT_ISSUE_KINDS,
  PAYMENT_ISSUE_STATES,
  TOPUP_STATUSES,
} from './balance-rules.js';
import type { EXPORT_FORMATS, EXPORT_STATUSES } from './export-rules.js';
import type { COPY_STATUSES, GOODS_STATUSES, PRICE_ROUNDINGS } from './goods-rules.js';
import type { LISTING_STATUSES } from './listing.js';
import type { ORDER_STATUSES } from './order-rules.js';
import type { USER_STATUSES } from './permissions.js';
import type { PURCHASE_STATUSES, SUPPLIER_ACCOUNT_STATUSES } from './purchase-rules.js';
import type { PLATFORM_AUTH_STATUSES, PLATFORMS, SHOP_AUTH_STATUSES, SHOP_STATES } from './shop-rules.js';
import type { WRITEBACK_STATUSES } from './writeback-rules.js';

/**
 * The Chinese name of every value of every enum of the contract, written once: the admin's lists and
 * badges, the export's cells, the server's refusals and the operation log all read them here. A new
 * enum value fails the type check until it has its label. (The permissions' labels are beside the
 * catalogue in permissions.ts, which the shell imports without zod.)
 */

type Labels<T extends readonly string[]> = { readonly [K in T[number]]: string };

export const PLATFORM_LABELS = {
  taobao: '淘宝',
  pinduoduo: '拼多多',
  // 抖店: the merchant platform of 抖音, where sellers run their shops.
  douyin: '抖店',
  kuaishou: '快手',
  jd: '京东',
} as const satisfies Labels<typeof PLATFORMS>;

/** The order states (the list's tabs, the detail, the API's refusals). */
export const ORDER_STATUS_LABELS = {
  pending: '待采购',
  purchased: '已采购',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
} as const satisfies Labels<typeof ORDER_STATUSES>;

export const AFTER_SALE_STATUS_LABELS = {
  pending: '待处理',
  processing: '处理中',
  finished: '已完成',
  rejected: '已拒绝',
} as const satisfies Labels<typeof AFTER_SALE_STATUSES>;

export const AFTER_SALE_TYPE_LABELS = {
  refund: '仅退款',
  return: '退货退款',
  exchange: '换货',
} as const satisfies Labels<typeof AFTER_SALE_TYPES>;

export const SHOP_AUTH_STATUS_LABELS = {
  authorized: '已授权',
  expired: '授权过期',
  unauthorized: '未授权',
} as const satisfies Labels<typeof SHOP_AUTH_STATUSES>;

/** The seller's 1688 buyer account (代发设置). */
export const SUPPLIER_ACCOUNT_STATUS_LABELS = {
  none: '未连接',
  connected: '已连接',
  expired: '已过期',
} as const satisfies Labels<typeof SUPPLIER_ACCOUNT_STATUSES>;

export const GOODS_STATUS_LABELS = {
  on_sale: '在售',
  off_sale: '已下架',
  draft: '草稿',
} as const satisfies Labels<typeof GOODS_STATUSES>;

export const COPY_STATUS_LABELS = {
  queued: '排队中',
  running: '复制中',
  succeeded: '成功',
  failed: '失败',
} as const satisfies Labels<typeof COPY_STATUSES>;

/** 铺货: a listing's state as the seller reads it (发布中 while queued or publishing, 审核中 while reviewed). */
export const LISTING_STATUS_LABELS = {
  queued: '发布中',
  publishing: '发布中',
  reviewing: '审核中',
  checking: '审核中',
  published: '已发布',
  failed: '发布失败',
} as const satisfies Labels<typeof LISTING_STATUSES>;

export const PLATFORM_AUTH_STATUS_LABELS = {
  active: '正常',
  expired: '已过期',
  revoked: '已撤销',
} as const satisfies Labels<typeof PLATFORM_AUTH_STATUSES>;

export const EXPORT_STATUS_LABELS = {
  queued: '排队中',
  running: '导出中',
  succeeded: '已完成',
  failed: '失败',
} as const satisfies Labels<typeof EXPORT_STATUSES>;

export const EXPORT_FORMAT_LABELS = {
  csv: 'CSV',
  xlsx: 'Excel',
} as const satisfies Labels<typeof EXPORT_FORMATS>;

export const USER_STATUS_LABELS = {
  active: '正常',
  disabled: '已停用',
} as const satisfies Labels<typeof USER_STATUSES>;

export const ADDRESS_KIND_LABELS = {
  sender: '发货地址',
  return: '退货地址',
} as const satisfies Labels<typeof ADDRESS_KINDS>;

/** 发货回传 of a platform order's shipment. */
export const WRITEBACK_STATUS_LABELS = {
  waiting: '待回传',
  sending: '回传中',
  succeeded: '已回传',
  failed: '回传失败',
} as const satisfies Labels<typeof WRITEBACK_STATUSES>;

/** 一键采购's state on an order (purchase). */
export const PURCHASE_STATUS_LABELS = {
  queued: '排队采购',
  placing: '采购中',
  placed: '已下单',
  failed: '采购失败',
  shipped: '供应商已发货',
  cancelled: '采购单已取消',
} as const satisfies Labels<typeof PURCHASE_STATUSES>;

/** A shop's state as 店铺设置's 状态 column shows it. */
export const SHOP_STATE_LABELS = {
  normal: '正常',
  expiring: '授权即将过期',
  expired: '授权已过期',
  unauthorized: '未授权',
  disabled: '已停用',
} as const satisfies Labels<typeof SHOP_STATES>;

// ---- goods: 商品复制 ----
/** 代发设置 → 复制定价取整. */
/** 货源监控's rules (代发设置). */
export const MONITOR_PRICE_LABELS = { follow: '按加价规则跟随', warn: '仅提醒' } as const;
export const MONITOR_OFF_SALE_LABELS = { delist: '下架商品', zero: '库存改为0' } as const;
export const PRICE_ROUNDING_LABELS = {
  none: '不取整',
  yuan: '取整到元',
  nine: '尾数 .9',
} as const satisfies Labels<typeof PRICE_ROUNDINGS>;
// ---- balance (余额, 充值) ----
export const BALANCE_ENTRY_KIND_LABELS = {
  topup: '充值',
  charge: '扣费',
  refund: '退款',
  adjust: '调整',
} as const satisfies Labels<typeof BALANCE_ENTRY_KINDS>;

export const TOPUP_STATUS_LABELS = {
  pending: '处理中',
  paid: '充值成功',
  // Alipay closed the trade unpaid: the seller cancelled on the cashier or let it lapse; nothing failed.
  closed: '已取消',
  flagged: '异常，待核对',
} as const satisfies Labels<typeof TOPUP_STATUSES>;
// ---- reconcile: 充值异常 ----
export const PAYMENT_ISSUE_KIND_LABELS = {
  topup: '异常充值单',
  notice: '被拒绝的支付宝通知',
} as const satisfies Labels<typeof PAYMENT_ISSUE_KINDS>;

export const PAYMENT_ISSUE_STATE_LABELS = {
  open: '待处理',
  resolved: '已处理',
} as const satisfies Labels<typeof PAYMENT_ISSUE_STATES>;

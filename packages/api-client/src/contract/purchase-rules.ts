/** 1688 purchasing: the seller's 1688 account and where an order's 一键采购 stands. */

/** The seller's 1688 buyer account (代发设置): `none` 未连接, `connected` 已连接, `expired` 已过期. */
export const SUPPLIER_ACCOUNT_STATUSES = ['none', 'connected', 'expired'] as const;
/** Where an order's 一键采购 stands (`PURCHASE_STATUS_LABELS`). */
export const PURCHASE_STATUSES = ['queued', 'placing', 'placed', 'failed', 'shipped', 'cancelled'] as const;

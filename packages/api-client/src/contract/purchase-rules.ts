/** 1688 purchasing: the seller's 1688 account and where an order's 一键采购 stands. */

/** The seller's 1688 buyer account (代发设置): `none` 未连接, `connected` 已连接, `expired` 已过期. */
export const SUPPLIER_ACCOUNT_STATUSES = ['none', 'connected', 'expired'] as const;
/** Where an order's 一键采购 stands (`PURCHASE_STATUS_LABELS`). */
export const PURCHASE_STATUSES = ['queued', 'placing', 'placed', 'failed', 'shipped', 'cancelled'] as const;

/**
 * Why an order with an after-sale in progress (an open 售后单, or the platform's refund in progress) is
 * not bought: every purchase path (一键采购, 采购, 批量采购, 自动采购) refuses it with these words.
 */
export const AFTER_SALE_PURCHASE_REFUSAL = '订单售后中，不能采购：请先处理售后（退款完成或售后关闭后再采购）';

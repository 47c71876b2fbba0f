/** 发货回传: the writeback of a platform order's shipment, its states and 重新回传's refusals. */

import { WRITEBACK_STATUS_LABELS } from './labels.js';

/**
 * The writeback of a platform order's shipment, as the order shows it: `waiting` 待回传 (自动回传物流 is
 * off: 重新回传 sends it), `sending` 回传中 (queued, being sent, or retried after the platform failed),
 * `succeeded` 已回传, `failed` 回传失败 (with the platform's message; 重新回传 sends it again).
 */
export const WRITEBACK_STATUSES = ['waiting', 'sending', 'succeeded', 'failed'] as const;
/** The writeback states 重新回传 may start from. */
export const WRITEBACK_RETRY_FROM = ['waiting', 'failed'] as const;
/** What 重新回传 answers (409) for a writeback in another state. */
export function writebackRetryRefusedMessage(status: (typeof WRITEBACK_STATUSES)[number]): string {
  return `物流回传当前状态为「${WRITEBACK_STATUS_LABELS[status]}」，不能重新回传`;
}
/** What 重新回传 answers (409) for an order with nothing to write back. */
export const WRITEBACK_NONE_MESSAGE = '该订单不是已授权平台店铺的已发货订单，没有需要回传的物流信息';

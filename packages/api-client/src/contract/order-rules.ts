/**
 * An order's states and steps (采购, 发货, 完成, 取消) with the refusals the API answers, and the limits
 * of batches and of the tracking-number import. The schemas are order.ts and fulfilment.ts.
 */

import { ORDER_STATUS_LABELS } from './labels.js';

/**
 * Order states: `pending` paid by the buyer, not yet bought at the supplier; `purchased` bought at the
 * supplier; `shipped` the supplier shipped it; `completed` received; `cancelled` closed undelivered.
 */
export const ORDER_STATUSES = ['pending', 'purchased', 'shipped', 'completed', 'cancelled'] as const;

/** The steps of an order and the states each may start from (the server's guarded UPDATE uses these). */
export const ORDER_STEPS = {
  purchase: { from: ['pending'], to: 'purchased', label: '采购' },
  ship: { from: ['purchased'], to: 'shipped', label: '发货' },
  complete: { from: ['shipped'], to: 'completed', label: '完成' },
  cancel: { from: ['pending', 'purchased'], to: 'cancelled', label: '取消' },
} as const satisfies Record<
  string,
  {
    from: readonly (typeof ORDER_STATUSES)[number][];
    to: (typeof ORDER_STATUSES)[number];
    label: string;
  }
>;
export type OrderStep = keyof typeof ORDER_STEPS;

/** Whether `step` may be taken from `status`. */
export function canTakeStep(step: OrderStep, status: (typeof ORDER_STATUSES)[number]): boolean {
  return (ORDER_STEPS[step].from as readonly string[]).includes(status);
}

/** What the API answers (409) to a step the order's current state does not allow. */
export function stepRefusedMessage(step: OrderStep, status: (typeof ORDER_STATUSES)[number]): string {
  return `订单当前状态为「${ORDER_STATUS_LABELS[status]}」，不能${ORDER_STEPS[step].label}`;
}

/** What 采购 answers (409) for an order of a blacklisted buyer sent without `confirm_blacklist`. */
export const BLACKLIST_CONFIRM_MESSAGE = '该买家已被拉黑，请确认后再采购';

/** Most orders one batch call may touch (by ids or by the list filter). */
export const ORDER_BATCH_MAX = 1000;

/** What a batch by filter answers when the filter matches more orders than {@link ORDER_BATCH_MAX}. */
export function batchTooLargeMessage(count: number): string {
  return `符合条件的订单有 ${count} 单，超过单次批量处理上限 ${ORDER_BATCH_MAX} 单，请缩小筛选范围`;
}

/**
 * What a batch by filter answers (409) when the filter no longer matches the number of orders the user
 * saw (`expected_count`): orders came or went since, so the batch would act on other orders than shown.
 */
export function batchCountChangedMessage(count: number, expected: number): string {
  return `订单数量已变化（您看到 ${expected} 单，现有 ${count} 单），请刷新后重试`;
}

// ---- tracking-number import ---------------------------------------------------------

/** The columns of an import file, by their header (the first row must name them, in any order). */
export const IMPORT_COLUMNS = ['订单号', '快递公司', '快递单号'] as const;
/** Largest import file (bytes) and most data rows: one file is one batch (`ORDER_BATCH_MAX`). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = ORDER_BATCH_MAX;
/** Longest cell of an import file (characters); longer ones refuse the file. */
export const IMPORT_MAX_CELL = 100;

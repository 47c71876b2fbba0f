/** After-sales: their types and states, and the steps 售后处理 may take from each. */

import { AFTER_SALE_STATUS_LABELS, AFTER_SALE_TYPE_LABELS } from './labels.js';

/** `refund`: money only; `return`: goods back and money back; `exchange`: goods back, another sent. */
export const AFTER_SALE_TYPES = ['refund', 'return', 'exchange'] as const;
export const AFTER_SALE_STATUSES = ['pending', 'processing', 'finished', 'rejected'] as const;

/**
 * The after-sale steps and what each may start from, as (type, status) pairs, the one source of these
 * rules (the server's guarded UPDATE takes the same pairs): 同意退款 a refund that is pending or
 * processing, or a return that is processing (its goods came back); 拒绝 anything pending or
 * processing; 确认收到退货 a pending return or exchange.
 */
export const AFTER_SALE_STEPS = {
  /** 同意退款: a refund, or a return whose goods came back. */
  refund: {
    label: '同意退款',
    to: 'finished',
    from: [
      ['refund', 'pending'],
      ['refund', 'processing'],
      ['return', 'processing'],
    ],
  },
  /** 拒绝 (with a reason). */
  reject: {
    label: '拒绝',
    to: 'rejected',
    from: AFTER_SALE_TYPES.flatMap((type) => [[type, 'pending'] as const, [type, 'processing'] as const]),
  },
  /** 确认收到退货 (with the return tracking number): a return or an exchange. */
  receive: {
    label: '确认收到退货',
    to: 'processing',
    from: [
      ['return', 'pending'],
      ['exchange', 'pending'],
    ],
  },
} as const satisfies Record<
  string,
  {
    label: string;
    to: (typeof AFTER_SALE_STATUSES)[number];
    from: readonly (readonly [(typeof AFTER_SALE_TYPES)[number], (typeof AFTER_SALE_STATUSES)[number]])[];
  }
>;
export type AfterSaleStep = keyof typeof AFTER_SALE_STEPS;

/** Whether `step` may start from an after-sale of this type and status (see AFTER_SALE_STEPS). */
export function afterSaleStepAllowed(
  step: AfterSaleStep,
  type: (typeof AFTER_SALE_TYPES)[number],
  status: (typeof AFTER_SALE_STATUSES)[number],
): boolean {
  return AFTER_SALE_STEPS[step].from.some(([t, s]) => t === type && s === status);
}

/** What the API answers (409) to an after-sale step its state or type does not allow. */
export function afterSaleStepRefusedMessage(
  step: AfterSaleStep,
  type: (typeof AFTER_SALE_TYPES)[number],
  status: (typeof AFTER_SALE_STATUSES)[number],
): string {
  const label = AFTER_SALE_STEPS[step].label;
  if (status === 'finished' || status === 'rejected' || step === 'reject') {
    return `售后单当前状态为「${AFTER_SALE_STATUS_LABELS[status]}」，不能${label}`;
  }
  if (step === 'refund' && type === 'return') return '退货退款需先确认收到退货，再同意退款';
  return `「${AFTER_SALE_TYPE_LABELS[type]}」售后单当前状态为「${AFTER_SALE_STATUS_LABELS[status]}」，不能${label}`;
}

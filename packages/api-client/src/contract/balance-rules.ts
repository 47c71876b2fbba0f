/** The balance (余额): ledger entries, top-ups (充值) and the refusal of a purchase it does not cover. */

/** A ledger entry: `topup` 充值, `charge` 扣费, `refund` 退款, `adjust` 调整 (by an operator). */
export const BALANCE_ENTRY_KINDS = ['topup', 'charge', 'refund', 'adjust'] as const;
/** A top-up: `pending` until Alipay reports it, `paid`, `closed` unpaid, `flagged` for an operator. */
export const TOPUP_STATUSES = ['pending', 'paid', 'closed', 'flagged'] as const;
/** The smallest and largest top-up, in fen (¥1 and ¥50,000). */
export const TOPUP_MIN_FEN = 100;
export const TOPUP_MAX_FEN = 5_000_000;
/** What the API answers (HTTP 409) to a purchase whose fee the balance does not cover. */
export const INSUFFICIENT_BALANCE_MESSAGE = '余额不足，请先充值';

// ---- reconcile: 充值异常 (operators) ---------------------------------------------------------------

/** What 充值异常 lists: a `topup` flagged by the notification or the reconciliation, a refused `notice`. */
export const PAYMENT_ISSUE_KINDS = ['topup', 'notice'] as const;
/** `open` until an operator marks it handled (标记已处理), then `resolved`. */
export const PAYMENT_ISSUE_STATES = ['open', 'resolved'] as const;

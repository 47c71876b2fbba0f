import * as z from 'zod';
import { PAYMENT_ISSUE_KINDS, PAYMENT_ISSUE_STATES } from './balance-rules.js';
import { filter, idSchema, unixTimeSchema } from './common.js';
import { MAX_FEN } from './limits.js';
import { listParamsSchema } from './list.js';

/**
 * 充值异常 (operators only): the top-ups flagged because Alipay's records disagree with ours (another
 * amount, paid while we hold it closed), found by the notification or the daily reconciliation, and
 * the Alipay notifications that credited nothing (bad signature, another app id, another amount, an
 * unknown or another account's `out_trade_no`, `TRADE_CLOSED`). An operator checks each with Alipay
 * and marks it handled (标记已处理, logged); marking changes no balance (an adjustment does).
 */

export const paymentIssueKindSchema = z.enum(PAYMENT_ISSUE_KINDS);
export const paymentIssueStateSchema = z.enum(PAYMENT_ISSUE_STATES);
export type PaymentIssueKind = z.infer<typeof paymentIssueKindSchema>;
export type PaymentIssueState = z.infer<typeof paymentIssueStateSchema>;

/** Body of `/api/reconcile/topups` and `/api/reconcile/notices`: newest first, by state. */
export const paymentIssueListParamsSchema = listParamsSchema.extend({
  state: filter(paymentIssueStateSchema),
});
export type PaymentIssueListParams = z.input<typeof paymentIssueListParamsSchema>;

/** Who marked it handled and when (null while open). */
const resolution = {
  resolved_at: unixTimeSchema.nullable(),
  resolved_by: z.string().max(64).nullable(),
};

/** A flagged top-up: the account, what was asked (fen) and why it was flagged. */
export const flaggedTopupSchema = z.object({
  id: idSchema,
  out_trade_no: z.string().max(64),
  account_id: idSchema,
  account_name: z.string().max(200),
  amount: z.int().min(1).max(MAX_FEN),
  reason: z.string().max(200),
  created_at: unixTimeSchema,
  flagged_at: unixTimeSchema.nullable(),
  ...resolution,
});
export type FlaggedTopup = z.infer<typeof flaggedTopupSchema>;

/**
 * A refused notification as it came (never its signature): the account when its `out_trade_no` is
 * one of our top-ups, Alipay's amount and status as written. One naming a top-up we hold is a row of
 * its own (`source` null, `hits` 1); the others are counted per source (client IP) and hour: `hits`
 * of them from `created_at` to `last_seen_at`, the fields the latest's (`source` `*`: the sources past
 * the hour's limit together).
 */
export const paymentNoticeSchema = z.object({
  id: idSchema,
  out_trade_no: z.string().max(64),
  account_id: idSchema.nullable(),
  account_name: z.string().max(200).nullable(),
  problem: z.string().max(200),
  trade_status: z.string().max(32),
  total_amount: z.string().max(32),
  created_at: unixTimeSchema,
  last_seen_at: unixTimeSchema,
  source: z.string().max(64).nullable(),
  hits: z.int().min(1),
  ...resolution,
});
export type PaymentNotice = z.infer<typeof paymentNoticeSchema>;

/** Body of `/api/reconcile/resolve`: one flagged top-up or refused notification. */
export const paymentIssueResolveBodySchema = z.object({ kind: paymentIssueKindSchema, id: idSchema });

/** What `/api/reconcile/resolve` answers: the item, now handled. */
export const paymentIssueResolvedSchema = z.object({
  kind: paymentIssueKindSchema,
  id: idSchema,
  ...resolution,
});

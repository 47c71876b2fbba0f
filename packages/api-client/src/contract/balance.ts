import * as z from 'zod';
import { BALANCE_ENTRY_KINDS, TOPUP_MAX_FEN, TOPUP_MIN_FEN, TOPUP_STATUSES } from './balance-rules.js';
import { dateStringSchema, filter, idSchema, text, unixTimeSchema } from './common.js';
import { MAX_FEN } from './limits.js';
import { listParamsSchema } from './list.js';
import { PLATFORMS } from './shop-rules.js';

/**
 * 余额 and 充值: the seller account's balance (integer fen), its ledger (余额明细) and its top-ups
 * through Alipay. The balance equals the sum of the entries and never goes below zero (the server's
 * database holds both rules).
 */

export const balanceEntryKindSchema = z.enum(BALANCE_ENTRY_KINDS);
export type BalanceEntryKind = z.infer<typeof balanceEntryKindSchema>;
export const topupStatusSchema = z.enum(TOPUP_STATUSES);
export type TopupStatus = z.infer<typeof topupStatusSchema>;

/** `/api/balance/summary`: the balance and the top-up limits (fen). */
export const balanceSummarySchema = z.object({
  balance: z
    .int()
    .min(0)
    .max(MAX_FEN * 100),
  topup_min: z.int(),
  topup_max: z.int(),
});
export type BalanceSummary = z.infer<typeof balanceSummarySchema>;

/**
 * A top-up amount in fen: a whole number from ¥1 to ¥50,000. Each refusal says why in Chinese (a
 * string, a fraction of a fen i.e. more than two decimals of yuan, zero or negative, over the limit).
 */
export const topupAmountSchema = z
  .number({ error: '充值金额必须是数字' })
  .refine(Number.isInteger, '充值金额最多两位小数')
  .refine((fen) => fen > 0, '充值金额必须大于 0')
  .refine((fen) => fen >= TOPUP_MIN_FEN, `单次充值不少于 ¥${TOPUP_MIN_FEN / 100}`)
  .refine((fen) => fen <= TOPUP_MAX_FEN, `单次充值不超过 ¥${(TOPUP_MAX_FEN / 100).toLocaleString('en-US')}`);

/** Body of `/api/balance/topup`: the amount (fen); `wap` pays in Alipay's mobile cashier. */
export const topupBodySchema = z.object({ amount: topupAmountSchema, wap: z.boolean().optional() });
export type TopupBody = z.input<typeof topupBodySchema>;

export const outTradeNoSchema = z.string().regex(/^T[0-9]{22}$/, '充值单号无效');

/** A top-up as our records hold it (the result page reads this, never the return URL's query). */
export const topupSchema = z.object({
  out_trade_no: outTradeNoSchema,
  amount: z.int().min(1).max(TOPUP_MAX_FEN),
  status: topupStatusSchema,
  created_at: unixTimeSchema,
  settled_at: unixTimeSchema.nullable(),
});
export type Topup = z.infer<typeof topupSchema>;

/** What `/api/balance/topup` answers: the top-up and the Alipay URL to open. */
export const topupStartedSchema = topupSchema.extend({ pay_url: z.string().max(8192) });
export type TopupStarted = z.infer<typeof topupStartedSchema>;

/** Body of `/api/balance/topup-status`. */
export const topupStatusBodySchema = z.object({ out_trade_no: outTradeNoSchema });

/** One entry of 余额明细: signed amount and the balance after it, in fen. */
export const balanceEntrySchema = z.object({
  id: idSchema,
  kind: balanceEntryKindSchema,
  amount: z.int().min(-MAX_FEN).max(MAX_FEN),
  balance_after: z.int().min(0),
  reason: text(200),
  order_id: idSchema.nullable(),
  payment_no: z.string().max(64).nullable(),
  created_at: unixTimeSchema,
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

/** Body of `/api/balance/entries`: newest first, by kind and by day (inclusive, Asia/Shanghai). */
export const balanceEntryListParamsSchema = listParamsSchema.extend({
  kind: filter(balanceEntryKindSchema),
  start_date: filter(dateStringSchema),
  end_date: filter(dateStringSchema),
});
export type BalanceEntryListParams = z.input<typeof balanceEntryListParamsSchema>;

/** 代发服务费 (fen) of a purchased order: the default, and per platform when operators set one. */
export const purchaseFeesSchema = z
  .object({
    default_fee: z
      .int('服务费必须是整数（分）')
      .min(0, '服务费不能为负')
      .max(100_000_000, '服务费不超过 ¥1,000,000'),
    platforms: z
      .array(
        z.object({
          platform: z.enum(PLATFORMS),
          fee: z
            .int('服务费必须是整数（分）')
            .min(0, '服务费不能为负')
            .max(100_000_000, '服务费不超过 ¥1,000,000'),
        }),
      )
      .max(PLATFORMS.length),
  })
  .refine((fees) => new Set(fees.platforms.map((p) => p.platform)).size === fees.platforms.length, {
    message: '每个平台只能设置一个服务费',
    path: ['platforms'],
  });
export type PurchaseFees = z.infer<typeof purchaseFeesSchema>;

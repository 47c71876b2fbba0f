import * as z from 'zod';
import { BALANCE_ENTRY_KINDS, TOPUP_MAX_FEN, TOPUP_MIN_FEN, TOPUP_STATUSES } from './balance-rules.js';
import { dateStringSchema, filter, idLikeSchema, idSchema, text, unixTimeSchema } from './common.js';
import { exportFormatSchema } from './export.js';
import { MAX_FEN } from './limits.js';
import { listParamsSchema } from './list.js';
import { fenToYuan } from './money.js';
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
  /** 余额预警, the balance (fen) below which a charge raises a notification; null: off. */
  warn_below: z.int().min(1).max(100_000_000).nullable(),
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
  .refine((fen) => fen >= TOPUP_MIN_FEN, `单次充值不少于 ¥${fenToYuan(TOPUP_MIN_FEN)}`)
  .refine(
    (fen) => fen <= TOPUP_MAX_FEN,
    `单次充值不超过 ¥${fenToYuan(TOPUP_MAX_FEN).toLocaleString('en-US')}`,
  );

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

// ---- operators adjust a balance (卖家管理 调整余额) ----------------------------------------------

/** The largest adjustment either way, in fen (¥1,000,000). */
export const ADJUST_MAX_FEN = 100_000_000;

/**
 * An adjustment in fen: a whole number, not zero, positive to add and negative to deduct, at most
 * ¥1,000,000 either way. Each refusal says why in Chinese.
 */
export const adjustAmountSchema = z
  .number({ error: '调整金额必须是数字' })
  .refine(Number.isInteger, '调整金额最多两位小数')
  .refine((fen) => fen !== 0, '调整金额不能为 0')
  .refine(
    (fen) => Math.abs(fen) <= ADJUST_MAX_FEN,
    `单次调整不超过 ±¥${fenToYuan(ADJUST_MAX_FEN).toLocaleString('en-US')}`,
  );

/** Body of `/api/seller/balance-adjust`: the account, the signed amount (fen) and why (1-200 chars). */
export const balanceAdjustBodySchema = z.object({
  id: idLikeSchema,
  amount: adjustAmountSchema,
  reason: z
    .string({ error: '请填写调整原因' })
    .trim()
    .min(1, '请填写调整原因')
    .max(200, '调整原因最多 200 个字'),
});
export type BalanceAdjustBody = z.input<typeof balanceAdjustBodySchema>;

/** What an adjustment answers: the balance before and after it (fen) and its ledger entry. */
export const balanceAdjustResultSchema = z.object({
  id: idSchema,
  balance_before: z
    .int()
    .min(0)
    .max(MAX_FEN * 100),
  balance_after: z
    .int()
    .min(0)
    .max(MAX_FEN * 100),
  entry: balanceEntrySchema,
});
export type BalanceAdjustResult = z.infer<typeof balanceAdjustResultSchema>;

// ---- 余额预警 (the seller's low-balance threshold) ----------------------------------

/** The largest threshold, in fen (¥1,000,000). */
export const WARN_BELOW_MAX_FEN = 100_000_000;

/**
 * Body of `/api/balance/warning-save`: the threshold in fen (a whole number, ¥0.01 to ¥1,000,000), or
 * null to turn the warning off. Answers the same.
 */
export const balanceWarningSchema = z.object({
  warn_below: z
    .number({ error: '预警金额必须是数字' })
    .refine(Number.isInteger, '预警金额最多两位小数')
    .refine((fen) => fen > 0, '预警金额必须大于 0')
    .refine(
      (fen) => fen <= WARN_BELOW_MAX_FEN,
      `预警金额不超过 ¥${fenToYuan(WARN_BELOW_MAX_FEN).toLocaleString('en-US')}`,
    )
    .nullable(),
});
export type BalanceWarning = z.infer<typeof balanceWarningSchema>;

// ---- 余额明细 导出 -----------------------------------------------------------------

/**
 * Body of `/api/balance/export`: 余额明细's filters (kind, days) and a format; answers the queued export
 * job (下载中心). The file: time, kind (Chinese), amount and balance after in yuan, reason, order number,
 * payment number.
 */
export const balanceExportBodySchema = balanceEntryListParamsSchema
  .omit({ pageIndex: true, pageSize: true })
  .extend({ format: exportFormatSchema });
export type BalanceExportBody = z.input<typeof balanceExportBodySchema>;
export type BalanceExportFilters = Omit<z.output<typeof balanceExportBodySchema>, 'format'>;

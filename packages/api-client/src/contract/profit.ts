import * as z from 'zod';
import { dateStringSchema, filter, idLikeSchema, idSchema, platformCodeSchema, text } from './common.js';
import { MAX_FEN } from './limits.js';
import { PLATFORMS } from './shop-rules.js';

/**
 * Cost and profit (成本, 利润). An order's 成本 is `orders.cost` (fen: goods + freight, written by 采购);
 * its 利润 is `amount - cost - fee - service_fee`, where `fee = round_half_up(amount * rate / 10000)` and
 * `rate` is the platform's fee (平台扣点) in 1/10000 of the amount (60 = 0.6 %), set per platform in
 * 代发设置, and `service_fee` the 代发服务费 charged to the balance at 采购 (net of its refund).
 * Integer fen throughout; an order without a cost has no profit (null), never a profit as if it cost 0.
 */

/** 平台扣点 is at most 100 %: 10000 / 10000. */
export const FEE_RATE_MAX = 10_000;

export const feeRateSchema = z.object({
  platform: platformCodeSchema,
  /** 1/10000 of the amount: 60 = 0.6 %. */
  rate: z.int().min(0).max(FEE_RATE_MAX),
});
export type FeeRate = z.infer<typeof feeRateSchema>;

/** `/api/setting/fee-rates`: every platform's rate, in the order of `PLATFORMS` (0 when never set). */
export const feeRatesSchema = z.object({ rates: z.array(feeRateSchema).max(PLATFORMS.length) });
export type FeeRates = z.infer<typeof feeRatesSchema>;

/** `/api/setting/fee-rates-save`: the rates of some platforms (each at most once). Answers every rate. */
export const feeRatesSaveBodySchema = z.object({
  rates: z
    .array(feeRateSchema)
    .min(1)
    .max(PLATFORMS.length)
    .refine((rates) => new Set(rates.map((r) => r.platform)).size === rates.length, {
      message: '每个平台只能设置一次扣点',
    }),
});
export type FeeRatesSaveBody = z.input<typeof feeRatesSaveBodySchema>;

/** Signed fen (a profit may be negative), as a JSON number or the digits of an address query. */
export const signedFenLikeSchema = z
  .union([z.int(), z.string().regex(/^-?\d{1,11}$/, 'invalid amount')])
  .transform((value) => Number(value))
  .pipe(z.int().min(-MAX_FEN).max(MAX_FEN));

/** The longest 利润报表 period, in days. */
export const PROFIT_REPORT_MAX_DAYS = 366;

/**
 * Body of `/api/report/profit`: the period (`YYYY-MM-DD`, inclusive, Asia/Shanghai days, by the order's
 * `created_at` like the order list's dates) and optionally one shop.
 */
export const profitReportParamsSchema = z
  .object({
    start_date: dateStringSchema,
    end_date: dateStringSchema,
    shop_id: filter(idLikeSchema),
  })
  .refine((b) => b.start_date <= b.end_date, { message: '结束日期不能早于开始日期', path: ['end_date'] })
  .refine((b) => Date.parse(b.end_date) - Date.parse(b.start_date) < PROFIT_REPORT_MAX_DAYS * 86_400_000, {
    message: `统计区间最长 ${PROFIT_REPORT_MAX_DAYS} 天`,
    path: ['end_date'],
  });
export type ProfitReportParams = z.input<typeof profitReportParamsSchema>;

/**
 * The sums of a group of orders (cancelled orders are left out). `orders` / `sales`: all of them;
 * `costed_*`, `cost`, `fee`, `profit`: those with a cost; `uncosted_*`: those without (成本未录入),
 * counted apart, never as if they cost 0. Margin = profit / costed_sales.
 */
export const profitSumsSchema = z.object({
  orders: z.int().min(0),
  sales: z.int().min(0),
  costed_orders: z.int().min(0),
  costed_sales: z.int().min(0),
  cost: z.int().min(0),
  fee: z.int().min(0),
  /** The 代发服务费 of those orders (charged at 采购, net of refunds), in their profit. */
  service_fee: z.int().min(0),
  profit: z.int(),
  uncosted_orders: z.int().min(0),
  uncosted_sales: z.int().min(0),
});
export type ProfitSums = z.infer<typeof profitSumsSchema>;

/** 利润报表: the period's totals, every day of it (oldest first, zeros included), by shop and by goods. */
export const profitReportSchema = z.object({
  totals: profitSumsSchema,
  days: z.array(profitSumsSchema.extend({ date: dateStringSchema })).max(PROFIT_REPORT_MAX_DAYS),
  shops: z
    .array(profitSumsSchema.extend({ shop_id: idSchema, shop_name: text(64), platform: platformCodeSchema }))
    .max(10_000),
  /** By the title of the order's first line (the goods it was bought for), most sales first, top 100. */
  goods: z.array(profitSumsSchema.extend({ title: z.string().max(120) })).max(100),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

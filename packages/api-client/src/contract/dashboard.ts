import * as z from 'zod';
import { dateStringSchema, fenSchema } from './common.js';
import { SETUP_STEPS } from './dashboard-rules.js';
import { ORDER_EXCEPTIONS } from './order-exception-rules.js';
import { SHOP_ATTENTIONS } from './shop-rules.js';
import { DASHBOARD_CHART_DAYS } from './time.js';

/** One day of the 工作台 chart: the orders created that day and their amount (fen). */
export const dashboardDaySchema = z.object({
  date: dateStringSchema,
  orders: z.int().min(0),
  /** Absent for a caller without finance:view (finance-rules.ts). */
  sales: fenSchema.optional(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/**
 * 工作台 at a glance (`/api/dashboard/summary`): today's counts, each the total of a list with one
 * filter (the same filter code answers both), and the last {@link DASHBOARD_CHART_DAYS} days, oldest
 * first, every day present (zero when nothing was ordered).
 */
export const dashboardSummarySchema = z.object({
  /** Today in Asia/Shanghai, `YYYY-MM-DD`: the `start_date`/`end_date` of the today links. */
  today: dateStringSchema,
  /** 待采购: orders `pending`. */
  pending: z.int().min(0),
  /** 待发货: orders `purchased`. */
  purchased: z.int().min(0),
  /** 售后待处理: after-sale requests `pending`. */
  after_sale_pending: z.int().min(0),
  /** Today's orders and their amount (fen; absent for a caller without finance:view, finance-rules.ts). */
  today_orders: z.int().min(0),
  today_sales: fenSchema.optional(),
  /** 异常订单: the orders of each exception view (order-exception-rules.ts), its list's total. */
  exceptions: z.record(z.enum(ORDER_EXCEPTIONS), z.int().min(0)).optional(),
  days: z.array(dashboardDaySchema).max(DASHBOARD_CHART_DAYS),
  /** The account's balance (fen; absent for a caller without finance:view). */
  balance: fenSchema.optional(),
  /** The shops of each `attention` view of 店铺设置, its list's total (absent without shop:manage). */
  shops: z.record(z.enum(SHOP_ATTENTIONS), z.int().min(0)).optional(),
  /** 新手指引's steps, each done or not from the account's own state ({@link SETUP_STEPS}). */
  setup: z.record(z.enum(SETUP_STEPS), z.boolean()).optional(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

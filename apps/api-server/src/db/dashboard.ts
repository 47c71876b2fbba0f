import {
  type AfterSaleListParams,
  DASHBOARD_CHART_DAYS,
  type DashboardDay,
  type DashboardSummary,
} from '@consign/api-client';
import {
  afterSaleListParamsSchema,
  SHANGHAI_OFFSET_SECONDS,
  shanghaiDateTime,
} from '@consign/api-client/contract';
import { dayStart } from './list';
import { countOrderExceptions, countOrders, listAfterSales } from './order';
import { orderFilters } from './order-filters';
import { inShops, type Scope } from './scope';

/**
 * 工作台 at a glance. Each count is the total of the list its link opens, computed by that
 * list's own code with the same filter (so the number on the card is the number on the list): 待采购
 * and 待发货 are the order list's status tabs and today's orders the order list between today and
 * today (`countOrders`, which the list's total comes from), 售后待处理 the after-sale list's `pending`.
 * Days are Asia/Shanghai days (UTC+8, no DST).
 */

/** `YYYY-MM-DD` of the Asia/Shanghai day holding unix second `t`. */
export function shanghaiDate(t: number): string {
  return shanghaiDateTime(t).slice(0, 10);
}

/** The params of the after-sale list as its route parses them; one row is enough, only the total is read. */
const afterSaleList = (filters: Omit<AfterSaleListParams, 'pageIndex' | 'pageSize'>) =>
  afterSaleListParamsSchema.parse({ ...filters, pageIndex: 1, pageSize: 1 });

export async function dashboardSummary(scope: Scope, now: number): Promise<DashboardSummary> {
  const today = shanghaiDate(now);
  const firstDay = shanghaiDate(now - (DASHBOARD_CHART_DAYS - 1) * 86_400);
  const todayFilter = { start_date: today, end_date: today };
  const { filters: f, filterJoins } = orderFilters(scope, todayFilter);
  const perDayParams: unknown[] = [scope.accountId, dayStart(firstDay), SHANGHAI_OFFSET_SECONDS];
  const [pending, purchased, afterSales, todayOrders, [sales], perDay, exceptions] = await Promise.all([
    countOrders(scope, { status: 'pending' }),
    countOrders(scope, { status: 'purchased' }),
    listAfterSales(scope, afterSaleList({ status: 'pending' })),
    countOrders(scope, todayFilter),
    scope.db.query<{ sales: number }>(
      `SELECT COALESCE(sum(o.amount), 0)::bigint AS sales FROM orders o ${filterJoins} ${f.sql}`,
      f.params,
    ),
    scope.db.query<{ day: number; orders: number; sales: number }>(
      `SELECT ((created_at + $3) / 86400)::int AS day, count(*)::int AS orders,
         COALESCE(sum(amount), 0)::bigint AS sales
       FROM orders WHERE account_id = $1 AND created_at >= $2${inShops(scope, 'shop_id', perDayParams)}
       GROUP BY 1`,
      perDayParams,
    ),
    // 异常订单's views, each its list's total (db/order-exceptions.ts).
    countOrderExceptions(scope, {}),
  ]);
  const byDay = new Map(perDay.map((row) => [Number(row.day), row]));
  const firstIndex = Math.floor((now + SHANGHAI_OFFSET_SECONDS) / 86_400) - (DASHBOARD_CHART_DAYS - 1);
  const days: DashboardDay[] = Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => {
    const row = byDay.get(firstIndex + i);
    return {
      date: new Date((firstIndex + i) * 86_400_000).toISOString().slice(0, 10),
      orders: row?.orders ?? 0,
      sales: Number(row?.sales ?? 0),
    };
  });
  return {
    today,
    pending,
    purchased,
    after_sale_pending: afterSales.total,
    today_orders: todayOrders,
    today_sales: Number(sales?.sales ?? 0),
    exceptions,
    days,
  };
}

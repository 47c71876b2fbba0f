import {
  type AfterSaleListParams,
  DASHBOARD_CHART_DAYS,
  type DashboardDay,
  type DashboardSummary,
} from '@consign/api-client';
import {
  afterSaleListParamsSchema,
  type SetupStep,
  SHANGHAI_OFFSET_SECONDS,
  SHOP_ATTENTIONS,
  type ShopAttention,
  shanghaiDateTime,
  shopListParamsSchema,
} from '@consign/api-client/contract';
import { balanceOf } from './balance';
import { dayStart } from './list';
import { countOrderExceptions, countOrders, listAfterSales } from './order';
import { orderFilters } from './order-filters';
import { inShops, type Scope } from './scope';
import { listShops } from './shop';
import { supplierAccount } from './supplier-account';

/**
 * 工作台 at a glance. Each count is the total of the list its link opens, computed by that
 * list's own code with the same filter (so the number on the card is the number on the list): 待采购
 * and 待发货 are the order list's status tabs and today's orders the order list between today and
 * today (`countOrders`, which the list's total comes from), 售后待处理 the after-sale list's `pending`,
 * the shop counts 店铺设置's `attention` views (`listShops`). Days are Asia/Shanghai days (UTC+8, no DST).
 */

/** `YYYY-MM-DD` of the Asia/Shanghai day holding unix second `t`. */
export function shanghaiDate(t: number): string {
  return shanghaiDateTime(t).slice(0, 10);
}

/** The params of the after-sale list as its route parses them; one row is enough, only the total is read. */
const afterSaleList = (filters: Omit<AfterSaleListParams, 'pageIndex' | 'pageSize'>) =>
  afterSaleListParamsSchema.parse({ ...filters, pageIndex: 1, pageSize: 1 });

/** Each `attention` view of 店铺设置 and its total, by the list's own code (`listShops`). */
async function shopCounts(scope: Scope, now: number): Promise<Record<ShopAttention, number>> {
  const totals = await Promise.all(
    SHOP_ATTENTIONS.map(async (attention) => {
      const params = shopListParamsSchema.parse({ attention, pageIndex: 1, pageSize: 1 });
      return [attention, (await listShops(scope, params, now)).total] as const;
    }),
  );
  return Object.fromEntries(totals) as Record<ShopAttention, number>;
}

/**
 * 新手指引's checklist from the account's own state (docs/design.md#workbench): a shop, the 1688 buyer
 * account connected, a 发货地址, 自动付款 on, and money on the balance (or a paid 充值).
 */
async function setupSteps(scope: Scope, now: number): Promise<Record<SetupStep, boolean>> {
  const [[state], supplier] = await Promise.all([
    scope.db.query<{ shop: boolean; sender_address: boolean; auto_pay: boolean; top_up: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM shops WHERE account_id = $1) AS shop,
         EXISTS (SELECT 1 FROM addresses WHERE account_id = $1 AND kind = 'sender') AS sender_address,
         COALESCE((SELECT auto_pay FROM settings WHERE account_id = $1), false) AS auto_pay,
         COALESCE((SELECT balance > 0 FROM account_balances WHERE account_id = $1), false)
           OR EXISTS (SELECT 1 FROM topups WHERE account_id = $1 AND status = 'paid') AS top_up`,
      [scope.accountId],
    ),
    supplierAccount(scope, now),
  ]);
  return {
    shop: !!state?.shop,
    supplier: supplier.status === 'connected',
    sender_address: !!state?.sender_address,
    auto_pay: !!state?.auto_pay,
    top_up: !!state?.top_up,
  };
}

/**
 * `withShops`: the caller holds shop:manage (店铺设置's permission), so the shop counts are theirs to
 * see. The balance is money: the route's money rule leaves it out for a caller without finance:view.
 */
export async function dashboardSummary(
  scope: Scope,
  now: number,
  { withShops }: { withShops: boolean } = { withShops: false },
): Promise<DashboardSummary> {
  const today = shanghaiDate(now);
  const firstDay = shanghaiDate(now - (DASHBOARD_CHART_DAYS - 1) * 86_400);
  const todayFilter = { start_date: today, end_date: today };
  const { filters: f, filterJoins } = orderFilters(scope, todayFilter);
  const perDayParams: unknown[] = [scope.accountId, dayStart(firstDay), SHANGHAI_OFFSET_SECONDS];
  const [pending, purchased, afterSales, todayOrders, [sales], perDay, exceptions, balance, shops, setup] =
    await Promise.all([
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
      balanceOf(scope),
      withShops ? shopCounts(scope, now) : undefined,
      setupSteps(scope, now),
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
    balance: Number(balance),
    ...(shops ? { shops } : {}),
    setup,
  };
}

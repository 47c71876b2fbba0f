import {
  type FeeRates,
  PLATFORMS,
  type PlatformCode,
  type ProfitReport,
  type ProfitSums,
} from '@consign/api-client';
import { SHANGHAI_OFFSET_SECONDS } from '@consign/api-client/contract';
import type { BodyOf } from '../contract';
import { dayEndExclusive, dayStart } from './list';
import type { Saved } from './log';
import { inShops, type Scope } from './scope';

/**
 * Cost and profit (migration 0031). An order's 成本 is `orders.cost` (fen, null: not entered); its
 * 利润 is `amount - cost - fee - service_fee` (`profitSql`), `fee = (amount * rate + 5000) / 10000` in
 * integer (bigint) division: the platform's fee (平台扣点, `rate` in 1/10000 of the amount) rounded half
 * up to the fen; `service_fee` the 代发服务费 the balance was charged for it, net of its refund. Both are
 * SQL over stored columns, written here once, so the order list, its filters, the export and 利润报表
 * compute the same numbers. No floating point touches money.
 */

/** The fee (fen) of `amount` at `rate` (1/10000; null: no rate set, 0). SQL over code-written names. */
export function feeSql(amount: string, rate: string): string {
  return `((${amount} * COALESCE(${rate}, 0) + 5000) / 10000)`;
}

/** The fee rate of order `o`'s platform in its account (a correlated lookup: the list needs no join). */
export const ORDER_FEE_RATE_SQL = `(SELECT r.rate FROM shops fs JOIN platform_fee_rates r ON r.platform = fs.platform
  WHERE fs.id = o.shop_id AND r.account_id = o.account_id)`;

/**
 * The 代发服务费 order `o` paid net (fen): its ledger charge less its refund (取消 gives it back), so 0
 * for an order never charged or refunded. On the index `balance_entries_order_idx`.
 */
export const ORDER_SERVICE_FEE_SQL = `(SELECT COALESCE(-sum(be.amount), 0) FROM balance_entries be
  WHERE be.account_id = o.account_id AND be.order_id = o.id AND be.kind IN ('charge', 'refund'))`;

/**
 * 利润 = paid - cost - platform fee - 代发服务费, as SQL over the names given: the one expression of the
 * order list, its filters, the detail, the export and 利润报表 (null when the cost is null).
 */
export function profitSql(amount: string, cost: string, fee: string, serviceFee: string): string {
  return `(${amount} - ${cost} - ${fee} - ${serviceFee})`;
}

/** 利润 of order `o` (fen; null when its cost is not entered). */
export const ORDER_PROFIT_SQL = profitSql(
  'o.amount',
  'o.cost',
  feeSql('o.amount', ORDER_FEE_RATE_SQL),
  ORDER_SERVICE_FEE_SQL,
);

/**
 * 一键采购's estimate of order `orderId`'s 利润 if bought at `costFen` with a 代发服务费 of
 * `serviceFeeFen`: the same expression as the list's, over those figures (null: not the account's).
 */
export async function estimatedProfit(
  scope: Scope,
  orderId: number,
  costFen: number,
  serviceFeeFen: number,
): Promise<number | null> {
  const [row] = await scope.db.query<{ profit: number | string }>(
    `SELECT ${profitSql('o.amount', '$3::bigint', feeSql('o.amount', ORDER_FEE_RATE_SQL), '$4::bigint')} AS profit
     FROM orders o WHERE o.id = $1 AND o.account_id = $2`,
    [orderId, scope.accountId, costFen, serviceFeeFen],
  );
  return row ? Number(row.profit) : null;
}

// ---- 平台扣点 (代发设置) -------------------------------------------------------------------------

/** Every platform's fee rate of the account, in the order of `PLATFORMS` (0 when never set). */
export async function getFeeRates(scope: Scope): Promise<FeeRates> {
  const rows = await scope.db.query<{ platform: PlatformCode; rate: number }>(
    'SELECT platform, rate FROM platform_fee_rates WHERE account_id = $1',
    [scope.accountId],
  );
  const byPlatform = new Map(rows.map((row) => [row.platform, row.rate]));
  return { rates: PLATFORMS.map((platform) => ({ platform, rate: byPlatform.get(platform) ?? 0 })) };
}

/** Saves the rates given (one upsert), and answers every rate with what changed for the log. */
export async function saveFeeRates(
  scope: Scope,
  body: BodyOf<'/api/setting/fee-rates-save'>,
): Promise<Saved<FeeRates>> {
  const before = await getFeeRates(scope);
  await scope.db.query(
    `INSERT INTO platform_fee_rates (account_id, platform, rate)
     SELECT $1, platform, rate FROM unnest($2::text[], $3::int[]) AS t(platform, rate)
     ON CONFLICT (account_id, platform) DO UPDATE SET rate = EXCLUDED.rate`,
    [scope.accountId, body.rates.map((r) => r.platform), body.rates.map((r) => r.rate)],
  );
  const after = await getFeeRates(scope);
  const asFields = (rates: FeeRates) => Object.fromEntries(rates.rates.map((r) => [r.platform, r.rate]));
  return {
    row: after,
    change: {
      target: { type: 'fee_rates', id: null, name: '平台扣点' },
      before: asFields(before),
      after: asFields(after),
    },
  };
}

// ---- 利润报表 ---------------------------------------------------------------------------------------

/**
 * The sums of a group (see `profitSumsSchema`): all orders and their sales; those with a cost, their
 * sales, cost, fee and profit; those without (成本未录入), counted apart. Over the report's narrow rows
 * `o` (`amount`, `cost`, `fee` = `feeSql` of the order's platform rate).
 */
const SUMS = `count(*)::int AS orders, COALESCE(sum(o.amount), 0) AS sales,
  count(o.cost)::int AS costed_orders,
  COALESCE(sum(o.amount) FILTER (WHERE o.cost IS NOT NULL), 0) AS costed_sales,
  COALESCE(sum(o.cost), 0) AS cost,
  COALESCE(sum(o.fee) FILTER (WHERE o.cost IS NOT NULL), 0) AS fee,
  COALESCE(sum(o.service_fee) FILTER (WHERE o.cost IS NOT NULL), 0) AS service_fee,
  COALESCE(sum(${profitSql('o.amount', 'o.cost', 'o.fee', 'o.service_fee')}), 0) AS profit,
  (count(*) - count(o.cost))::int AS uncosted_orders,
  COALESCE(sum(o.amount) FILTER (WHERE o.cost IS NULL), 0) AS uncosted_sales`;

const ZERO: ProfitSums = {
  orders: 0,
  sales: 0,
  costed_orders: 0,
  costed_sales: 0,
  cost: 0,
  fee: 0,
  service_fee: 0,
  profit: 0,
  uncosted_orders: 0,
  uncosted_sales: 0,
};

function sums(row: Record<string, unknown>): ProfitSums {
  return Object.fromEntries(Object.keys(ZERO).map((key) => [key, Number(row[key] ?? 0)])) as ProfitSums;
}

/** The goods rows of the report: the most sold first. */
const GOODS_ROWS = 100;

/**
 * 利润报表 of a period (Asia/Shanghai days by `created_at`, as the order list's dates), optionally of one
 * shop: cancelled orders left out. One statement groups the period's orders by day, shop and the title
 * of their first line (GROUPING SETS), on the index `(account_id, created_at)`. The period's rows are
 * first cut down to the columns summed (a materialised CTE): grouping the orders' rows directly sorted
 * them whole, `goods` included, past `work_mem` onto disk, or sent them whole between parallel workers
 * (EXPLAIN ANALYZE at 100,000 orders, 19,675 in 90 days, in docs/api-server/profit.md); narrow rows are
 * hashed in memory, in one pass.
 */
export async function profitReport(
  scope: Scope,
  params: BodyOf<'/api/report/profit'>,
): Promise<ProfitReport> {
  const from = dayStart(params.start_date) ?? 0;
  const to = dayEndExclusive(params.end_date) ?? 0;
  const values: unknown[] = [scope.accountId, from, to, SHANGHAI_OFFSET_SECONDS];
  if (params.shop_id) values.push(params.shop_id);
  const shops = inShops(scope, 'o.shop_id', values);
  const rows = await scope.db.query<
    Record<string, unknown> & {
      day: number | null;
      shop_id: number | null;
      title: string | null;
      by_day: number;
      by_shop: number;
      by_title: number;
    }
  >(
    `WITH o AS MATERIALIZED (
       SELECT ((o.created_at + $4) / 86400)::int AS day, o.shop_id, o.goods->0->>'title' AS title,
         o.amount, o.cost, ${feeSql('o.amount', 'r.rate')} AS fee, ${ORDER_SERVICE_FEE_SQL} AS service_fee
       FROM orders o
       JOIN shops s ON s.id = o.shop_id
       LEFT JOIN platform_fee_rates r ON r.account_id = o.account_id AND r.platform = s.platform
       WHERE o.account_id = $1 AND o.created_at >= $2 AND o.created_at < $3 AND o.status <> 'cancelled'
         ${params.shop_id ? 'AND o.shop_id = $5' : ''}${shops}
     )
     SELECT day, shop_id, title, GROUPING(day) AS by_day, GROUPING(shop_id) AS by_shop,
       GROUPING(title) AS by_title, ${SUMS}
     FROM o GROUP BY GROUPING SETS ((), (day), (shop_id), (title))`,
    values,
  );
  let totals = ZERO;
  const byDay = new Map<number, ProfitSums>();
  const byShop: { shop_id: number; sums: ProfitSums }[] = [];
  const byTitle: { title: string; sums: ProfitSums }[] = [];
  for (const row of rows) {
    // GROUPING(x) is 0 for the set grouped by x, 1 where x is rolled up.
    if (row.by_day === 0) byDay.set(Number(row.day), sums(row));
    else if (row.by_shop === 0) byShop.push({ shop_id: Number(row.shop_id), sums: sums(row) });
    else if (row.by_title === 0) byTitle.push({ title: row.title ?? '', sums: sums(row) });
    else totals = sums(row);
  }
  const named = await scope.db.query<{ id: number; name: string; platform: PlatformCode }>(
    'SELECT id, name, platform FROM shops WHERE id = ANY($1::int[]) AND account_id = $2',
    [byShop.map((row) => row.shop_id), scope.accountId],
  );
  const shopById = new Map(named.map((shop) => [shop.id, shop]));
  const firstDay = Math.floor((from + SHANGHAI_OFFSET_SECONDS) / 86_400);
  const dayCount = Math.round((to - from) / 86_400);
  const bySales = (a: { sums: ProfitSums }, b: { sums: ProfitSums }) =>
    b.sums.sales - a.sums.sales || b.sums.orders - a.sums.orders;
  return {
    totals,
    days: Array.from({ length: dayCount }, (_, i) => ({
      date: new Date((firstDay + i) * 86_400_000).toISOString().slice(0, 10),
      ...(byDay.get(firstDay + i) ?? ZERO),
    })),
    shops: byShop.sort(bySales).map(({ shop_id, sums }) => ({
      shop_id,
      shop_name: shopById.get(shop_id)?.name ?? '',
      platform: shopById.get(shop_id)?.platform ?? 'taobao',
      ...sums,
    })),
    goods: byTitle
      .sort((a, b) => bySales(a, b) || a.title.localeCompare(b.title))
      .slice(0, GOODS_ROWS)
      .map(({ title, sums }) => ({ title, ...sums })),
  };
}

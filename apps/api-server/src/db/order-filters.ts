import type { OrderExportFilters, OrderFilterKey, OrderFilterValues } from '@consign/api-client';
import { isFilterSet, ORDER_FILTER_KEYS } from '@consign/api-client/contract';
import { dayEndExclusive, dayStart, Filters, likePattern } from './list';
import { ORDER_EXCEPTION_SQL } from './order-exceptions';
import { ORDER_PROFIT_SQL } from './profit';
import { type Scope, shopFilter } from './scope';

/**
 * The order filters as SQL over `orders o` (the filters themselves, their schemas and their words, are
 * declared in the contract's order-filters.ts). Every order query that filters like the 代发订单 list
 * takes its WHERE clause from {@link orderFilters}: the list and its total, the status tabs' counts,
 * the export and the batches by filter.
 */

/** Between the fields of `orders.search` (migrations 0002, 0029). */
const SEARCH_SEPARATOR = '\u001f';

/** Whether order `o`'s buyer (receiver mobile) is on its account's 黑名单 (migration 0011). */
export const BLACKLISTED =
  'EXISTS (SELECT 1 FROM blacklist l WHERE l.account_id = o.account_id AND l.mobile = o.receiver_mobile)';

/** How one filter reads as SQL: its condition (`p` binds a value), and the join it needs, if any. */
interface FilterSql<K extends OrderFilterKey> {
  where: (value: NonNullable<OrderFilterValues[K]>, p: (value: unknown) => string, scope: Scope) => string;
  /** Over `o`, aliased as the condition names it (the list's own joins use the same alias). */
  join?: string;
}

/** Each filter of the contract as SQL: a filter declared there and missing here fails the type check. */
const ORDER_FILTER_SQL: { [K in OrderFilterKey]: FilterSql<K> } = {
  keyword: {
    where: (value, p) => {
      const keyword = likePattern(value) ?? '';
      // The separator of the stored search text: only the per-column form is exact then.
      if (keyword.includes(SEARCH_SEPARATOR)) {
        const k = p(keyword);
        return `(o.order_no ILIKE ${k} OR o.buyer_name ILIKE ${k} OR o.goods_titles ILIKE ${k} OR o.platform_order_no ILIKE ${k})`;
      }
      // Same answers as the ILIKE above, from one stored lower-cased copy (migrations 0002, 0029): the
      // order number, the buyer, the goods titles and the platform's order number.
      return `o.search LIKE lower(${p(keyword)})`;
    },
  },
  status: { where: (value, p) => `o.status = ${p(value)}` },
  shop_id: { where: (value, p) => `o.shop_id = ${p(value)}` },
  platform: { where: (value, p) => `s.platform = ${p(value)}`, join: 'JOIN shops s ON s.id = o.shop_id' },
  start_date: { where: (value, p) => `o.created_at >= ${p(dayStart(value))}` },
  end_date: { where: (value, p) => `o.created_at < ${p(dayEndExclusive(value))}` },
  // 买家管理's buyer: the buyer name and receiver mobile of one of their orders (db/buyer.ts).
  buyer_id: {
    where: (value, p, scope) => `(o.buyer_name, o.receiver_mobile) = (SELECT b.buyer_name, b.receiver_mobile
      FROM orders b WHERE b.id = ${p(value)} AND b.account_id = ${p(scope.accountId)})`,
  },
  blacklisted: { where: () => BLACKLISTED },
  pre_sale: { where: () => 'o.pre_sale' },
  // Cost and profit (db/profit.ts): an order without a cost has no profit and matches neither bound.
  profit_min: { where: (value, p) => `${ORDER_PROFIT_SQL} >= ${p(value)}` },
  profit_max: { where: (value, p) => `${ORDER_PROFIT_SQL} <= ${p(value)}` },
  cost_missing: { where: () => 'o.cost IS NULL' },
  exception: { where: (value) => ORDER_EXCEPTION_SQL[value].where },
};

/** The filters `params` sets (a value neither absent nor ''), in the declaration's order. */
export function setOrderFilters(params: OrderExportFilters): OrderFilterKey[] {
  return ORDER_FILTER_KEYS.filter((key) => isFilterSet(params[key]));
}

/**
 * The WHERE clause of the order filters over `orders o`, within the caller's account (and shops);
 * `filterJoins` joins what the filters present need (the shop for the platform).
 */
export function orderFilters(
  scope: Scope,
  params: OrderExportFilters,
): { filters: Filters; filterJoins: string } {
  const f = new Filters();
  f.and(`o.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 'o.shop_id');
  const joins = new Set<string>();
  const p = (value: unknown) => f.p(value);
  for (const key of setOrderFilters(params)) {
    // Each key's value with its own entry; the loop sees their union.
    const sql = ORDER_FILTER_SQL[key] as FilterSql<OrderFilterKey>;
    f.and(sql.where(params[key] as never, p, scope));
    if (sql.join) joins.add(sql.join);
  }
  return { filters: f, filterJoins: [...joins].join(' ') };
}

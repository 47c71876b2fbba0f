/**
 * Money as a permission (docs/design.md#money-is-a-permission): `finance:view` reads the balance, its
 * ledger, cost and profit, 利润报表 and the money columns of exports; `finance:manage` tops up and
 * changes 余额预警 and the fee settings. The routes that are only about money name one of them in
 * `apiRoutes`; the routes whose answers carry money among other things name a {@link MoneyRule}
 * (`money`), which the server applies, in one place, to the answers of a caller without `finance:view`.
 *
 * Without `finance:view` a money field is ABSENT from the answer (the key left out, so the schemas mark
 * them optional), never null: null keeps its own meaning (成本 null = 未录入成本, no profit without a
 * cost), and a page tells "hidden" (absent) from "not entered" (null). No zod here: plain functions
 * over the answers as sent.
 */

/** What a route's answer and body hold of money, for callers without `finance:view`. */
export interface MoneyRule {
  /** The answer without its money fields (absent keys). */
  readonly strip?: (data: unknown) => unknown;
  /**
   * The body may carry money filters ({@link ORDER_MONEY_FILTERS}, at its top level or in its `filter`):
   * refused with 403 {@link FINANCE_FILTER_REFUSED}, not silently ignored (an ignored 亏损 filter would
   * answer every order as if it were the loss-making ones).
   */
  readonly filters?: true;
}

/** An order's money: 成本 and 利润 (amount, the buyer's payment, is the order's own price: shown). */
export const ORDER_MONEY_FIELDS = ['cost', 'profit'] as const;
/** The money in an order's timeline entries' details (采购's cost). */
export const ORDER_EVENT_MONEY_DETAILS = ['cost'] as const;
/** 一键采购's estimate: the balance after it and the order's 利润 (the price and the fee to pay stay). */
export const PURCHASE_PREVIEW_MONEY_FIELDS = ['balance_after', 'profit'] as const;
/** The order list's filters on money: 利润 at least / at most, 未录入成本. */
export const ORDER_MONEY_FILTERS = ['profit_min', 'profit_max', 'cost_missing'] as const;
/** 工作台's money: the balance, today's sales, and each chart day's. */
export const DASHBOARD_MONEY_FIELDS = ['balance', 'today_sales'] as const;
export const DASHBOARD_DAY_MONEY_FIELDS = ['sales'] as const;

/** Why a money filter was refused (403). */
export const FINANCE_FILTER_REFUSED = '没有查看余额与利润的权限，不能按利润或成本筛选';
/** Why an export with money columns (or of the ledger) cannot be downloaded (403). */
export const FINANCE_EXPORT_REFUSED = '该导出含金额，需要查看余额与利润的权限才能下载';

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` without `keys` (a copy); anything but an object as it is. */
function omit(value: unknown, keys: readonly string[]): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** A page's rows through `row` (a `Page`: `{ list, total }`). */
function eachRow(page: unknown, row: (value: unknown) => unknown): unknown {
  if (!isObject(page) || !Array.isArray(page.list)) return page;
  return { ...page, list: page.list.map(row) };
}

/** An order (list row) without its money. */
export function orderWithoutMoney(order: unknown): unknown {
  return omit(order, ORDER_MONEY_FIELDS);
}

/** A page of orders without their money (`/api/order/index`). */
export function orderPageWithoutMoney(page: unknown): unknown {
  return eachRow(page, orderWithoutMoney);
}

/** An order's detail without its money, its timeline's included (`/api/order/detail`). */
export function orderDetailWithoutMoney(detail: unknown): unknown {
  const order = omit(detail, ORDER_MONEY_FIELDS);
  if (!isObject(order) || !Array.isArray(order.events)) return order;
  return {
    ...order,
    events: order.events.map((event) =>
      isObject(event) ? { ...event, details: omit(event.details, ORDER_EVENT_MONEY_DETAILS) } : event,
    ),
  };
}

/** 一键采购's preview without the balance and the profit (`/api/purchase/preview`). */
export function purchasePreviewWithoutMoney(preview: unknown): unknown {
  return omit(preview, PURCHASE_PREVIEW_MONEY_FIELDS);
}

/** 工作台 without the sales figures (`/api/dashboard/summary`): the counts stay. */
export function dashboardWithoutMoney(summary: unknown): unknown {
  const glance = omit(summary, DASHBOARD_MONEY_FIELDS);
  if (!isObject(glance) || !Array.isArray(glance.days)) return glance;
  return { ...glance, days: glance.days.map((day) => omit(day, DASHBOARD_DAY_MONEY_FIELDS)) };
}

/** The money filters a body sets (non-empty), at its top level or in its `filter` (the batches). */
export function moneyFiltersIn(body: unknown): string[] {
  if (!isObject(body)) return [];
  const set = (source: unknown) =>
    isObject(source)
      ? ORDER_MONEY_FILTERS.filter(
          (key) => source[key] !== undefined && source[key] !== null && source[key] !== '',
        )
      : [];
  return [...new Set([...set(body), ...set(body.filter)])];
}

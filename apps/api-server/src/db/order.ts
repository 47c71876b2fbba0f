import {
  AFTER_SALE_STATUSES,
  type AfterSaleOrder,
  type AfterSaleStatus,
  maskMobile,
  ORDER_EXCEPTIONS,
  ORDER_STATUSES,
  type Order,
  type OrderException,
  type OrderExportFilters,
  type OrderGoods,
  type OrderStatus,
  type Page,
  type ReceiverAddress,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import { AFTER_SALE_OPEN_SQL } from './after-sale';
import {
  countRows,
  dayEndExclusive,
  dayStart,
  Filters,
  groupTotal,
  likePattern,
  NEWEST_FIRST,
  page,
  wholeMobile,
} from './list';
import {
  exceptionCandidates,
  ORDER_EXCEPTION_SQL,
  ORDER_EXCEPTIONS_COLUMN,
  toOrderExceptions,
} from './order-exceptions';
import { BLACKLISTED, orderFilters, setOrderFilters } from './order-filters';
import { ORDER_PROFIT_SQL } from './profit';
import { type Scope, shopFilter } from './scope';
import { ORDER_WRITEBACK_COLUMN, toOrderWriteback } from './writeback';

/** 需拦截 (db/purchase.ts `flagInterception`): the 售后拦截 exception. */
const INTERCEPT_SQL = ORDER_EXCEPTION_SQL.intercept.where;

/** The columns of an order as the list shows it (before {@link toOrder}), over `o` and its shop `s`. */
export const ORDER_COLUMNS = `o.id, o.order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods, o.amount,
  o.status, o.buyer_name, o.receiver_name, o.receiver_mobile, o.receiver_address, o.created_at,
  ${BLACKLISTED} AS blacklisted, ${ORDER_WRITEBACK_COLUMN}, o.platform_order_no, o.pre_sale, o.ship_by,
  o.cost, ${ORDER_PROFIT_SQL} AS profit, o.supplier, o.supplier_order_no, o.carrier, o.tracking_no,
  ${AFTER_SALE_OPEN_SQL} AS after_sale, ${INTERCEPT_SQL} AS intercept, ${ORDER_EXCEPTIONS_COLUMN}`;

export interface OrderRow extends Omit<Order, 'receiver' | 'writeback' | 'exceptions'> {
  writeback: unknown;
  exceptions?: unknown;
  receiver_name: string;
  receiver_mobile: string;
  receiver_address: string;
  goods: OrderGoods[];
}

/** An order as the API answers it, with the receiver's mobile masked. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    order_no: row.order_no,
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    platform: row.platform,
    goods: row.goods,
    amount: row.amount,
    status: row.status,
    buyer_name: row.buyer_name,
    receiver: {
      name: row.receiver_name,
      mobile: maskMobile(row.receiver_mobile),
      address: row.receiver_address,
    },
    created_at: row.created_at,
    blacklisted: row.blacklisted,
    writeback: toOrderWriteback(row.writeback),
    platform_order_no: row.platform_order_no ?? null,
    pre_sale: row.pre_sale ?? false,
    ship_by: row.ship_by ?? null,
    cost: row.cost ?? null,
    profit: row.profit ?? null,
    supplier: row.supplier ?? null,
    supplier_order_no: row.supplier_order_no ?? null,
    carrier: row.carrier ?? null,
    tracking_no: row.tracking_no ?? null,
    after_sale: row.after_sale ?? false,
    intercept: row.intercept ?? false,
    exceptions: toOrderExceptions(row.exceptions),
  };
}

/** The account's order count (of one status), as the trigger of migration 0010 keeps it. */
async function orderTotal(scope: Scope, status: string | undefined): Promise<number> {
  const [row] = await scope.db.query<{ total: number | null }>(
    status
      ? 'SELECT total FROM order_totals WHERE account_id = $1 AND status = $2'
      : 'SELECT sum(total)::int AS total FROM order_totals WHERE account_id = $1',
    status ? [scope.accountId, status] : [scope.accountId],
  );
  return row?.total ?? 0;
}

/** Whether the filters hold nothing but (maybe) the status: the counters of migration 0010 answer. */
function onlyStatus(params: OrderExportFilters): boolean {
  return setOrderFilters(params).every((key) => key === 'status');
}

/**
 * The total of the order list with these filters: without filters, or with only the status tab, the
 * counter of migration 0010; otherwise `count(*)` with the list's own filters. The list's total and the
 * 工作台's counts (db/dashboard.ts) both come from here.
 */
export function countOrders(scope: Scope, params: OrderExportFilters): Promise<number> {
  // The counters are the whole account's: a member limited to some shops counts their rows.
  if (!scope.shopIds && onlyStatus(params)) return orderTotal(scope, params.status);
  const { filters: f, filterJoins } = orderFilters(scope, params);
  return countRows(scope.db, `FROM orders o ${filterJoins} ${f.sql}`, f.params);
}

/**
 * The status tabs' counts: the orders of each status under the list's filters (its status left out),
 * from the same WHERE clause as the list ({@link orderFilters}), so each count is the total the list
 * shows on that tab. Without filters, the counters of migration 0010.
 */
export async function countOrdersByStatus(
  scope: Scope,
  params: OrderExportFilters,
): Promise<Record<OrderStatus, number>> {
  const filters = { ...params, status: undefined };
  let rows: { status: string; total: number }[];
  if (!scope.shopIds && onlyStatus(filters)) {
    rows = await scope.db.query('SELECT status, total FROM order_totals WHERE account_id = $1', [
      scope.accountId,
    ]);
  } else {
    const { filters: f, filterJoins } = orderFilters(scope, filters);
    rows = await scope.db.query(
      `SELECT o.status, count(*)::int AS total FROM orders o ${filterJoins} ${f.sql} GROUP BY o.status`,
      f.params,
    );
  }
  return tally(ORDER_STATUSES, rows);
}

/**
 * The exception views' counts (异常订单): the orders of each kind under the list's filters (its status
 * and exception left out), with each kind's own condition (db/order-exceptions.ts), so each count is
 * the total the list shows in that view.
 */
export async function countOrderExceptions(
  scope: Scope,
  params: OrderExportFilters,
): Promise<Record<OrderException, number>> {
  const { filters: f, filterJoins } = orderFilters(scope, {
    ...params,
    status: undefined,
    exception: undefined,
  });
  f.and(exceptionCandidates(f.p(scope.accountId)));
  const [row] = await scope.db.query<Record<OrderException, number>>(
    `SELECT ${ORDER_EXCEPTIONS.map((kind) => `count(*) FILTER (WHERE ${ORDER_EXCEPTION_SQL[kind].where})::int AS ${kind}`).join(', ')}
     FROM orders o ${filterJoins} ${f.sql}`,
    f.params,
  );
  return Object.fromEntries(ORDER_EXCEPTIONS.map((kind) => [kind, Number(row?.[kind] ?? 0)])) as Record<
    OrderException,
    number
  >;
}

/** Status counts from `GROUP BY status` rows: every status of `statuses`, 0 where no row names it. */
function tally<S extends string>(
  statuses: readonly S[],
  rows: readonly { status: string; total: number }[],
): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.total);
  return counts;
}

/** A page of orders, newest first, with the receiver's mobile masked. */
export async function listOrders(scope: Scope, params: BodyOf<'/api/order/index'>): Promise<Page<Order>> {
  const { filters: f, filterJoins } = orderFilters(scope, params);
  const { list, total } = await page<OrderRow>(
    scope.db,
    {
      table: 'orders',
      alias: 'o',
      filterJoins,
      filters: f,
      order: NEWEST_FIRST,
      select: ORDER_COLUMNS,
      joins: 'JOIN shops s ON s.id = o.shop_id',
      total: () => countOrders(scope, params),
    },
    params,
  );
  return { total, list: list.map(toOrder) };
}

/**
 * The WHERE clause of 售后订单's filters over `after_sales a` (the list and its status tabs' counts
 * share it); `filterJoins` joins the order when the keyword or the shop needs it.
 */
function afterSaleFilters(
  scope: Scope,
  params: BodyOf<'/api/order/after-sale-status-counts'> & { status?: AfterSaleStatus | undefined },
): { filters: Filters; filterJoins: string } {
  const f = new Filters();
  f.and(`a.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 'o.shop_id');
  const keyword = likePattern(params.keyword);
  if (keyword) {
    const k = f.p(keyword);
    f.and(
      `(o.order_no ILIKE ${k} OR o.platform_order_no ILIKE ${k} OR a.reason ILIKE ${k} OR o.goods_titles ILIKE ${k})`,
    );
  }
  if (params.status) f.and(`a.status = ${f.p(params.status)}`);
  if (params.type) f.and(`a.type = ${f.p(params.type)}`);
  if (params.shop_id) f.and(`o.shop_id = ${f.p(params.shop_id)}`);
  if (params.start_date) f.and(`a.created_at >= ${f.p(dayStart(params.start_date))}`);
  if (params.end_date) f.and(`a.created_at < ${f.p(dayEndExclusive(params.end_date))}`);
  const joinOrder = keyword || params.shop_id || scope.shopIds;
  return { filters: f, filterJoins: joinOrder ? 'JOIN orders o ON o.id = a.order_id' : '' };
}

/** A page of after-sale orders, newest first. */
export function listAfterSales(
  scope: Scope,
  params: BodyOf<'/api/order/after-sale'>,
): Promise<Page<AfterSaleOrder>> {
  const { filters, filterJoins } = afterSaleFilters(scope, params);
  return page<AfterSaleOrder>(
    scope.db,
    {
      table: 'after_sales',
      alias: 'a',
      filterJoins,
      filters,
      order: NEWEST_FIRST,
      select: `a.id, o.order_no, o.platform_order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods, a.refund_amount, a.type,
        a.status, a.reason, a.created_at`,
      joins: 'JOIN orders o ON o.id = a.order_id JOIN shops s ON s.id = o.shop_id',
    },
    params,
  );
}

/**
 * 售后订单's status tabs' counts: the requests of each status under the list's filters (its status
 * left out), from the list's own WHERE clause ({@link afterSaleFilters}), so each count is the total
 * the list shows on that tab.
 */
export async function countAfterSalesByStatus(
  scope: Scope,
  params: BodyOf<'/api/order/after-sale-status-counts'>,
): Promise<Record<AfterSaleStatus, number>> {
  const { filters: f, filterJoins } = afterSaleFilters(scope, params);
  const rows = await scope.db.query<{ status: string; total: number }>(
    `SELECT a.status, count(*)::int AS total FROM after_sales a ${filterJoins} ${f.sql} GROUP BY a.status`,
    f.params,
  );
  return tally(AFTER_SALE_STATUSES, rows);
}

/**
 * 地址管理: the buyers' receiving addresses as the account's orders name them, one row per receiver,
 * mobile and address, most recently used first, with the mobile masked. The rows come from
 * `receivers`, which a trigger keeps equal to that grouping of the orders (migration 0013).
 */
export async function listReceivers(
  scope: Scope,
  params: BodyOf<'/api/order/receivers'>,
): Promise<Page<ReceiverAddress>> {
  const f = new Filters();
  // A member limited to some shops: the same grouping, of their shops' orders only.
  const receivers = scope.shopIds
    ? `(SELECT account_id, receiver_name, receiver_mobile, receiver_address, count(*)::int AS order_count,
          max(created_at) AS last_order_at, (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_order_id,
          lower(receiver_name || chr(31) || receiver_address) AS search
        FROM orders WHERE account_id = ${f.p(scope.accountId)} AND shop_id = ANY(${f.p(scope.shopIds)}::int[])
        GROUP BY account_id, receiver_name, receiver_mobile, receiver_address) r`
    : 'receivers r';
  f.and(`r.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  const mobile = wholeMobile(params.keyword);
  if (mobile) f.and(`(r.search LIKE lower(${f.p(keyword)}) OR r.receiver_mobile = ${f.p(mobile)})`);
  else if (keyword) f.and(`r.search LIKE lower(${f.p(keyword)})`);
  const n = f.params.length;
  const [rows, total] = await Promise.all([
    scope.db.query<{
      receiver_name: string;
      receiver_mobile: string;
      receiver_address: string;
      orders: number;
      last_order_at: number;
      id: number;
    }>(
      // The ORDER BY names r.last_order_at, the indexed column: the bare name would be the float8
      // output column of the same name, sorted without the index.
      `SELECT r.receiver_name, r.receiver_mobile, r.receiver_address, r.order_count AS orders,
         r.last_order_at::float8 AS last_order_at, r.last_order_id AS id
       FROM ${receivers} ${f.sql}
       ORDER BY r.last_order_at DESC, r.last_order_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...f.params, params.pageSize, (params.pageIndex - 1) * params.pageSize],
    ),
    keyword || scope.shopIds
      ? countRows(scope.db, `FROM ${receivers} ${f.sql}`, f.params)
      : groupTotal(scope.db, scope.accountId, 'receivers'),
  ]);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      name: row.receiver_name,
      mobile: maskMobile(row.receiver_mobile),
      address: row.receiver_address,
      orders: row.orders,
      last_order_at: Number(row.last_order_at),
    })),
  };
}

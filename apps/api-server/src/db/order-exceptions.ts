import {
  ORDER_EXCEPTIONS,
  type OrderException,
  type OrderExceptionReason,
  SUPPLIER_OUT_OF_STOCK_MESSAGE,
} from '@consign/api-client';

/**
 * 异常订单 (docs/design.md#order-exceptions): one SQL condition and one reason per exception kind, over
 * `orders o`. The list's `exception` filter (db/order.ts `orderFilters`), the views' counts
 * ({@link countOrderExceptions}), the rows' reasons ({@link ORDER_EXCEPTIONS_COLUMN}), the grouped
 * notifications and 工作台 all use these, so a view's count is always its list's total. The kinds
 * are disjoint where they share a status: 缺货 is the failed attempt whose reason is the supplier's
 * stock, 采购失败 every other failed attempt.
 */

/** A constant of the code as an SQL string literal (never input). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The order's purchase (one row per order: migration 0028) matches `condition` over `xp`. */
const purchaseWhere = (condition: string) =>
  `EXISTS (SELECT 1 FROM order_purchases xp WHERE xp.order_id = o.id AND ${condition})`;
/** A text of the order's purchase, over `xp`. */
const purchaseText = (expression: string) =>
  `(SELECT ${expression} FROM order_purchases xp WHERE xp.order_id = o.id)`;

const OUT_OF_STOCK = literal(SUPPLIER_OUT_OF_STOCK_MESSAGE);

export const ORDER_EXCEPTION_SQL: Record<OrderException, { where: string; reason: string }> = {
  purchase_failed: {
    where: `(o.status = 'pending' AND ${purchaseWhere(
      `xp.status = 'failed' AND xp.last_error IS DISTINCT FROM ${OUT_OF_STOCK}`,
    )})`,
    reason: purchaseText(`COALESCE(NULLIF(xp.last_error, ''), '一键采购未成功')`),
  },
  out_of_stock: {
    where: `(o.status = 'pending' AND ${purchaseWhere(`xp.status = 'failed' AND xp.last_error = ${OUT_OF_STOCK}`)})`,
    reason: purchaseText('xp.last_error'),
  },
  unpaid: {
    // What 批量付款 pays (db/purchase.ts `unpaidSupplierOrders`), whatever the order's state.
    where: purchaseWhere(`xp.status = 'placed' AND xp.pay_status = 'unpaid'`),
    reason: purchaseText(
      `'1688采购单 ' || COALESCE(xp.supplier_order_no, '') || ' 未付款' || COALESCE('：' || NULLIF(xp.pay_message, ''), '，供应商不会发货')`,
    ),
  },
  // 需拦截 (db/purchase.ts `flagInterception`): shown while the order is 已采购 (the supplier has not shipped).
  intercept: {
    where: `(o.status = 'purchased' AND ${purchaseWhere('xp.intercept_at IS NOT NULL')})`,
    reason: `'已在1688下单后买家发起售后，请联系供应商拦截发货' || COALESCE('（售后原因：' || (SELECT NULLIF(xa.reason, '')
      FROM after_sales xa WHERE xa.order_id = o.id AND xa.account_id = o.account_id
      ORDER BY xa.created_at DESC, xa.id DESC LIMIT 1) || '）', '')`,
  },
  writeback_failed: {
    where: `EXISTS (SELECT 1 FROM order_writebacks xw WHERE xw.order_id = o.id AND xw.status = 'failed')`,
    reason: `(SELECT COALESCE(NULLIF(xw.last_error, ''), '物流回传失败') FROM order_writebacks xw WHERE xw.order_id = o.id)`,
  },
};

/**
 * The order's exceptions with their reasons, a JSON array (`exceptions` of the list's rows), in the
 * order of `ORDER_EXCEPTIONS`.
 */
export const ORDER_EXCEPTIONS_COLUMN = `(SELECT COALESCE(jsonb_agg(jsonb_build_object('kind', x.kind, 'reason', x.reason)
    ORDER BY x.n), '[]'::jsonb)
  FROM (VALUES ${ORDER_EXCEPTIONS.map(
    (kind, n) =>
      `(${n}, '${kind}', CASE WHEN ${ORDER_EXCEPTION_SQL[kind].where} THEN COALESCE(${ORDER_EXCEPTION_SQL[kind].reason}, '') END)`,
  ).join(', ')}) AS x(n, kind, reason)
  WHERE x.reason IS NOT NULL) AS exceptions`;

/** The `exceptions` column as the row has it (a JSON array, parsed by the driver or not). */
export function toOrderExceptions(value: unknown): OrderExceptionReason[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as OrderExceptionReason[]) : [];
}

/**
 * The orders that may be in an exception at all, by the account's purchases and writebacks (their
 * indexes): a superset of every kind's condition, so the counts scan those rather than every order.
 */
export function exceptionCandidates(accountParam: string): string {
  return `o.id IN (SELECT xc.order_id FROM order_purchases xc WHERE xc.account_id = ${accountParam}
      AND (xc.status IN ('failed', 'placed') OR xc.intercept_at IS NOT NULL)
    UNION ALL SELECT xd.order_id FROM order_writebacks xd WHERE xd.account_id = ${accountParam} AND xd.status = 'failed')`;
}

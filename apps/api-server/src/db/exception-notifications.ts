import {
  ORDER_EXCEPTION_LABELS,
  type OrderException,
  orderExceptionLink,
  orderExceptionTitle,
} from '@consign/api-client';
import type { Queryable } from './db';
import { notify } from './notifications';
import { countOrderExceptions } from './order';
import { ORDER_EXCEPTION_SQL } from './order-exceptions';
import { scopeOf } from './scope';

/**
 * 异常订单's notifications (docs/design.md#order-exceptions): one per account and exception kind
 * (key `order_exception:<kind>`), refreshed while unread with the view's count (`3 个订单采购失败`)
 * and the newest orders in it, linking to the view. Called where an order enters a view (a purchase
 * attempt failed, a writeback failed, an after-sale to intercept); 0 orders: nothing is raised.
 */
export async function notifyOrderExceptions(
  db: Queryable,
  accountId: number,
  kinds: readonly OrderException[],
  nowS: number,
): Promise<void> {
  const counts = await countOrderExceptions(scopeOf(db, accountId), {});
  for (const kind of kinds) {
    const count = counts[kind];
    if (count === 0) continue;
    const newest = await db.query<{ order_no: string }>(
      `SELECT o.order_no FROM orders o WHERE o.account_id = $1 AND ${ORDER_EXCEPTION_SQL[kind].where}
       ORDER BY o.created_at DESC, o.id DESC LIMIT 3`,
      [accountId],
    );
    const orderNos = newest.map((row) => row.order_no).join('、');
    await notify(
      db,
      {
        accountId,
        kind: 'order_exception',
        key: `order_exception:${kind}`,
        title: orderExceptionTitle(kind, count),
        body: `${ORDER_EXCEPTION_LABELS[kind]}：订单 ${orderNos}${count > newest.length ? ' 等' : ''}。${EXCEPTION_ADVICE[kind]}`,
        link: orderExceptionLink(kind),
      },
      nowS,
    );
  }
}

/** What the seller can do, said in the notification (the view's batch retry). */
const EXCEPTION_ADVICE: Record<OrderException, string> = {
  purchase_failed: '在代发订单的「采购失败」中查看原因，勾选后批量一键采购。',
  out_of_stock: '1688供应商库存不足：补货或更换货源后，在「缺货」中勾选批量一键采购。',
  unpaid: '1688采购单未付款，供应商不会发货：在「待付款」中勾选批量付款，或开启自动付款。',
  intercept: '已在1688下单后买家发起售后：请联系供应商拦截发货。',
  writeback_failed: '在「回传失败」中查看平台的原因，勾选后批量重新回传。',
};

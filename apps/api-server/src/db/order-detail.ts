import type { AddressSnapshot, OrderDetail, OrderEvent } from '@consign/api-client';
import { PURCHASE_FIELD_NAMES, type PurchaseFieldName } from '@consign/api-client/contract';
import { ORDER_COLUMNS, type OrderRow, toOrder } from './order';
import { inShops, notFound, type Scope } from './scope';

/**
 * An order as its detail dialog shows it: the list's columns (with the shipping details, 成本 and 利润),
 * the purchase fields (purchase-fields.ts, each the column of its name), the sender, the timeline.
 */
interface DetailRow extends Omit<OrderRow, PurchaseFieldName>, Pick<OrderDetail, PurchaseFieldName> {
  carrier: string | null;
  tracking_no: string | null;
  sender: AddressSnapshot | null;
  cancel_reason: string | null;
  version: number;
  receiver_encrypted: boolean;
  buyer_message: string | null;
  refund_status: OrderDetail['refund_status'];
  paid_at: number | null;
  freight: number | null;
  discount: number | null;
}

/** One order of the account with its purchase and shipping details and its timeline, or a 404. */
export async function orderDetail(scope: Scope, id: number): Promise<OrderDetail> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<DetailRow>(
    `SELECT ${ORDER_COLUMNS}, ${PURCHASE_FIELD_NAMES.map((name) => `o.${name}`).join(', ')}, o.sender,
       o.cancel_reason, o.version, o.buyer_message, o.refund_status, o.paid_at, o.freight, o.discount,
       (o.receiver_cipher IS NOT NULL AND o.platform_order_no IS NOT NULL) AS receiver_encrypted
     FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.id = $1 AND o.account_id = $2${inShops(scope, 'o.shop_id', params)}`,
    params,
  );
  if (!row) throw notFound();
  const events = await scope.db.query<OrderEvent>(
    `SELECT id, action, actor, created_at, details FROM order_events
     WHERE order_id = $1 AND account_id = $2 ORDER BY id LIMIT 100`,
    [id, scope.accountId],
  );
  return {
    ...toOrder(row),
    ...(Object.fromEntries(PURCHASE_FIELD_NAMES.map((name) => [name, row[name] ?? null])) as Pick<
      OrderDetail,
      PurchaseFieldName
    >),
    carrier: row.carrier,
    tracking_no: row.tracking_no,
    sender: row.sender,
    cancel_reason: row.cancel_reason,
    events,
    version: row.version,
    receiver_encrypted: row.receiver_encrypted,
    buyer_message: row.buyer_message,
    refund_status: row.refund_status,
    paid_at: row.paid_at,
    freight: row.freight,
    discount: row.discount,
  };
}

import { type OrderGoods, type OrderStatus, PLATFORM_LABELS } from '@consign/api-client';
import { publish } from '../live/hub';
import type { PlatformOrder } from '../platforms/connector';
import type { Queryable } from './db';
import { flagInterception } from './purchase';

/**
 * Platform orders in the database: the shop sync (src/jobs/shop-sync.ts) stores each order of a window
 * here, keyed by (shop, platform order number) (migration 0019's unique index), so a page seen twice,
 * an order seen in two windows, or a window run again changes the row and never duplicates it.
 * `platform_updated_at` keeps the version stored: an older or equal version read later changes nothing.
 *
 * Our `status` is the fulfilment state the seller moves; the platform's stage moves it only forward:
 * - a new order is stored when the buyer has paid: 待发货 (`to_ship`) -> 待采购 (`pending`); already
 *   shipped on the platform -> 已发货; received or completed -> 已完成. Unpaid orders (`unpaid`: they
 *   come back with a new update time once paid), orders cancelled before we saw them, and stages we do
 *   not know are not stored.
 * - a stored order follows the platform: cancelled there -> 已取消 while not yet shipped (待采购 or
 *   已采购; the seller handles a purchase already made); shipped there (the seller shipped in the
 *   platform's back office) -> 已发货 from 待采购 or 已采购, with the platform's tracking number;
 *   received or completed -> 已完成 from any state but 已取消. Each move gets a timeline entry whose
 *   actor is the platform.
 * - the platform's refund opens or updates the order's 售后订单 (after_sales, type `refund`): `in_progress`
 *   opens one (待处理) if the order has none open; `refunded` finishes it (已完成, opening it first if
 *   needed); `closed`, or `none` after one was open, closes an open one as 已拒绝 with the reason
 *   `平台售后已关闭`.
 * Rows are written by plain INSERT and UPDATE, so the triggers keep order_totals, buyers and receivers
 * exact, and the 黑名单 (by receiver mobile) applies as to every order.
 */

/** The text cut to `max` UTF-16 units (the contract's `text(max)`), never inside a character. */
export function fit(value: string, max: number): string {
  const text = value.trim();
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trimEnd();
}

/** Our status for an order seen for the first time, or null: not stored. */
function newStatus(order: PlatformOrder): OrderStatus | null {
  switch (order.stage) {
    case 'to_ship':
      return 'pending';
    case 'shipped':
      return 'shipped';
    case 'received':
    case 'completed':
      return 'completed';
    default:
      return null;
  }
}

/** The move a stored order makes for the platform's stage: the step, the states it starts from. */
function statusMove(order: PlatformOrder): { to: OrderStatus; from: OrderStatus[]; action: string } | null {
  switch (order.stage) {
    case 'cancelled':
      return { to: 'cancelled', from: ['pending', 'purchased'], action: 'cancel' };
    case 'shipped':
      return { to: 'shipped', from: ['pending', 'purchased'], action: 'ship' };
    case 'received':
    case 'completed':
      return { to: 'completed', from: ['pending', 'purchased', 'shipped'], action: 'complete' };
    default:
      return null;
  }
}

/** The order's lines as `orders.goods` holds them. */
function goodsOf(order: PlatformOrder): OrderGoods[] {
  return order.items.slice(0, 50).map((item) => ({
    title: fit(item.name, 120) || '（无商品名）',
    image: '',
    quantity: Math.min(9999, Math.max(1, item.quantity)),
    sku: fit(item.spec, 120),
    price: Math.max(0, item.priceFen),
    goods_id: fit(item.goodsId, 64),
    sku_id: fit(item.skuId, 64),
    outer_sku_id: fit(item.outerSkuId, 64),
    outer_goods_id: fit(item.outerGoodsId, 64),
  }));
}

/** The columns a platform order sets, new or changed (receiver and goods included). */
function columnsOf(order: PlatformOrder) {
  const goods = goodsOf(order);
  const r = order.receiver;
  const region = { province: fit(r.province, 32), city: fit(r.city, 32), district: fit(r.district, 32) };
  const name = fit(r.nameMasked, 32);
  return {
    goods: JSON.stringify(goods),
    goods_titles: goods.map((line) => line.title).join('\n'),
    amount: Math.max(0, order.paidFen),
    buyer_name: fit(r.nameMasked, 64),
    receiver_name: name,
    receiver_mobile: fit(r.mobileMasked, 32),
    receiver_address: fit(`${region.province}${region.city}${region.district}${r.addressMasked}`, 200),
    receiver_region: JSON.stringify(region),
    receiver_cipher: JSON.stringify(r.cipher),
    platform_status: fit(order.platformStatus, 32),
    refund_status: order.refund,
    platform_updated_at: order.updatedAt,
    pre_sale: order.preSale,
    ship_by: order.shipBy,
    paid_at: order.paidAt,
    freight: Math.max(0, order.freightFen),
    discount: Math.max(0, order.discountFen),
    buyer_message: fit(order.buyerMessage, 1000),
    seller_memo: fit(order.sellerMemo, 1000),
  };
}

interface StoredOrder {
  id: number;
  status: OrderStatus;
  platform_updated_at: number | null;
  receiver_cipher: { name: string; mobile: string; address: string } | null;
  tracking_no: string | null;
  refund_status: string | null;
}

/** What storing a window did, for the log and the tests. */
export interface StoreResult {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/**
 * Stores the orders of one window of shop `shopId` (in the caller's transaction). An order read twice
 * (two pages, two windows) is stored once, at its newest version.
 */
export async function storePlatformOrders(
  tx: Queryable,
  shop: { id: number; accountId: number },
  orders: readonly PlatformOrder[],
  nowS: number,
): Promise<StoreResult> {
  const result: StoreResult = { inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  const newest = new Map<string, PlatformOrder>();
  for (const order of orders) {
    const seen = newest.get(order.orderNo);
    if (!seen || seen.updatedAt < order.updatedAt) newest.set(order.orderNo, order);
  }
  for (const order of newest.values()) {
    const outcome = await storeOne(tx, shop, order, nowS);
    result[outcome] += 1;
  }
  if (result.inserted + result.updated > 0) await publish(tx, { accountId: shop.accountId, topic: 'orders' });
  return result;
}

async function storeOne(
  tx: Queryable,
  shop: { id: number; accountId: number },
  order: PlatformOrder,
  nowS: number,
): Promise<keyof StoreResult> {
  const orderNo = fit(order.orderNo, 64);
  const select = () =>
    tx.query<StoredOrder>(
      `SELECT id, status, platform_updated_at, receiver_cipher, tracking_no, refund_status FROM orders
       WHERE shop_id = $1 AND platform_order_no = $2 FOR UPDATE`,
      [shop.id, orderNo],
    );
  let [stored] = await select();
  if (!stored) {
    const status = newStatus(order);
    if (!status) return 'skipped';
    const c = columnsOf(order);
    // Consign's own number: DD, the Beijing date of the order, and the row's id (20 characters, never
    // one of the seed's 18-character numbers).
    const [row] = await tx.query<{ id: number }>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id)
       INSERT INTO orders (id, order_no, account_id, shop_id, source, platform_order_no, goods, goods_titles,
         amount, status, buyer_name, receiver_name, receiver_mobile, receiver_address, created_at, updated_at,
         receiver_region, receiver_cipher, platform_status, refund_status, platform_updated_at, pre_sale,
         ship_by, paid_at, freight, discount, buyer_message, seller_memo, tracking_no)
       SELECT n.id, 'DD' || to_char(to_timestamp($14) AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
           || lpad(n.id::text, 10, '0'),
         $1, $2, 'sync', $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $14, $15, $12::jsonb, $13::jsonb,
         $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26
       FROM n
       ON CONFLICT (shop_id, platform_order_no) WHERE platform_order_no IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        shop.accountId,
        shop.id,
        orderNo,
        c.goods,
        c.goods_titles,
        c.amount,
        status,
        c.buyer_name,
        c.receiver_name,
        c.receiver_mobile,
        c.receiver_address,
        c.receiver_region,
        c.receiver_cipher,
        order.createdAt,
        nowS,
        c.platform_status,
        c.refund_status,
        c.platform_updated_at,
        c.pre_sale,
        c.ship_by,
        c.paid_at,
        c.freight,
        c.discount,
        c.buyer_message,
        c.seller_memo,
        order.shipment ? fit(order.shipment.trackingNo, 40) : null,
      ],
    );
    if (row) {
      await syncAfterSale(tx, shop, row.id, order, null, nowS);
      return 'inserted';
    }
    // Stored meanwhile by another writer of the same order (an order import): update it instead.
    [stored] = await select();
    if (!stored) return 'skipped';
  }
  if (stored.platform_updated_at !== null && Number(stored.platform_updated_at) >= order.updatedAt) {
    return 'unchanged';
  }
  const c = columnsOf(order);
  // The receiver is replaced only when the platform's changed (the buyer edited it there), so a
  // correction made in Consign (修改收货地址) stays while the platform's receiver is the same.
  const receiverChanged =
    JSON.stringify(stored.receiver_cipher) !== c.receiver_cipher &&
    (stored.status === 'pending' || stored.status === 'purchased');
  await tx.query(
    `UPDATE orders SET platform_status = $2, refund_status = $3, platform_updated_at = $4, pre_sale = $5,
       ship_by = $6, paid_at = $7, buyer_message = $8, seller_memo = $9, freight = $10, discount = $11,
       amount = $12, updated_at = $13,
       receiver_name = CASE WHEN $14 THEN $15 ELSE receiver_name END,
       receiver_mobile = CASE WHEN $14 THEN $16 ELSE receiver_mobile END,
       receiver_address = CASE WHEN $14 THEN $17 ELSE receiver_address END,
       receiver_region = CASE WHEN $14 THEN $18::jsonb ELSE receiver_region END,
       receiver_cipher = CASE WHEN $14 THEN $19::jsonb ELSE receiver_cipher END
     WHERE id = $1`,
    [
      stored.id,
      c.platform_status,
      c.refund_status,
      c.platform_updated_at,
      c.pre_sale,
      c.ship_by,
      c.paid_at,
      c.buyer_message,
      c.seller_memo,
      c.freight,
      c.discount,
      c.amount,
      nowS,
      receiverChanged,
      c.receiver_name,
      c.receiver_mobile,
      c.receiver_address,
      c.receiver_region,
      c.receiver_cipher,
    ],
  );
  const move = statusMove(order);
  if (move?.from.includes(stored.status)) {
    const trackingNo = order.shipment ? fit(order.shipment.trackingNo, 40) : null;
    const details =
      move.action === 'cancel'
        ? { reason: '买家已在平台取消订单' }
        : move.action === 'ship'
          ? { tracking_no: trackingNo, note: '已在平台发货' }
          : { note: '平台订单已完成' };
    await tx.query(
      `WITH done AS (
         UPDATE orders SET status = $2, updated_at = $3,
           cancel_reason = CASE WHEN $2 = 'cancelled' THEN $4 ELSE cancel_reason END,
           tracking_no = CASE WHEN $2 = 'shipped' THEN COALESCE(tracking_no, $5) ELSE tracking_no END
         WHERE id = $1 AND status = ANY($6::text[])
         RETURNING id, account_id
       )
       INSERT INTO order_events (account_id, order_id, user_id, actor, action, details, created_at)
       SELECT account_id, id, NULL, $7, $8, $9::jsonb, $3 FROM done`,
      [
        stored.id,
        move.to,
        nowS,
        '买家已在平台取消订单',
        trackingNo,
        move.from,
        PLATFORM_LABELS[order.platform],
        move.action,
        JSON.stringify(details),
      ],
    );
  }
  await syncAfterSale(tx, shop, stored.id, order, stored.refund_status, nowS);
  return 'updated';
}

/** The platform's refund on the order's 售后订单 (see the module comment). */
async function syncAfterSale(
  tx: Queryable,
  shop: { id: number; accountId: number },
  orderId: number,
  order: PlatformOrder,
  previousRefund: string | null,
  nowS: number,
): Promise<void> {
  const refund = order.refund;
  if (refund === 'none' && (previousRefund === null || previousRefund === 'none')) return;
  const [open] = await tx.query<{ id: number; status: string }>(
    `SELECT id, status FROM after_sales WHERE order_id = $1 AND account_id = $2
     ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [orderId, shop.accountId],
  );
  const isOpen = open && (open.status === 'pending' || open.status === 'processing');
  if (refund === 'in_progress' || (refund === 'refunded' && !isOpen)) {
    if (refund === 'in_progress' && isOpen) return;
    if (refund === 'refunded' && open?.status === 'finished') return;
    await publish(tx, { accountId: shop.accountId, topic: 'after-sales' });
    await tx.query(
      `INSERT INTO after_sales (account_id, order_id, refund_amount, type, status, reason, created_at,
         handled_at)
       VALUES ($1, $2, $3, 'refund', $4, $5, $6, $7)`,
      [
        shop.accountId,
        orderId,
        Math.max(0, order.paidFen),
        refund === 'refunded' ? 'finished' : 'pending',
        `买家在${PLATFORM_LABELS[order.platform]}申请退款`,
        nowS,
        refund === 'refunded' ? nowS : null,
      ],
    );
    // Bought on 1688 and not yet shipped by the supplier: 需拦截.
    if (refund === 'in_progress') await flagInterception(tx, shop.accountId, orderId, nowS);
    return;
  }
  if (!isOpen || !open) return;
  await publish(tx, { accountId: shop.accountId, topic: 'after-sales' });
  if (refund === 'refunded') {
    await tx.query(`UPDATE after_sales SET status = 'finished', handled_at = $2 WHERE id = $1`, [
      open.id,
      nowS,
    ]);
  } else {
    await tx.query(
      `UPDATE after_sales SET status = 'rejected', reject_reason = '平台售后已关闭', handled_at = $2
       WHERE id = $1`,
      [open.id, nowS],
    );
  }
}

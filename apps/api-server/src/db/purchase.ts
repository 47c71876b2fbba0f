import {
  BLACKLIST_CONFIRM_MESSAGE,
  ORDER_STATUS_LABELS,
  type OrderPurchaseState,
  type OrderStatus,
  PURCHASE_STATUSES,
  type PurchaseItem,
  type PurchaseSkuOption,
} from '@consign/api-client';
import { fenAsYuan } from '@consign/api-client/contract';
import { HttpProblem } from '../http/respond';
import {
  claimJob,
  claimJobs,
  DB_NOW_MS,
  FOLLOW_UP_QUEUE,
  finishJob,
  PURCHASE_QUEUE,
  UNPAID_ALERT_QUEUE,
  updateHeld,
} from '../jobs/queue';
import type { CipherOrderInfo, PurchaseAddress, PurchaseCargo } from '../platforms/alibaba';
import { AFTER_SALE_OPEN_SQL, afterSaleRefusal } from './after-sale';
import { orderIsBlacklisted } from './buyer';
import type { Queryable } from './db';
import { notifyOrderExceptions } from './exception-notifications';
import { likePattern } from './list';
import type { Saved } from './log';
import { notify } from './notifications';
import { inShops, notFound, type Scope, scopeOf } from './scope';

/**
 * 一键采购: which goods SKU (and so which 1688 offer) each order line is bought as, and the queue of
 * purchases the `purchase` job places on 1688 (jobs/purchase.ts). Tables `order_item_links` and
 * `order_purchases` (migration 0028).
 *
 * Matching: a line is bought as the account's goods SKU linked by 关联货源 to its platform SKU id
 * (per shop), else the SKU whose 商家编码 (`outer_sku_id`) is the line's, else the SKU linked to its
 * title and spec (lines without a SKU id: typed-in and imported orders). The SKU's 货源 (`supplier_offer_id`, `supplier_spec_id`, `supplier_quantity`) says what to
 * buy: `supplier_quantity` units per unit sold.
 */

/** The supplier an order bought by 一键采购 names. */
export const PURCHASE_SUPPLIER = '1688';

/**
 * An order line's key for `order_item_links`, as SQL over the order `o` and the line `g.item`: the
 * platform's SKU id when it has one, else its title and spec; per shop.
 */
const ITEM_KEY_SQL = `CASE WHEN COALESCE(g.item->>'sku_id', '') <> ''
    THEN 'sku:' || o.shop_id || ':' || (g.item->>'sku_id')
    ELSE 'title:' || o.shop_id || ':' || COALESCE(g.item->>'title', '') || '|' || COALESCE(g.item->>'sku', '') END`;

/**
 * The 货源 columns of a goods SKU: its 1688 offer and spec, units per unit and price (null: none), and
 * the same of its 备用货源 (`backup_*`, migration 0045).
 */
interface SkuSourceColumns {
  supplier_offer_id: string | null;
  supplier_spec_id: string | null;
  supplier_quantity: number | null;
  supplier_price: number | string | null;
  backup_offer_id?: string | null;
  backup_spec_id?: string | null;
  backup_quantity?: number | null;
  backup_price?: number | string | null;
}

/** The 货源 columns of goods SKU `s` that {@link skuSource} reads. */
const SKU_SOURCE_SQL = `s.supplier_offer_id, s.supplier_spec_id, s.supplier_quantity, s.supplier_price,
  s.backup_offer_id, s.backup_spec_id, s.backup_quantity, s.backup_price`;

/**
 * A SKU's 货源 as purchasing reads it: null without an offer; `cost` null while no price is known;
 * `backup` its 备用货源 (absent: none).
 */
function skuSource(row: SkuSourceColumns): PurchaseSkuOption['source'] {
  if (!row.supplier_offer_id) return null;
  const price = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    offer_id: row.supplier_offer_id,
    spec_id: row.supplier_spec_id,
    quantity: row.supplier_quantity ?? 1,
    cost: price(row.supplier_price),
    ...(row.backup_offer_id
      ? {
          backup: {
            offer_id: row.backup_offer_id,
            spec_id: row.backup_spec_id ?? null,
            quantity: row.backup_quantity ?? 1,
            cost: price(row.backup_price),
          },
        }
      : {}),
  };
}

interface ItemRow extends SkuSourceColumns {
  order_id: number;
  index: number;
  title: string | null;
  sku: string | null;
  quantity: number | string | null;
  sku_id: number | null;
  goods_title: string | null;
  spec: string | null;
}

/** The lines of the account's orders `orderIds` with the SKU each is matched to (by order id). */
export async function orderItems(
  db: Queryable,
  accountId: number,
  orderIds: number[],
): Promise<Map<number, PurchaseItem[]>> {
  const rows = await db.query<ItemRow>(
    `SELECT o.id AS order_id, (g.n - 1)::int AS index, g.item->>'title' AS title, g.item->>'sku' AS sku,
       g.item->>'quantity' AS quantity, k.id AS sku_id, gd.title AS goods_title, k.spec,
       k.supplier_offer_id, k.supplier_spec_id, k.supplier_quantity, k.supplier_price,
       k.backup_offer_id, k.backup_spec_id, k.backup_quantity, k.backup_price
     FROM orders o
     CROSS JOIN LATERAL jsonb_array_elements(o.goods) WITH ORDINALITY AS g(item, n)
     CROSS JOIN LATERAL (SELECT ${ITEM_KEY_SQL} AS key, COALESCE(g.item->>'outer_sku_id', '') AS outer_id) ik
     LEFT JOIN order_item_links lk ON lk.account_id = o.account_id AND lk.item_key = ik.key
     LEFT JOIN LATERAL (
       SELECT s.* FROM goods_skus s
       WHERE s.account_id = o.account_id
         AND (s.id = lk.sku_id OR (ik.outer_id <> '' AND s.outer_sku_id = ik.outer_id))
       -- A link by the platform's SKU id first, then the 商家编码, then a link by title and spec.
       ORDER BY CASE WHEN s.id = lk.sku_id AND ik.key LIKE 'sku:%' THEN 0
         WHEN ik.outer_id <> '' AND s.outer_sku_id = ik.outer_id THEN 1 ELSE 2 END, s.id
       LIMIT 1
     ) k ON true
     LEFT JOIN goods gd ON gd.id = k.goods_id
     WHERE o.account_id = $1 AND o.id = ANY($2::int[])
     ORDER BY o.id, g.n`,
    [accountId, orderIds],
  );
  const byOrder = new Map<number, PurchaseItem[]>();
  for (const row of rows) {
    const items = byOrder.get(row.order_id) ?? [];
    items.push({
      index: row.index,
      title: row.title ?? '',
      sku: row.sku ?? '',
      quantity: Math.max(1, Number(row.quantity) || 1),
      sku_id: row.sku_id,
      goods_title: row.goods_title,
      spec: row.spec,
      source: skuSource(row),
    });
    byOrder.set(row.order_id, items);
  }
  return byOrder;
}

/** Why an order's lines cannot be bought on 1688, or null when every line has a 货源. */
export function unboughtReason(items: PurchaseItem[]): string | null {
  if (items.length === 0) return '订单没有商品，无法一键采购';
  const missing = items.filter((item) => !item.source);
  if (missing.length === 0) return null;
  return `有 ${missing.length} 件商品未关联货源（${missing[0]?.title ?? ''}），请先关联货源`;
}

/**
 * The 货源 line `item` is bought from: its 备用货源 when its index is among `backupLines` (and it has
 * one), else its first.
 */
export function boughtSource(item: PurchaseItem, backupLines: ReadonlySet<number> = new Set()) {
  if (!item.source) throw new Error('boughtSource: a line without 货源');
  return backupLines.has(item.index) && item.source.backup ? item.source.backup : item.source;
}

/**
 * What to buy for the lines (same offer and spec merged) and their price at the 货源's linked prices;
 * the lines of `backupLines` from their 备用货源.
 */
export function cargoOf(
  items: PurchaseItem[],
  backupLines: ReadonlySet<number> = new Set(),
): { cargo: PurchaseCargo[]; expectedFen: number | null } {
  const merged = new Map<string, PurchaseCargo>();
  let expected: number | null = 0;
  for (const item of items) {
    const source = boughtSource(item, backupLines);
    const quantity = item.quantity * source.quantity;
    const key = `${source.offer_id}\n${source.spec_id ?? ''}`;
    const line = merged.get(key);
    if (line) line.quantity += quantity;
    else
      merged.set(key, {
        offerId: source.offer_id,
        ...(source.spec_id ? { specId: source.spec_id } : {}),
        quantity,
      });
    expected = expected === null || source.cost === null ? null : expected + source.cost * quantity;
  }
  return { cargo: [...merged.values()], expectedFen: expected };
}

/**
 * Whether 1688's goods price stays within 代发设置's 允许采购价上浮 (`risePercent`) of the 货源's linked
 * price; integer arithmetic only. No linked price: nothing to compare, within.
 */
export function withinPriceLimit(goodsFen: number, expectedFen: number | null, risePercent: number): boolean {
  return expectedFen === null || goodsFen * 100 <= expectedFen * (100 + risePercent);
}

export function priceLimitMessage(goodsFen: number, expectedFen: number, risePercent: number): string {
  return `1688采购价 ${fenAsYuan(goodsFen)} 比货源价 ${fenAsYuan(expectedFen)} 上涨超过 ${risePercent}%（代发设置的允许采购价上浮），未采购`;
}

/** An order as 一键采购 needs it: its state, the receiver as 1688 takes it, 密文代发's ciphertexts. */
export interface PurchaseOrderInput {
  id: number;
  orderNo: string;
  status: OrderStatus;
  address: PurchaseAddress;
  cipher?: CipherOrderInfo;
  risePercent: number;
  /** An after-sale in progress: not bought (`AFTER_SALE_PURCHASE_REFUSAL`). */
  afterSale: boolean;
}

const REGION =
  /^(北京市|天津市|上海市|重庆市|.+?省|.+?自治区|.+?特别行政区)(.+?(?:市|自治州|地区|盟))?(.+?(?:区|县|市|旗))?(.*)$/;

/** A receiver address typed as one text (`浙江省杭州市西湖区文三路 1 号`) as province, city, district, rest. */
export function splitAddress(
  text: string,
): Pick<PurchaseAddress, 'provinceText' | 'cityText' | 'areaText' | 'address'> {
  const match = REGION.exec(text.trim());
  if (!match) return { provinceText: '', cityText: '', areaText: '', address: text.trim() };
  const [, province = '', city = '', area = '', rest = ''] = match;
  // 直辖市: the city is the province (上海市 上海市 浦东新区).
  const direct = /^(北京|天津|上海|重庆)市$/.test(province);
  return {
    provinceText: province,
    cityText: city || (direct ? province : ''),
    areaText: area,
    address: rest.trim(),
  };
}

/** The order of the account as 一键采购 buys it, or undefined when there is none. */
export async function purchaseOrderInput(
  db: Queryable,
  accountId: number,
  orderId: number,
): Promise<PurchaseOrderInput | undefined> {
  const [row] = await db.query<{
    id: number;
    order_no: string;
    status: OrderStatus;
    receiver_name: string;
    receiver_mobile: string;
    receiver_address: string;
    receiver_region: { province?: string; city?: string; district?: string } | null;
    receiver_cipher: { name?: string; mobile?: string; address?: string } | null;
    platform_order_no: string | null;
    platform: string;
    platform_shop_id: string | null;
    app_key: string | null;
    rise: number | null;
    after_sale: boolean;
  }>(
    `SELECT o.id, o.order_no, o.status, o.receiver_name, o.receiver_mobile, o.receiver_address,
       o.receiver_region, o.receiver_cipher, o.platform_order_no, s.platform, s.platform_shop_id,
       -- 密文代发 names the app that authorised the shop (only it may decrypt the shop's ciphertexts);
       -- a shop authorised before that was kept: the app the platform's authorisations use now.
       COALESCE(s.platform_app_key, (SELECT a.app_key FROM platform_auths a JOIN platforms p ON p.id = a.platform_id
        WHERE p.code = s.platform AND a.status = 'active' ORDER BY a.id DESC LIMIT 1)) AS app_key,
       (SELECT st.purchase_price_rise_percent FROM settings st WHERE st.account_id = o.account_id) AS rise,
       ${AFTER_SALE_OPEN_SQL} AS after_sale
     FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.id = $1 AND o.account_id = $2`,
    [orderId, accountId],
  );
  if (!row) return undefined;
  const cipher = row.receiver_cipher;
  const platformOrder =
    row.platform_order_no &&
    cipher?.name &&
    (row.platform === 'pinduoduo' || row.platform === 'douyin') &&
    row.platform_shop_id;
  const base = {
    id: row.id,
    orderNo: row.order_no,
    status: row.status,
    risePercent: row.rise ?? 10,
    afterSale: row.after_sale,
  };
  if (platformOrder && cipher) {
    // 密文代发: the region in clear (1688 prices freight by it), the receiver as the platform's
    // ciphertexts; the name, mobile and address text are the masked ones.
    const region = row.receiver_region ?? {};
    const prefix = `${region.province ?? ''}${region.city ?? ''}${region.district ?? ''}`;
    return {
      ...base,
      address: {
        fullName: row.receiver_name,
        mobile: row.receiver_mobile,
        provinceText: region.province ?? '',
        cityText: region.city ?? '',
        areaText: region.district ?? '',
        address: row.receiver_address.startsWith(prefix)
          ? row.receiver_address.slice(prefix.length)
          : row.receiver_address,
      },
      cipher: {
        platform: row.platform as 'pinduoduo' | 'douyin',
        orderNo: row.platform_order_no ?? '',
        appKey: row.app_key ?? '',
        shopId: row.platform_shop_id ?? '',
        cipher: { name: cipher.name ?? '', mobile: cipher.mobile ?? '', address: cipher.address ?? '' },
      },
    };
  }
  return {
    ...base,
    address: {
      fullName: row.receiver_name,
      mobile: row.receiver_mobile,
      ...splitAddress(row.receiver_address),
    },
  };
}

// ---- the order's 一键采购 state -------------------------------------------------------------------

const PURCHASE_STATE_SQL = `SELECT status, COALESCE(last_error, '') AS message, supplier_order_no, updated_at,
    pay_status, COALESCE(pay_message, '') AS pay_message,
    CASE WHEN status IN ('placed', 'shipped') THEN source_note END AS source_note,
    intercept_at IS NOT NULL AND status = 'placed' AS intercept
  FROM order_purchases WHERE order_id = $1 AND account_id = $2`;

/** The order's 一键采购 (null: never asked). */
export async function purchaseState(scope: Scope, orderId: number): Promise<OrderPurchaseState | null> {
  const [row] = await scope.db.query<
    OrderPurchaseState & { updated_at: number | string; source_note: string | null }
  >(PURCHASE_STATE_SQL, [orderId, scope.accountId]);
  if (!row) return null;
  return {
    status: (PURCHASE_STATUSES as readonly string[]).includes(row.status) ? row.status : 'failed',
    message: row.message,
    supplier_order_no: row.supplier_order_no,
    updated_at: Number(row.updated_at),
    pay_status: row.pay_status,
    pay_message: row.pay_message,
    intercept: row.intercept ?? false,
    ...(row.source_note ? { source_note: row.source_note } : {}),
  };
}

/** 404 unless order `orderId` is the account's, of a shop the caller reaches. */
export async function requireOrder(scope: Scope, orderId: number): Promise<void> {
  const params: unknown[] = [orderId, scope.accountId];
  const [order] = await scope.db.query(
    `SELECT 1 FROM orders WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', params)}`,
    params,
  );
  if (!order) throw notFound();
}

/** `/api/purchase/items`: the order's lines with their 货源, and its 一键采购. 404 for another account's. */
export async function purchaseItems(scope: Scope, orderId: number) {
  await requireOrder(scope, orderId);
  const items = (await orderItems(scope.db, scope.accountId, [orderId])).get(orderId) ?? [];
  return { items, purchase: await purchaseState(scope, orderId) };
}

/** `/api/purchase/skus`: the account's goods SKUs (newest goods first, 50), by a keyword on the title. */
export async function purchaseSkus(scope: Scope, keyword = ''): Promise<PurchaseSkuOption[]> {
  const params: unknown[] = [scope.accountId, keyword.trim(), likePattern(keyword.trim())];
  const rows = await scope.db.query<SkuSourceColumns & { sku_id: number; goods_title: string; spec: string }>(
    `SELECT s.id AS sku_id, g.title AS goods_title, s.spec, ${SKU_SOURCE_SQL}
     FROM goods_skus s JOIN goods g ON g.id = s.goods_id
     WHERE s.account_id = $1 AND ($2 = '' OR g.title ILIKE $3)${inShops(scope, 'g.shop_id', params)}
     ORDER BY g.updated_at DESC, g.id DESC, s.position LIMIT 50`,
    params,
  );
  return rows.map((row) => ({
    sku_id: row.sku_id,
    goods_title: row.goods_title,
    spec: row.spec,
    source: skuSource(row),
  }));
}

// ---- 关联货源 --------------------------------------------------------------------------------------

/** The order line `index` of the account's order: its key and title (404 / 422 otherwise). */
export async function orderLine(scope: Scope, orderId: number, index: number) {
  const params: unknown[] = [orderId, scope.accountId];
  const [order] = await scope.db.query<{ order_no: string; shop_id: number }>(
    `SELECT order_no, shop_id FROM orders WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', params)}`,
    params,
  );
  if (!order) throw notFound();
  const [line] = await scope.db.query<{ key: string; title: string | null; sku: string | null }>(
    `SELECT ${ITEM_KEY_SQL} AS key, g.item->>'title' AS title, g.item->>'sku' AS sku
     FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.goods) WITH ORDINALITY AS g(item, n)
     WHERE o.id = $1 AND o.account_id = $2 AND g.n = $3`,
    [orderId, scope.accountId, index + 1],
  );
  if (!line) throw new HttpProblem(422, '订单没有这件商品');
  return { ...order, ...line };
}

/**
 * 关联货源 with an existing SKU: order line `index` of order `orderId` is bought as the account's goods
 * SKU `skuId` from now on (this order and the next orders of that line). 404 for another account's
 * order or SKU.
 */
export async function linkItemToSku(
  scope: Scope,
  input: { id: number; index: number; skuId: number },
  nowS: number,
): Promise<Saved<{ sku_id: number }>> {
  const line = await orderLine(scope, input.id, input.index);
  const params: unknown[] = [input.skuId, scope.accountId];
  const [sku] = await scope.db.query<{ id: number; goods_title: string; spec: string; offer: string | null }>(
    `SELECT s.id, g.title AS goods_title, s.spec, s.supplier_offer_id AS offer
     FROM goods_skus s JOIN goods g ON g.id = s.goods_id
     WHERE s.id = $1 AND s.account_id = $2${inShops(scope, 'g.shop_id', params)}`,
    params,
  );
  if (!sku) throw notFound();
  const [before] = await scope.db.query<{ sku_id: number }>(
    'SELECT sku_id FROM order_item_links WHERE account_id = $1 AND item_key = $2',
    [scope.accountId, line.key],
  );
  await scope.db.query(
    `INSERT INTO order_item_links (account_id, item_key, sku_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, item_key) DO UPDATE SET sku_id = EXCLUDED.sku_id, created_at = EXCLUDED.created_at`,
    [scope.accountId, line.key, sku.id, nowS],
  );
  const itemName = [line.title, line.sku].filter(Boolean).join(' ');
  return {
    row: { sku_id: sku.id },
    change: {
      target: { type: 'order', id: input.id, name: line.order_no },
      before: before ? { item: itemName, goods_sku: before.sku_id } : null,
      after: {
        item: itemName,
        goods_sku: `${sku.goods_title}${sku.spec ? ` ${sku.spec}` : ''}`,
        offer_id: sku.offer,
      },
    },
  };
}

/**
 * 关联货源 with a 1688 offer: creates a goods item of the order's shop (draft, titled as the order
 * line) with one SKU bought from `offer` (its spec, `quantity` units per unit sold, the supplier's
 * price now), and links the line to it. The caller has read the offer from 1688.
 */
export async function linkItemToOffer(
  scope: Scope,
  input: {
    id: number;
    index: number;
    offer: { offerId: string; title: string; images: string[] };
    specId: string | null;
    spec: string;
    priceFen: number;
    quantity: number;
  },
  nowS: number,
): Promise<Saved<{ sku_id: number }>> {
  const line = await orderLine(scope, input.id, input.index);
  const title = (line.title || input.offer.title).slice(0, 120);
  const price = Math.max(1, input.priceFen * input.quantity);
  const [goods] = await scope.db.query<{ id: number }>(
    `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
     VALUES ($1, $2, $3, 0, 'draft', $4::jsonb, $5, $6, $7) RETURNING id`,
    [
      line.shop_id,
      title,
      price,
      JSON.stringify(input.offer.images.slice(0, 9)),
      `https://detail.1688.com/offer/${input.offer.offerId}.html`,
      nowS,
      scope.accountId,
    ],
  );
  if (!goods) throw new Error('goods not created');
  const [sku] = await scope.db.query<{ id: number }>(
    `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, supplier_offer_id,
       supplier_spec_id, supplier_quantity, supplier_price)
     VALUES ($1, $2, 0, $3, $4, 0, $5, $6, $7, $8) RETURNING id`,
    [
      goods.id,
      scope.accountId,
      (line.sku ?? '').slice(0, 200),
      price,
      input.offer.offerId,
      input.specId,
      input.quantity,
      input.priceFen,
    ],
  );
  if (!sku) throw new Error('sku not created');
  await scope.db.query(
    `INSERT INTO order_item_links (account_id, item_key, sku_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, item_key) DO UPDATE SET sku_id = EXCLUDED.sku_id, created_at = EXCLUDED.created_at`,
    [scope.accountId, line.key, sku.id, nowS],
  );
  return {
    row: { sku_id: sku.id },
    change: {
      target: { type: 'order', id: input.id, name: line.order_no },
      before: null,
      after: {
        item: [line.title, line.sku].filter(Boolean).join(' '),
        offer_id: input.offer.offerId,
        spec: input.spec,
        quantity: input.quantity,
        cost: input.priceFen,
      },
    },
  };
}

// ---- the queue -----------------------------------------------------------------------------------

/**
 * 一键采购 of one order: queues it for the `purchase` job when it is 待采购, every line has a 货源,
 * it is not already being bought or bought, and its buyer is not blacklisted (unless
 * `confirmBlacklist`). 409 with the reason otherwise; 404 for another account's order. A purchase
 * that failed is queued again with fresh attempts.
 */
export async function queuePurchase(
  scope: Scope,
  input: { id: number; confirmBlacklist: boolean; userId: number | null },
  nowS: number,
): Promise<Saved<{ id: number }>> {
  const params: unknown[] = [input.id, scope.accountId];
  const [order] = await scope.db.query<{ order_no: string; status: OrderStatus }>(
    `SELECT order_no, status FROM orders WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', params)}`,
    params,
  );
  if (!order) throw notFound();
  if (order.status !== 'pending') {
    throw new HttpProblem(409, `订单当前状态为「${ORDER_STATUS_LABELS[order.status]}」，不能一键采购`);
  }
  const afterSale = await afterSaleRefusal(scope.db, scope.accountId, input.id);
  if (afterSale) throw new HttpProblem(409, afterSale);
  const reason = unboughtReason(
    (await orderItems(scope.db, scope.accountId, [input.id])).get(input.id) ?? [],
  );
  if (reason) throw new HttpProblem(409, reason);
  if (!input.confirmBlacklist && (await orderIsBlacklisted(scope, input.id))) {
    throw new HttpProblem(409, BLACKLIST_CONFIRM_MESSAGE);
  }
  const [row] = await scope.db.query<{ id: number }>(
    `INSERT INTO order_purchases (account_id, order_id, status, requested_by, confirm_blacklist,
       next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, 'queued', $3, $4, ${DB_NOW_MS}, $5, $5)
     ON CONFLICT (order_id) DO UPDATE SET status = 'queued', requested_by = EXCLUDED.requested_by,
       confirm_blacklist = EXCLUDED.confirm_blacklist, attempts = 0, create_sent = false, next_attempt_at = EXCLUDED.next_attempt_at,
       lease_until = NULL, last_error = NULL, supplier_message = NULL, supplier_order_no = NULL,
       goods_fen = NULL, freight_fen = NULL, next_poll_at = NULL, updated_at = EXCLUDED.updated_at,
       round = order_purchases.round + 1, out_order_id = NULL, pay_status = NULL, pay_message = NULL,
       placed_at = NULL, unpaid_notified_at = NULL, intercept_at = NULL, cancel_sent_at = NULL
       WHERE order_purchases.status IN ('failed', 'cancelled')
     RETURNING id`,
    [scope.accountId, input.id, input.userId, input.confirmBlacklist, nowS],
  );
  if (!row) throw new HttpProblem(409, '该订单已在一键采购中，请勿重复提交');
  return {
    row: { id: input.id },
    change: {
      target: { type: 'order', id: input.id, name: order.order_no },
      before: null,
      after: { purchase: 'queued' },
    },
  };
}

/** A purchase claimed for placing on 1688. */
export interface ClaimedPurchase {
  id: number;
  account_id: number;
  order_id: number;
  requested_by: number | null;
  confirm_blacklist: boolean;
  /** The claim's ticket: only the claim with this value writes the outcome. */
  attempts: number;
  /**
   * The order was sent to 1688 by an earlier claim (approved at its preview, the fee held): look for
   * it on 1688 by its `outOrderId`, and send it again as is only when 1688 has none.
   */
  create_sent: boolean;
  /** The order's attempt (a new one after a failure or the supplier's cancellation). */
  round: number;
  /** The attempt's `outOrderId` once recorded (null: not yet sent, or recorded before migration 0041). */
  out_order_id: string | null;
  /** The lines the recorded attempt buys from their 备用货源 (null: none, or not yet sent). */
  backup_lines: number[] | null;
}

/**
 * The `outOrderId` of the purchase's current attempt: the order's id for its first, `{id}-{round}`
 * after (so 1688 never answers a cancelled order for a new attempt).
 */
export function outOrderIdOf(purchase: { order_id: number; round: number; out_order_id: string | null }) {
  if (purchase.out_order_id) return purchase.out_order_id;
  return purchase.round <= 1 ? String(purchase.order_id) : `${purchase.order_id}-${purchase.round}`;
}

/**
 * Claims the next due purchase (jobs/queue.ts: queued and due, or `placing` whose lease ran out: its
 * process died), marking it `placing` under a lease of `leaseMs`; committed before 1688 is called.
 */
export async function claimPurchase(
  db: Queryable,
  leaseMs: number,
  nowS: number,
): Promise<ClaimedPurchase | undefined> {
  const claimed = await claimJob<ClaimedPurchase>(db, PURCHASE_QUEUE, {
    leaseMs,
    set: 'updated_at = $1',
    params: [nowS],
    returning: `id, account_id, order_id, requested_by, confirm_blacklist, attempts, create_sent, round,
      out_order_id, backup_lines`,
  });
  return claimed?.job;
}

/**
 * Before 1688's order is placed: records the attempt and its `outOrderId` (committed, in the
 * transaction that holds its fee), so a claim after a crash looks for that order on 1688 before it
 * sends anything, rather than judging its price anew. False when the claim was taken over meanwhile.
 */
export function markCreateSent(
  db: Queryable,
  claim: Pick<ClaimedPurchase, 'id' | 'attempts'>,
  outOrderId: string,
  backupLines: readonly number[] = [],
) {
  return updateHeld(
    db,
    PURCHASE_QUEUE,
    claim,
    'create_sent = true, out_order_id = $1, backup_lines = $2::int[]',
    [outOrderId, backupLines.length > 0 ? [...backupLines] : null],
  );
}

/** The purchase placed on 1688: in the transaction of the order's 采购 step. False: claimed again meanwhile. */
export function finishPlaced(
  db: Queryable,
  claim: Pick<ClaimedPurchase, 'id' | 'attempts'>,
  placed: {
    orderNo: string;
    goodsFen: number;
    freightFen: number;
    firstPollMs: number;
    /** Which lines were bought from their 备用货源 and why (null: the first 货源 was bought). */
    sourceNote?: string | null;
  },
  nowS: number,
): Promise<boolean> {
  return finishJob(db, PURCHASE_QUEUE, claim, {
    status: 'placed',
    set: `supplier_order_no = $1, goods_fen = $2, freight_fen = $3, last_error = NULL, supplier_message = NULL,
      create_sent = false, next_poll_at = ${DB_NOW_MS} + $4::bigint, updated_at = $5, pay_status = 'unpaid',
      pay_message = NULL, placed_at = $5, unpaid_notified_at = NULL, source_note = $6`,
    params: [
      placed.orderNo,
      placed.goodsFen,
      placed.freightFen,
      placed.firstPollMs,
      nowS,
      placed.sourceNote?.slice(0, 500) ?? null,
    ],
  });
}

/** Not bought: `failed` (the order stays 待采购 with the reason) or `queued` again after `retryInMs`. */
export function finishUnplaced(
  db: Queryable,
  claim: Pick<ClaimedPurchase, 'id' | 'attempts'>,
  outcome: {
    status: 'failed' | 'queued';
    message: string;
    supplierMessage: string;
    retryInMs?: number;
    /** 1688 placed an order all the same (the 采购 step refused afterwards): kept, so it is tracked. */
    supplierOrderNo?: string;
  },
  nowS: number,
): Promise<boolean> {
  const retry = outcome.status === 'queued';
  return finishJob(db, PURCHASE_QUEUE, claim, {
    status: outcome.status,
    ...(retry ? { retryInMs: outcome.retryInMs ?? 0 } : {}),
    // A retry keeps `create_sent`: the next claim looks for the order on 1688 first.
    set: `last_error = $1, supplier_message = $2, supplier_order_no = COALESCE($3, supplier_order_no),
      updated_at = $4${retry ? '' : ', create_sent = false'}`,
    params: [
      outcome.message.slice(0, 500),
      outcome.supplierMessage.slice(0, 500),
      outcome.supplierOrderNo ?? null,
      nowS,
    ],
  });
}

// ---- paying the supplier (docs/design.md#1688-supplier-payment) -------------------------------------

/** The account's 自动付款 and its 待付款 alert (代发设置). */
export async function paySettings(db: Queryable, accountId: number) {
  const [row] = await db.query<{ auto_pay: boolean; unpaid_alert_hours: number }>(
    'SELECT auto_pay, unpaid_alert_hours FROM settings WHERE account_id = $1',
    [accountId],
  );
  return { autoPay: row?.auto_pay ?? false, unpaidAlertHours: row?.unpaid_alert_hours ?? 2 };
}

/**
 * Records the 1688 order's payment: paid, or still 待付款 with the reason (null: none to say). Answers
 * whether it was recorded (not when the order was found paid meanwhile).
 */
export async function recordPayment(
  db: Queryable,
  id: number,
  outcome: { paid: boolean; message: string | null },
  nowS: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE order_purchases SET pay_status = $2, pay_message = $3, updated_at = $4
     WHERE id = $1 AND pay_status IS DISTINCT FROM 'paid' RETURNING id`,
    [id, outcome.paid ? 'paid' : 'unpaid', outcome.message?.slice(0, 500) ?? null, nowS],
  );
  return rows.length > 0;
}

/** A placed purchase of the account whose 1688 order is 待付款 (批量付款 pays them). */
export async function unpaidSupplierOrders(
  scope: Scope,
  orderIds: number[],
): Promise<{ order_id: number; order_no: string; supplier_order_no: string }[]> {
  const params: unknown[] = [scope.accountId, orderIds];
  return scope.db.query(
    `SELECT p.order_id, o.order_no, p.supplier_order_no FROM order_purchases p
     JOIN orders o ON o.id = p.order_id AND o.account_id = p.account_id
     WHERE p.account_id = $1 AND p.order_id = ANY($2::int[]) AND p.status = 'placed'
       AND p.pay_status = 'unpaid' AND p.supplier_order_no IS NOT NULL${inShops(scope, 'o.shop_id', params)}
     ORDER BY p.order_id`,
    params,
  );
}

/**
 * 待付款 too long: per account, the placed purchases still unpaid `unpaid_alert_hours` (代发设置)
 * after they were placed and not yet told; claimed (jobs/queue.ts) by marking them told, and answered
 * grouped by account (one notification per account per run).
 */
export async function claimOverdueUnpaid(
  db: Queryable,
  nowS: number,
): Promise<{ account_id: number; order_nos: string[] }[]> {
  const claimed = await claimJobs<{ account_id: number; order_no: string }>(db, UNPAID_ALERT_QUEUE, {
    where: `j.pay_status = 'unpaid' AND j.unpaid_notified_at IS NULL
      AND j.placed_at <= $1 - (SELECT st.unpaid_alert_hours FROM settings st WHERE st.account_id = j.account_id) * 3600`,
    set: 'unpaid_notified_at = $1',
    params: [nowS],
    limit: 1000,
    returning: 'account_id, (SELECT o.order_no FROM orders o WHERE o.id = q.order_id) AS order_no',
  });
  const byAccount = new Map<number, string[]>();
  for (const { job } of claimed)
    byAccount.set(job.account_id, [...(byAccount.get(job.account_id) ?? []), job.order_no]);
  return [...byAccount].map(([account_id, order_nos]) => ({ account_id, order_nos: order_nos.sort() }));
}

// ---- 自动采购 ---------------------------------------------------------------------------------------

/**
 * How often 自动采购 buys an order again after its supplier cancelled the 1688 order; the next
 * cancellation stops it with the reason on the order (jobs/purchase.ts), and the seller decides.
 */
export const AUTO_REBUY_LIMIT = 3;

/**
 * 自动采购: queues the new orders (from the shop sync, placed within the last day) of accounts whose
 * 代发设置 has 自动采购 on, that are 待采购, never queued, and whose every line has a 货源; and queues
 * again, as a new attempt, the platform orders whose supplier cancelled their 1688 order (at most
 * `AUTO_REBUY_LIMIT` cancellations; never one cancelled for an after-sale, nor one 售后中). At most
 * `limit` new orders looked at per call; answers how many were queued.
 */
export async function queueAutoPurchases(db: Queryable, nowS: number, limit = 200): Promise<number> {
  const candidates = await db.query<{ id: number; account_id: number }>(
    `SELECT o.id, o.account_id FROM orders o JOIN settings st ON st.account_id = o.account_id
     WHERE st.auto_purchase AND o.status = 'pending' AND o.source = 'sync' AND o.created_at >= $1
       AND NOT EXISTS (SELECT 1 FROM order_purchases p WHERE p.order_id = o.id)
       AND NOT ${AFTER_SALE_OPEN_SQL}
     ORDER BY o.created_at DESC, o.id DESC LIMIT $2`,
    [nowS - 86_400, limit],
  );
  const byAccount = new Map<number, number[]>();
  for (const c of candidates) byAccount.set(c.account_id, [...(byAccount.get(c.account_id) ?? []), c.id]);
  // A platform order whose 1688 order the supplier cancelled, at most `AUTO_REBUY_LIMIT` times: bought
  // again as a new attempt (a new `outOrderId`).
  const again = await db.query(
    `UPDATE order_purchases p SET status = 'queued', requested_by = NULL, attempts = 0, create_sent = false,
       next_attempt_at = ${DB_NOW_MS}, lease_until = NULL, last_error = NULL, supplier_message = NULL,
       supplier_order_no = NULL, goods_fen = NULL, freight_fen = NULL, next_poll_at = NULL, updated_at = $1,
       round = p.round + 1, out_order_id = NULL, pay_status = NULL, pay_message = NULL, placed_at = NULL,
       unpaid_notified_at = NULL, intercept_at = NULL, cancel_sent_at = NULL
     FROM orders o, settings st
     WHERE o.id = p.order_id AND o.account_id = p.account_id AND st.account_id = p.account_id
       AND st.auto_purchase AND p.status = 'cancelled' AND p.cancel_sent_at IS NULL
       AND p.supplier_cancels BETWEEN 1 AND $2 AND o.status = 'pending' AND o.source = 'sync' AND NOT ${AFTER_SALE_OPEN_SQL}
     RETURNING p.id`,
    [nowS, AUTO_REBUY_LIMIT],
  );
  let queued = again.length;
  for (const [accountId, ids] of byAccount) {
    const items = await orderItems(db, accountId, ids);
    const scope = scopeOf(db, accountId);
    for (const id of ids) {
      if (unboughtReason(items.get(id) ?? [])) continue;
      if (await orderIsBlacklisted(scope, id)) continue;
      const rows = await db.query(
        `INSERT INTO order_purchases (account_id, order_id, status, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, 'queued', ${DB_NOW_MS}, $3, $3) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
        [accountId, id, nowS],
      );
      queued += rows.length;
    }
  }
  return queued;
}

// ---- supplier logistics ----------------------------------------------------------------------------

/** A placed purchase whose 1688 order is to be looked at. */
export interface PolledPurchase {
  id: number;
  account_id: number;
  order_id: number;
  supplier_order_no: string;
  round: number;
  out_order_id: string | null;
  pay_status: 'unpaid' | 'paid' | null;
  /** Consign asked 1688 to cancel it (an after-sale opened while it was unpaid): a `cancel` is ours. */
  cancel_sent_at: number | string | null;
}

/**
 * Claims up to `limit` placed purchases due for a look at 1688 (jobs/queue.ts, a recurring look: their
 * next look moved `intervalMs` ahead is their lease too; a process that dies mid-poll leaves them for
 * the next round, never looked at twice at once).
 */
export async function claimPolls(
  db: Queryable,
  limit: number,
  intervalMs: number,
): Promise<PolledPurchase[]> {
  const claimed = await claimJobs<PolledPurchase>(db, FOLLOW_UP_QUEUE, {
    leaseMs: intervalMs,
    limit,
    returning: 'id, account_id, order_id, supplier_order_no, round, out_order_id, pay_status, cancel_sent_at',
  });
  return claimed.map((c) => c.job);
}

/**
 * A sender address was saved: the account's purchases the supplier shipped but that could not ship in
 * Consign for want of one (`placed` with the reason in `last_error`, see jobs/purchase.ts) are looked
 * at again now rather than at their next look. Answers how many.
 */
export async function releaseHeldShipments(db: Queryable, accountId: number): Promise<number> {
  const rows = await db.query(
    `UPDATE order_purchases SET next_poll_at = ${DB_NOW_MS}
     WHERE account_id = $1 AND status = 'placed' AND last_error IS NOT NULL RETURNING id`,
    [accountId],
  );
  return rows.length;
}

/**
 * The outcome of a look at 1688 for a placed purchase; answers whether it moved (false: not `placed`
 * any more, another look recorded it first: what follows it, such as a refund, is not done twice).
 */
export function finishPoll(
  db: Queryable,
  id: number,
  outcome: { status: 'placed' | 'shipped' | 'cancelled'; message: string | null },
  nowS: number,
): Promise<boolean> {
  return finishJob(
    db,
    FOLLOW_UP_QUEUE,
    { id },
    {
      status: outcome.status,
      set: 'last_error = $1, updated_at = $2',
      params: [outcome.message, nowS],
    },
  );
}

// ---- after-sales after purchase --------------------------------------------------------------------

/**
 * An after-sale opened on an order already bought on 1688 (the shop sync, db/platform-order.ts, or the
 * purchase job that placed it meanwhile): a purchase placed and not yet shipped by the supplier is
 * marked 需拦截 (`intercept_at`). Paid: the account is told through the bell, so the seller asks the
 * supplier to hold the parcel. Not known paid: it is due for a look at 1688 now, and the follow-up
 * (jobs/purchase.ts `SupplierLogisticsJobs`) cancels a 1688 order still 待付款 (`alibaba.trade.cancel`,
 * the 代发服务费 given back) or, paid meanwhile, tells the account as above. A purchase still queued is
 * refused by the job's own check before 1688 is called; one already shipped is the writeback's
 * business (the platform refuses 售后中 and 回传失败 says so). Answers whether it marked one.
 */
export async function flagInterception(
  db: Queryable,
  accountId: number,
  orderId: number,
  nowS: number,
): Promise<boolean> {
  const [row] = await db.query<{ order_no: string; supplier_order_no: string; paid: boolean }>(
    `UPDATE order_purchases p SET intercept_at = $3, updated_at = $3,
       next_poll_at = CASE WHEN p.pay_status = 'paid' THEN p.next_poll_at ELSE ${DB_NOW_MS} END
     FROM orders o
     WHERE p.order_id = $1 AND p.account_id = $2 AND o.id = p.order_id AND p.status = 'placed'
       AND p.intercept_at IS NULL AND o.status = 'purchased'
     RETURNING o.order_no, p.supplier_order_no, p.pay_status = 'paid' AS paid`,
    [orderId, accountId, nowS],
  );
  if (!row) return false;
  if (row.paid) await notifyInterception(db, accountId, orderId, row, nowS);
  return true;
}

/** The bell for a 需拦截 order whose 1688 order is paid (once while unread). */
export async function notifyInterception(
  db: Queryable,
  accountId: number,
  orderId: number,
  row: { order_no: string; supplier_order_no: string },
  nowS: number,
): Promise<void> {
  await notify(
    db,
    {
      accountId,
      kind: 'purchase',
      key: `purchase:${orderId}:intercept`,
      title: '已采购的订单申请了售后，需拦截',
      body: `订单 ${row.order_no} 的买家申请了售后，1688采购单 ${row.supplier_order_no} 尚未发货：请联系供应商拦截或取消采购单`,
      link: `/order/index?order=${orderId}`,
    },
    nowS,
  );
  // And the account's one notification of the 售后拦截 view (`N 个订单售后拦截`).
  await notifyOrderExceptions(db, accountId, ['intercept'], nowS);
}

/**
 * Before `alibaba.trade.cancel` is sent for an after-sale: records that Consign cancels it (committed
 * first, so a `cancel` seen on 1688 after a crash is known as ours). False: not placed any more.
 */
export function markCancelSent(db: Queryable, id: number, nowS: number): Promise<boolean> {
  return updateHeld(
    db,
    FOLLOW_UP_QUEUE,
    { id },
    'cancel_sent_at = COALESCE(cancel_sent_at, $1), updated_at = $1',
    [nowS],
  );
}

/**
 * One more cancellation by the supplier of the order's 1688 orders (in the transaction that recorded
 * it): counts it and keeps on the purchase the words `message` gives for the count and the account's
 * 自动采购 (what the order's 一键采购 state shows). Answers them.
 */
export async function recordSupplierCancel(
  db: Queryable,
  id: number,
  message: (count: number, autoPurchase: boolean) => string,
): Promise<{ message: string; stopped: boolean }> {
  const [row] = await db.query<{ n: number; auto: boolean }>(
    `UPDATE order_purchases p SET supplier_cancels = p.supplier_cancels + 1 WHERE p.id = $1
     RETURNING p.supplier_cancels AS n,
       COALESCE((SELECT st.auto_purchase FROM settings st WHERE st.account_id = p.account_id), false) AS auto`,
    [id],
  );
  const count = row?.n ?? 1;
  const auto = row?.auto ?? false;
  const text = message(count, auto);
  await db.query('UPDATE order_purchases SET last_error = $2 WHERE id = $1', [id, text.slice(0, 500)]);
  return { message: text, stopped: auto && count > AUTO_REBUY_LIMIT };
}

/**
 * 需拦截 with a paid 1688 order, seen by the follow-up: marked (and told) when not yet, or told when
 * it was marked while the payment was not known and not told since.
 */
export async function interceptPaid(db: Queryable, accountId: number, orderId: number, nowS: number) {
  const [row] = await db.query<{
    order_no: string;
    supplier_order_no: string;
    intercept_at: number | string | null;
    told: boolean;
  }>(
    `SELECT o.order_no, p.supplier_order_no, p.intercept_at,
       EXISTS (SELECT 1 FROM notifications n WHERE n.account_id = p.account_id
         AND n.key = 'purchase:' || p.order_id || ':intercept' AND n.created_at >= p.intercept_at) AS told
     FROM order_purchases p JOIN orders o ON o.id = p.order_id
     WHERE p.order_id = $1 AND p.account_id = $2 AND p.status = 'placed' AND o.status = 'purchased'`,
    [orderId, accountId],
  );
  if (!row) return;
  if (row.intercept_at === null) await flagInterception(db, accountId, orderId, nowS);
  else if (!row.told) await notifyInterception(db, accountId, orderId, row, nowS);
}

import type { SandboxCore } from '@consign/platform-sandboxes/core';
import type { Queryable } from '../src/db/db';
import { storeShopTokens } from '../src/db/shop-tokens';
import type { PlatformConnector } from '../src/platforms/connector';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';

/**
 * What the writeback (and 查看完整收货信息) tests start from, written straight into the database as the shop authorisation
 * and the order sync will: a shop of account `accountId` authorised on the sandbox (the sandbox's code,
 * exchanged through the real connector; tokens sealed by `storeShopTokens`), and platform orders of it
 * waiting to ship (placed in the sandbox, stored as 已采购 with their platform order numbers and the
 * receiver's ciphertexts).
 */
export async function authorisedShop(
  db: Queryable,
  connector: PlatformConnector,
  sandbox: SandboxCore,
  options: { accountId: number; clientId: string; platformShopId: string; now: number; dataKey?: Buffer },
): Promise<number> {
  const code = sandbox.issueCode(
    options.clientId,
    options.platformShopId,
    'http://127.0.0.1:8080/shop/authorised',
  );
  const auth = await connector.exchangeCode(code);
  const [shop] = await db.query<{ id: number }>(
    `INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id)
     VALUES ($1, $2, 'authorized', $3, $4, $5, $6) RETURNING id`,
    [auth.shopName, connector.platform, auth.expiresAt, options.now, options.accountId, auth.shopId],
  );
  if (!shop) throw new Error('no shop');
  await storeShopTokens(db, new SecretBox(options.dataKey ?? DEV_DATA_KEY), shop.id, auth);
  return shop.id;
}

export interface PlatformOrderRow {
  id: number;
  orderNo: string;
  platformOrderNo: string;
}

/** `count` new orders of the sandbox shop, stored as 已采购 orders of our shop `shopId`. */
export async function purchasedPlatformOrders(
  db: Queryable,
  sandbox: SandboxCore,
  options: { accountId: number; shopId: number; platformShopId: string; count: number; now: number },
): Promise<PlatformOrderRow[]> {
  const rows: PlatformOrderRow[] = [];
  for (let i = 0; i < options.count; i++) {
    const placed = sandbox.placeOrder(options.platformShopId);
    const item = placed.items[0];
    const orderNo = `WB${options.shopId}${String(rows.length + 1).padStart(4, '0')}${placed.orderNo.slice(-6)}`;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
         receiver_mobile, receiver_address, created_at, updated_at, account_id, source, platform_order_no,
         receiver_cipher)
       VALUES ($1, $2, $3::jsonb, $4, $5, 'purchased', $6, $6, $7, $8, $9, $9, $10, 'sync', $11, $12::jsonb)
       RETURNING id`,
      [
        orderNo,
        options.shopId,
        JSON.stringify([{ title: item?.name ?? '商品', image: '', quantity: item?.quantity ?? 1 }]),
        item?.name ?? '商品',
        (item?.priceFen ?? 100) * (item?.quantity ?? 1),
        '张*',
        '138****0000',
        `${placed.receiver.province}${placed.receiver.city}****`,
        options.now,
        options.accountId,
        placed.orderNo,
        JSON.stringify(placed.cipher),
      ],
    );
    if (!row) throw new Error('no order');
    rows.push({ id: row.id, orderNo, platformOrderNo: placed.orderNo });
  }
  return rows;
}

/** A tracking number of 顺丰's format, distinct per `n`. */
export function sfTrackingNo(n: number): string {
  return `SF${String(7_000_000_000_000 + n).padStart(13, '0')}`;
}

import { ALIBABA_SANDBOX_APP, type AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import type { Queryable } from '../src/db/db';
import { scopeOf } from '../src/db/scope';
import { saveSupplierAccount } from '../src/db/supplier-account';
import { AlibabaConnector } from '../src/platforms/alibaba';
import type { PlatformEndpoints } from '../src/platforms/connector';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';

/**
 * What the 一键采购 tests start from, written as the product writes it: the account's 1688 buyer
 * account connected (a sandbox code exchanged through the real connector, tokens sealed by
 * `saveSupplierAccount`), goods SKUs with a 货源 on a sandbox offer, and orders whose lines name the
 * SKU's 商家编码 (so they are matched by it).
 */

/** The sandbox offers (see packages/platform-sandboxes/src/alibaba.ts): T恤 white L (18.50), 保温杯 (no specs, 23.90). */
export const TEE = { offerId: '610000000001', specId: `b7f1c0de${'1'.padStart(24, '0')}`, priceFen: 1850 };
export const TEE_NAVY_XL = {
  offerId: '610000000001',
  specId: `b7f1c0de${'3'.padStart(24, '0')}`,
  priceFen: 1990,
};
export const CUP = { offerId: '610000000002', specId: null, priceFen: 2390 };
export const TEE_WHITE_XL = {
  offerId: '610000000001',
  specId: `b7f1c0de${'2'.padStart(24, '0')}`,
  priceFen: 1850,
};

/** Connects account `accountId`'s 1688 buyer account (sandbox member `memberId`). */
export async function connectSupplier(
  db: Queryable,
  sandbox: AlibabaSandbox,
  endpoints: PlatformEndpoints,
  options: { accountId: number; nowS: number; memberId?: string; dataKey?: Buffer },
) {
  const redirectUri = 'http://127.0.0.1:8080/supplier/authorised';
  const code = sandbox.issueCode(
    ALIBABA_SANDBOX_APP.clientId,
    options.memberId ?? 'b2b-2206600001',
    redirectUri,
  );
  const connector = new AlibabaConnector({ app: ALIBABA_SANDBOX_APP, endpoints });
  const auth = await connector.exchangeCode(code, redirectUri);
  const [owner] = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE account_id = $1 ORDER BY id LIMIT 1',
    [options.accountId],
  );
  await saveSupplierAccount(
    scopeOf(db, options.accountId),
    new SecretBox(options.dataKey ?? DEV_DATA_KEY),
    { auth, userId: owner?.id ?? 0 },
    options.nowS,
  );
}

/**
 * A goods item of shop `shopId` with one SKU of 商家编码 `outerSkuId` bought from `source` (and, when
 * given, its 备用货源 `backup`).
 */
export async function sourcedSku(
  db: Queryable,
  options: {
    accountId: number;
    shopId: number;
    outerSkuId: string;
    source: { offerId: string; specId: string | null; priceFen: number };
    backup?: { offerId: string; specId: string | null; priceFen: number };
    quantity?: number;
    nowS: number;
  },
): Promise<number> {
  const [goods] = await db.query<{ id: number }>(
    `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
     VALUES ($1, $2, 3990, 100, 'on_sale', '[]', '', $3, $4) RETURNING id`,
    [options.shopId, `采购测试商品 ${options.outerSkuId}`, options.nowS, options.accountId],
  );
  const [sku] = await db.query<{ id: number }>(
    `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, outer_sku_id,
       supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price,
       backup_offer_id, backup_spec_id, backup_quantity, backup_price)
     VALUES ($1, $2, 0, '白色,L', 3990, 100, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      goods?.id,
      options.accountId,
      options.outerSkuId,
      options.source.offerId,
      options.source.specId,
      options.quantity ?? 1,
      options.source.priceFen,
      options.backup?.offerId ?? null,
      options.backup?.specId ?? null,
      options.backup ? 1 : null,
      options.backup?.priceFen ?? null,
    ],
  );
  if (!sku) throw new Error('no sku');
  return sku.id;
}

/** `count` 待采购 orders typed in (手工建单-like) of shop `shopId`, one line of 商家编码 `outerSkuId`. */
export async function pendingOrders(
  db: Queryable,
  options: {
    accountId: number;
    shopId: number;
    outerSkuId: string;
    count: number;
    nowS: number;
    prefix: string;
    quantity?: number;
    address?: string;
    mobile?: string;
  },
): Promise<{ id: number; orderNo: string }[]> {
  const rows: { id: number; orderNo: string }[] = [];
  for (let i = 0; i < options.count; i++) {
    const orderNo = `${options.prefix}${String(i + 1).padStart(5, '0')}`;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
         receiver_mobile, receiver_address, created_at, updated_at, account_id, source)
       VALUES ($1, $2, $3::jsonb, '纯棉短袖T恤', 5990, 'pending', '王芳', '王芳', $4, $5, $6, $6, $7, 'manual')
       RETURNING id`,
      [
        orderNo,
        options.shopId,
        JSON.stringify([
          {
            title: '纯棉短袖T恤',
            image: '',
            quantity: options.quantity ?? 1,
            sku: '白色,L',
            price: 5990,
            outer_sku_id: options.outerSkuId,
          },
        ]),
        options.mobile ?? '13812345678',
        options.address ?? '浙江省杭州市西湖区文三路 478 号',
        options.nowS,
        options.accountId,
      ],
    );
    if (!row) throw new Error('no order');
    rows.push({ id: row.id, orderNo });
  }
  return rows;
}

/**
 * Order `orderId` of the account as 一键采购 leaves it with 自动付款 off: a 1688 order of the sandbox
 * member (待付款) and its purchase `placed` and `unpaid`. Answers the 1688 order's id.
 */
export async function placedUnpaid(
  db: Queryable,
  sandbox: AlibabaSandbox,
  options: { accountId: number; orderId: number; nowS: number; memberId?: string },
): Promise<string> {
  const supplierOrderNo = `33000000${String(options.orderId).padStart(10, '0')}`;
  sandbox.purchases.set(supplierOrderNo, {
    orderId: supplierOrderNo,
    memberId: options.memberId ?? 'b2b-2206600001',
    outOrderId: String(options.orderId),
    createdAt: options.nowS,
    cargo: [{ offerId: CUP.offerId, specId: '', quantity: 1, unitPriceFen: CUP.priceFen }],
    goodsFen: CUP.priceFen,
    freightFen: 600,
    address: {},
    encryptOutOrderInfo: null,
    shipAt: Number.POSITIVE_INFINITY,
    billNo: '700000000001',
    cancelled: false,
    paid: false,
  });
  await db.query(
    `INSERT INTO order_purchases (account_id, order_id, status, attempts, supplier_order_no, goods_fen,
       freight_fen, out_order_id, pay_status, placed_at, next_poll_at, created_at, updated_at)
     VALUES ($1, $2, 'placed', 1, $3, $4, 600, $6, 'unpaid', $5, 9007199254740991, $5, $5)`,
    [
      options.accountId,
      options.orderId,
      supplierOrderNo,
      CUP.priceFen,
      options.nowS,
      String(options.orderId),
    ],
  );
  return supplierOrderNo;
}

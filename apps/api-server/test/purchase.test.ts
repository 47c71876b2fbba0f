import {
  AFTER_SALE_PURCHASE_REFUSAL,
  type BatchResult,
  type OrderDetail,
  type PurchaseItems,
} from '@consign/api-client';
import { AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAppSecret } from '../src/db/platform-apps';
import { storePlatformOrders } from '../src/db/platform-order';
import { flagInterception, splitAddress, withinPriceLimit } from '../src/db/purchase';
import { scopeOf } from '../src/db/scope';
import { openShopTokens } from '../src/db/shop-tokens';
import { saveSupplierAccount } from '../src/db/supplier-account';
import { carrierOfSupplier } from '../src/jobs/purchase';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import {
  CUP,
  connectSupplier,
  pendingOrders,
  placedUnpaid,
  sourcedSku,
  TEE,
  TEE_NAVY_XL,
  TEE_WHITE_XL,
} from './purchase-helpers';

/**
 * 一键采购 through the real server against the 1688 sandbox it mounts: order lines matched to goods
 * SKUs (商家编码, 关联货源 remembered), the preview, the purchase job placing each order once with our
 * order id as `outOrderId` (密文代发 for platform orders) and taking the 采购 step with the supplier
 * order number and the real cost, each refusal in words with the order left 待采购, the price limit,
 * 1688 throttling and an expired token, a refused refresh notified, and the supplier's shipment or
 * cancellation followed back to the order.
 */

let t: TestServer;
let sandbox: AlibabaSandbox;
let token: string;
let serial = 0;
const ACCOUNT = 1;
const UNTHROTTLED = 100_000;
const SHOP = 1;
const nowS = () => Math.floor(t.clock.now() / 1000);
const api = () => t.client(() => token);
const db = () => t.server.db;

async function until<T>(what: string, read: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function purchaseRow(orderId: number) {
  const [row] = await db().query<{ status: string; last_error: string | null; attempts: number }>(
    'SELECT status, last_error, attempts FROM order_purchases WHERE order_id = $1',
    [orderId],
  );
  return row;
}

/** Waits until the order's purchase is settled (placed or failed) and answers it. */
const settled = (orderId: number) =>
  until(`the purchase of order ${orderId}`, async () => {
    const row = await purchaseRow(orderId);
    return row && ['placed', 'failed', 'shipped', 'cancelled'].includes(row.status) ? row : undefined;
  });

/** `count` 待采购 orders of a fresh 商家编码 whose SKU is bought from `source`. */
async function sourcedOrders(
  source: { offerId: string; specId: string | null; priceFen: number },
  options: {
    count?: number;
    quantity?: number;
    address?: string;
    backup?: { offerId: string; specId: string | null; priceFen: number };
  } = {},
) {
  const outerSkuId = `PT-${++serial}`;
  await sourcedSku(db(), {
    accountId: ACCOUNT,
    shopId: SHOP,
    outerSkuId,
    source,
    ...(options.backup ? { backup: options.backup } : {}),
    nowS: nowS(),
  });
  return pendingOrders(db(), {
    accountId: ACCOUNT,
    shopId: SHOP,
    outerSkuId,
    count: options.count ?? 1,
    nowS: nowS(),
    prefix: `PT${serial}-`,
    quantity: options.quantity,
    address: options.address,
  });
}

const start = (ids: number[]) => api().call('/api/purchase/start', { ids }) as Promise<BatchResult>;
const detail = (id: number) => api().call('/api/order/detail', { id }) as Promise<OrderDetail>;

beforeAll(async () => {
  t = await startTestServer({
    copyWorker: false,
    exportWorker: false,
    writebackJobs: false,
    authExpirySweep: false,
    shopSync: false,
    platformSandbox: { demoEveryMs: false },
    purchaseJobs: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400, followEveryMs: 150, autoEveryMs: 150 },
    // The test clock stands still (one budget window for the whole file): room for every purchase here.
    budgets: { purchase_place: { calls: 10_000 } },
  });
  const sandboxes = t.server.sandboxes;
  if (!sandboxes) throw new Error('no sandboxes');
  sandbox = sandboxes.alibaba;
  // The test clock stands still, so the sandbox's per-second rate window never turns: room for all.
  sandbox.setRateLimit(UNTHROTTLED);
  token = await t.login(ADMIN);
  await connectSupplier(db(), sandbox, sandboxes.alibabaEndpoints(`${t.url}${SANDBOX_MOUNT}`), {
    accountId: ACCOUNT,
    nowS: nowS(),
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('the rules in integer 分', () => {
  it('the price limit compares without floating point', () => {
    expect(withinPriceLimit(1100, 1000, 10)).toBe(true);
    expect(withinPriceLimit(1101, 1000, 10)).toBe(false);
    expect(withinPriceLimit(999_999, null, 0)).toBe(true);
    // 0.1 + 0.2 would not be 0.3 in floating point; 分 × 100 is exact.
    expect(withinPriceLimit(33, 30, 10)).toBe(true);
  });

  it('reads a typed address as province, city, district', () => {
    expect(splitAddress('浙江省杭州市西湖区文三路 478 号')).toEqual({
      provinceText: '浙江省',
      cityText: '杭州市',
      areaText: '西湖区',
      address: '文三路 478 号',
    });
    expect(splitAddress('上海市浦东新区世纪大道 1 号')).toMatchObject({
      provinceText: '上海市',
      cityText: '上海市',
      areaText: '浦东新区',
    });
    expect(splitAddress('某路 1 号').provinceText).toBe('');
  });

  it("maps 1688's carrier names to ours, OTHER when the number does not fit", () => {
    expect(carrierOfSupplier('中通快递', '700000007919')).toBe('ZTO');
    expect(carrierOfSupplier('顺丰速运', 'SF1234567890123')).toBe('SF');
    expect(carrierOfSupplier('中通快递', 'ZT123')).toBe('OTHER');
    expect(carrierOfSupplier('某某物流', '123')).toBe('OTHER');
  });
});

describe('order lines and their 货源', () => {
  it('an unmatched line says so and cannot be bought; 关联货源 links it, remembered for the next order', async () => {
    const skuId = await sourcedSku(db(), {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: `PT-LINK-${++serial}`,
      source: CUP,
      nowS: nowS(),
    });
    // Lines without a 商家编码: nothing matches them.
    const [first, second] = await pendingOrders(db(), {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: '',
      count: 2,
      nowS: nowS(),
      prefix: `PT-LINK${serial}-`,
    });
    if (!first || !second) throw new Error('no orders');
    const before = (await api().call('/api/purchase/items', { id: first.id })) as PurchaseItems;
    expect(before.items).toEqual([
      expect.objectContaining({ index: 0, title: '纯棉短袖T恤', sku_id: null, source: null }),
    ]);
    const refused = await start([first.id]);
    expect(refused.results).toEqual([
      {
        id: first.id,
        order_no: first.orderNo,
        ok: false,
        message: '有 1 件商品未关联货源（纯棉短袖T恤），请先关联货源',
      },
    ]);

    await api().call('/api/purchase/link', { id: first.id, index: 0, sku_id: skuId });
    const after = (await api().call('/api/purchase/items', { id: second.id })) as PurchaseItems;
    expect(after.items[0]).toMatchObject({
      sku_id: skuId,
      source: { offer_id: CUP.offerId, spec_id: null, quantity: 1, cost: CUP.priceFen },
    });
    // Another account's SKU is not found.
    const res = await t.post('/api/purchase/link', { id: first.id, index: 0, sku_id: 999_999 }, { token });
    expect([res.status, (await envelope(res)).msg]).toEqual([404, '记录不存在']);
  });

  it('关联货源 with a 1688 link reads the offer: a spec is required, then the SKU is created and linked', async () => {
    const [order] = await pendingOrders(db(), {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: '',
      count: 1,
      nowS: nowS(),
      prefix: `PT-OFFER${++serial}-`,
    });
    if (!order) throw new Error('no order');
    // Same title and spec as the orders above, but its own key is what matters: relink it.
    const link = (body: Record<string, unknown>) =>
      t.post('/api/purchase/link', { id: order.id, index: 0, ...body }, { token });
    const notOffer = await link({ offer_url: 'https://www.example.com/not-a-product' });
    expect([notOffer.status, (await envelope(notOffer)).msg]).toEqual([
      422,
      expect.stringContaining('请粘贴1688商品链接'),
    ]);
    const noSpec = await link({ offer_url: `https://detail.1688.com/offer/${TEE.offerId}.html` });
    expect(noSpec.status).toBe(422);
    expect((await envelope(noSpec)).msg).toContain('请选择该1688商品的规格');
    const removed = await link({ offer_url: 'https://detail.1688.com/offer/610000000003.html' });
    expect([removed.status, (await envelope(removed)).msg]).toEqual([409, '1688商品不存在或已下架']);

    const ok = await link({
      offer_url: `https://detail.1688.com/offer/${TEE.offerId}.html`,
      spec_id: TEE.specId,
      quantity: 2,
    });
    expect(ok.status).toBe(200);
    const items = (await api().call('/api/purchase/items', { id: order.id })) as PurchaseItems;
    expect(items.items[0]?.source).toEqual({
      offer_id: TEE.offerId,
      spec_id: TEE.specId,
      quantity: 2,
      cost: TEE.priceFen,
    });
    const preview = await api().call('/api/purchase/preview', { id: order.id });
    expect(preview).toMatchObject({ goods: 2 * TEE.priceFen, freight: 600, total: 2 * TEE.priceFen + 600 });
  });
  it('a member who may process orders but not manage goods reads the 1688 offer and links the line to it', async () => {
    const [member] = await db().query<{ role_id: number }>('SELECT role_id FROM users WHERE mobile = $1', [
      USER,
    ]);
    await db().query('UPDATE roles SET permissions = $1 WHERE id = $2', [
      ['order:view', 'order:process'],
      member?.role_id,
    ]);
    const staff = await t.login(USER);
    const [order] = await pendingOrders(db(), {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: '',
      count: 1,
      nowS: nowS(),
      prefix: `PT-STAFF${++serial}-`,
    });
    if (!order) throw new Error('no order');
    const offer = { offer: `https://detail.1688.com/offer/${TEE.offerId}.html` };
    // 商品编辑's read stays goods:manage.
    const goodsRead = await t.post('/api/goods/supplier-offer', offer, { token: staff });
    expect([goodsRead.status, (await envelope(goodsRead)).msg]).toEqual([403, '没有操作权限']);
    const read = await t.post('/api/purchase/offer', offer, { token: staff });
    expect(read.status).toBe(200);
    expect((await envelope(read)).data).toMatchObject({
      offer_id: TEE.offerId,
      on_sale: true,
      specs: expect.arrayContaining([expect.objectContaining({ spec_id: TEE.specId, price: TEE.priceFen })]),
    });
    const linked = await t.post(
      '/api/purchase/link',
      { id: order.id, index: 0, offer_url: offer.offer, spec_id: TEE.specId, quantity: 1 },
      { token: staff },
    );
    expect(linked.status).toBe(200);
    const items = (await t
      .client(() => staff)
      .call('/api/purchase/items', { id: order.id })) as PurchaseItems;
    expect(items.items[0]?.source).toEqual({
      offer_id: TEE.offerId,
      spec_id: TEE.specId,
      quantity: 1,
      cost: TEE.priceFen,
    });
    // Not an offer: said as for 商品编辑.
    const notOffer = await t.post(
      '/api/purchase/offer',
      { offer: 'https://item.taobao.com/item.htm?id=1' },
      { token: staff },
    );
    expect([notOffer.status, (await envelope(notOffer)).msg]).toEqual([
      400,
      expect.stringContaining('请填写1688商品链接或商品ID'),
    ]);
  });
});

describe('一键采购', () => {
  it('previews without buying, then buys once with our order id as outOrderId and takes the 采购 step', async () => {
    const [order] = await sourcedOrders(CUP, { quantity: 2 });
    if (!order) throw new Error('no order');
    const placedBefore = sandbox.purchases.size;
    const preview = await api().call('/api/purchase/preview', { id: order.id });
    expect(preview).toMatchObject({
      goods: 2 * CUP.priceFen,
      freight: 600,
      total: 2 * CUP.priceFen + 600,
      expected_goods: 2 * CUP.priceFen,
      rise_percent: 10,
      within_limit: true,
    });
    expect(sandbox.purchases.size).toBe(placedBefore);

    expect((await start([order.id])).succeeded).toBe(1);
    // Asked twice while queued or bought: refused, nothing queued twice.
    expect((await start([order.id])).results[0]?.message).toMatch(/已在一键采购中|不能一键采购/);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    const [bought] = sandbox.ordersFor(String(order.id));
    expect(sandbox.ordersFor(String(order.id))).toHaveLength(1);
    expect(bought).toMatchObject({
      cargo: [expect.objectContaining({ offerId: CUP.offerId, quantity: 2 })],
      address: expect.objectContaining({ provinceText: '浙江省', cityText: '杭州市', areaText: '西湖区' }),
      encryptOutOrderInfo: null,
    });
    const shown = await detail(order.id);
    expect(shown).toMatchObject({
      status: 'purchased',
      supplier: '1688',
      supplier_order_no: bought?.orderId,
      cost: 2 * CUP.priceFen + 600,
    });
    expect(shown.events.at(-1)).toMatchObject({ action: 'purchase', details: { supplier: '1688' } });
    expect((await api().call('/api/purchase/items', { id: order.id }))?.purchase).toMatchObject({
      status: 'placed',
      supplier_order_no: bought?.orderId,
    });
  });

  it('密文代发 names the app that authorised the shop (the second of two apps) and its real ciphertexts', async () => {
    // 拼多多 has two apps; the newer one authorises the shop (as 添加店铺 does: through the API, the
    // platform's page and the callback). Only that app may read the shop's receiver on 1688's side.
    const second = { clientId: 'pdd-second-app', clientSecret: 'pdd-second-secret-not-for-production' };
    const sandboxes = t.server.sandboxes;
    if (!sandboxes) throw new Error('no sandboxes');
    sandboxes.pdd.addApp(second);
    const [app] = await db().query<{ id: number }>(
      `INSERT INTO platform_auths (platform_id, shop_name, app_key, app_secret, expires_at, status)
       SELECT id, '第二个应用', $1, '', NULL, 'active' FROM platforms WHERE code = 'pinduoduo' RETURNING id`,
      [second.clientId],
    );
    await storeAppSecret(db(), new SecretBox(DEV_DATA_KEY), app?.id ?? 0, second.clientSecret);
    const { url } = await api().call('/api/shop/authorise', { platform: 'pinduoduo' });
    const back = await decideOnAuthorisationPage(url, { shopId: '900002' });
    const shop = await api().call('/api/shop/authorise-callback', {
      platform: 'pinduoduo',
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('code') ?? '',
    });

    const outerSkuId = `PT-CIPHER-${++serial}`;
    await sourcedSku(db(), { accountId: ACCOUNT, shopId: shop.id, outerSkuId, source: CUP, nowS: nowS() });
    const placedOnPdd = sandboxes.pdd.placeOrder('900002');
    const { province, city, district } = placedOnPdd.receiver;
    const [order] = await db().query<{ id: number }>(
      `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
         receiver_mobile, receiver_address, created_at, updated_at, account_id, source, platform_order_no,
         receiver_region, receiver_cipher)
       VALUES ($1, $2, $3::jsonb, '保温杯', 4990, 'pending', '王*', '王*', '138****5678', $4,
         $5, $5, $6, 'sync', $7, $8::jsonb, $9::jsonb) RETURNING id`,
      [
        `PT-CIPHER-${serial}`,
        shop.id,
        JSON.stringify([{ title: '保温杯', image: '', quantity: 1, outer_sku_id: outerSkuId, sku_id: '77' }]),
        `${province}${city}${district}***`,
        nowS(),
        ACCOUNT,
        placedOnPdd.orderNo,
        JSON.stringify({ province, city, district }),
        JSON.stringify(placedOnPdd.cipher),
      ],
    );
    if (!order) throw new Error('no order');
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    const [bought] = sandbox.ordersFor(String(order.id));
    expect(bought?.encryptOutOrderInfo).toMatchObject({
      encryptOrder: true,
      outPlatformCode: 'pinduoduo',
      outPlatformAppkey: second.clientId,
      outPlatformOrderNo: placedOnPdd.orderNo,
      outShopId: '900002',
      encryptReceiverName: placedOnPdd.cipher.name,
      encryptReceiverMobile: placedOnPdd.cipher.mobile,
      encryptReceiverAddress: placedOnPdd.cipher.address,
    });
    expect(bought?.address).toMatchObject({ mobile: '138****5678', provinceText: province });
    // Paid by 自动付款 (the account's 代发设置) before the buyer asks for a refund: 需拦截, not cancelled.
    await until('the payment', async () => {
      const { purchase } = await api().call('/api/purchase/items', { id: order.id });
      return purchase?.pay_status === 'paid';
    });

    // The buyer asks for a refund before the supplier ships: the shop sync stores it, and the bought
    // order is 需拦截 (list, detail, 一键采购's state) with a notification.
    sandboxes.pdd.refundOrder(placedOnPdd.orderNo);
    const connector = await t.server.platforms.connector('pinduoduo');
    const tokens = await openShopTokens(db(), new SecretBox(DEV_DATA_KEY), shop.id);
    if (!connector || !tokens) throw new Error('no connector');
    const refunding = await connector.orderDetail(tokens.accessToken, placedOnPdd.orderNo);
    await db().transaction((tx) =>
      storePlatformOrders(tx, { id: shop.id, accountId: ACCOUNT }, [refunding], nowS()),
    );
    expect(await detail(order.id)).toMatchObject({ status: 'purchased', after_sale: true, intercept: true });
    expect((await api().call('/api/purchase/items', { id: order.id })).purchase).toMatchObject({
      status: 'placed',
      intercept: true,
    });
    // One notification of the 售后拦截 view for the account (not one per order), opening the view.
    const [bell] = await db().query<{ title: string; body: string; link: string }>(
      'SELECT title, body, link FROM notifications WHERE account_id = $1 AND key = $2 AND open',
      [ACCOUNT, 'order_exception:intercept'],
    );
    expect(bell?.title).toMatch(/^\d+ 个订单售后拦截$/);
    expect(bell?.body).toContain((await detail(order.id)).order_no);
    expect(bell?.link).toBe('/order/index?exception=intercept');
    sandboxes.pdd.refundOrder(placedOnPdd.orderNo, 'none');

    // The supplier ships: the order is shipped with 中通 and the bill number, its writeback queued.
    if (bought) sandbox.ship(bought.orderId);
    const shipped = await until('the supplier shipment', async () => {
      const d = await detail(order.id);
      return d.status === 'shipped' ? d : undefined;
    });
    expect(shipped).toMatchObject({ carrier: 'ZTO', tracking_no: bought?.billNo });
    const [writeback] = await db().query<{ status: string; carrier: string; tracking_no: string }>(
      'SELECT status, carrier, tracking_no FROM order_writebacks WHERE order_id = $1',
      [order.id],
    );
    expect(writeback).toEqual({ status: 'pending', carrier: 'ZTO', tracking_no: bought?.billNo });
    expect((await purchaseRow(order.id))?.status).toBe('shipped');
  });

  it('an order with an after-sale in progress is refused by every purchase path, with the server’s words', async () => {
    const orders = await sourcedOrders(CUP, { count: 4 });
    const [byRefund, byAfterSale, queuedBefore, sibling] = orders;
    if (!byRefund || !byAfterSale || !queuedBefore || !sibling) throw new Error('no orders');
    // The platform's refund in progress, and an open 售后单: both are 售后中.
    await db().query("UPDATE orders SET refund_status = 'in_progress', source = 'sync' WHERE id = $1", [
      byRefund.id,
    ]);
    for (const id of [byAfterSale.id, queuedBefore.id]) {
      await db().query(
        `INSERT INTO after_sales (account_id, order_id, refund_amount, type, status, reason, created_at)
         VALUES ($1, $2, 5990, 'refund', 'pending', '买家申请退款', $3)`,
        [ACCOUNT, id, nowS()],
      );
    }
    const refused = async (path: string, body: Record<string, unknown>) => {
      const res = await t.post(path, body, { token });
      return { status: res.status, msg: (await envelope(res)).msg };
    };
    for (const order of [byRefund, byAfterSale]) {
      expect(await refused('/api/purchase/preview', { id: order.id })).toEqual({
        status: 409,
        msg: AFTER_SALE_PURCHASE_REFUSAL,
      });
      expect((await start([order.id])).results[0]?.message).toBe(AFTER_SALE_PURCHASE_REFUSAL);
      expect(
        await refused('/api/order/purchase', {
          id: order.id,
          supplier: '1688',
          supplier_order_no: 'X1',
          cost: 2390,
        }),
      ).toEqual({
        status: 409,
        msg: AFTER_SALE_PURCHASE_REFUSAL,
      });
      const batch = (await api().call('/api/order/batch-purchase', {
        supplier: '1688',
        items: [{ id: order.id, cost: 2390, supplier_order_no: 'X1' }],
      })) as BatchResult;
      expect(batch.results[0]?.message).toBe(AFTER_SALE_PURCHASE_REFUSAL);
      expect(await detail(order.id)).toMatchObject({ status: 'pending', after_sale: true });
    }
    // Queued before the refund opened: the job refuses it before calling 1688.
    await db().query(
      `INSERT INTO order_purchases (account_id, order_id, status, next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, 'queued', 0, $3, $3)`,
      [ACCOUNT, queuedBefore.id, nowS()],
    );
    expect(await settled(queuedBefore.id)).toMatchObject({
      status: 'failed',
      last_error: AFTER_SALE_PURCHASE_REFUSAL,
    });
    expect(sandbox.ordersFor(String(queuedBefore.id))).toHaveLength(0);
    // 自动采购 leaves the refunding order and buys its sibling.
    const settings = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { auto_purchase: true, version: settings.version });
    await db().query("UPDATE orders SET source = 'sync' WHERE id = $1", [sibling.id]);
    expect(await settled(sibling.id)).toMatchObject({ status: 'placed' });
    const latest = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { auto_purchase: false, version: latest.version });
    expect(await purchaseRow(byRefund.id)).toBeUndefined();
    // The list says 售后中 on those rows.
    const list = await api().call('/api/order/index', {
      pageIndex: 1,
      pageSize: 20,
      keyword: `PT${serial}-`,
    });
    expect(
      Object.fromEntries(
        list.list.map((o: { order_no: string; after_sale?: boolean }) => [o.order_no, o.after_sale]),
      ),
    ).toEqual({
      [byRefund.orderNo]: true,
      [byAfterSale.orderNo]: true,
      [queuedBefore.orderNo]: true,
      [sibling.orderNo]: false,
    });
  });

  it('each refusal of the purchase routes answers the server’s own words (not the stale save’s)', async () => {
    const refused = async (path: string, body: Record<string, unknown>) => {
      const res = await t.post(path, body, { token });
      return { status: res.status, msg: (await envelope(res)).msg };
    };
    const [order] = await sourcedOrders(CUP);
    const [unlinked] = await pendingOrders(db(), {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: `PT-NONE-${++serial}`,
      count: 1,
      nowS: nowS(),
      prefix: `PT${serial}-`,
    });
    if (!order || !unlinked) throw new Error('no order');
    // A title no earlier 关联货源 linked.
    await db().query(
      `UPDATE orders SET goods = jsonb_set(goods, '{0,title}', '"未关联的商品"') WHERE id = $1`,
      [unlinked.id],
    );
    expect(await refused('/api/purchase/preview', { id: unlinked.id })).toEqual({
      status: 409,
      msg: '有 1 件商品未关联货源（未关联的商品），请先关联货源',
    });
    expect((await start([unlinked.id])).results[0]?.message).toBe(
      '有 1 件商品未关联货源（未关联的商品），请先关联货源',
    );
    expect(
      await refused('/api/purchase/link', {
        id: order.id,
        index: 0,
        offer_url: 'https://detail.1688.com/offer/610000000003.html',
      }),
    ).toEqual({
      status: 409,
      msg: '1688商品不存在或已下架',
    });
    expect(
      await refused('/api/purchase/link', {
        id: order.id,
        index: 0,
        offer_url: `https://detail.1688.com/offer/${TEE.offerId}.html`,
      }),
    ).toMatchObject({ status: 422, msg: expect.stringMatching(/^请选择该1688商品的规格：白色,L/) });
    // Without a 1688 buyer account: said so, on the preview, 关联货源's offer read and the link.
    await db().query('DELETE FROM supplier_accounts WHERE account_id = $1', [ACCOUNT]);
    try {
      const unconnected = { status: 409, msg: '未连接1688采购账号，请先在代发设置中连接' };
      expect(await refused('/api/purchase/preview', { id: order.id })).toEqual(unconnected);
      expect(await refused('/api/purchase/offer', { offer: CUP.offerId })).toEqual(unconnected);
      expect(
        await refused('/api/purchase/link', {
          id: order.id,
          index: 0,
          offer_url: `https://detail.1688.com/offer/${CUP.offerId}.html`,
        }),
      ).toEqual(unconnected);
    } finally {
      await connectSupplier(
        db(),
        sandbox,
        t.server.sandboxes?.alibabaEndpoints(`${t.url}${SANDBOX_MOUNT}`) ?? AlibabaSandbox.endpoints(''),
        {
          accountId: ACCOUNT,
          nowS: nowS(),
        },
      );
    }
  });

  it('without a 发货地址 一键采购 says so; a shipment held for want of one ships within seconds of saving one', async () => {
    await db().query("DELETE FROM addresses WHERE account_id = $1 AND kind = 'sender'", [ACCOUNT]);
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    const preview = await api().call('/api/purchase/preview', { id: order.id });
    // 5990 paid - (23.90 + 6.00) - no platform fee - no 代发服务费 set.
    expect(preview).toMatchObject({
      sender_address_missing: true,
      service_fee: 0,
      profit: 5990 - 2390 - 600,
    });
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed' });
    const [bought] = sandbox.ordersFor(String(order.id));
    if (bought) sandbox.ship(bought.orderId);
    const held = await until('the shipment held', async () => {
      const row = await purchaseRow(order.id);
      return row?.last_error ? row : undefined;
    });
    expect(held.last_error).toContain('请先在发货地址中添加发货地址');
    // Its next look at 1688 is far off (as with the 10 minutes of production): saving the address
    // brings it forward.
    await db().query('UPDATE order_purchases SET next_poll_at = $2 WHERE order_id = $1', [
      order.id,
      Date.now() + 3_600_000,
    ]);
    await api().call('/api/address/save', {
      kind: 'sender',
      name: '仓库',
      mobile: '13800001234',
      region: '浙江省 杭州市 西湖区',
      address: '文三路 1 号',
      is_default: true,
    });
    const shipped = await until('the held order shipped', async () => {
      const d = await detail(order.id);
      return d.status === 'shipped' ? d : undefined;
    });
    expect(shipped).toMatchObject({
      tracking_no: bought?.billNo,
      sender: expect.objectContaining({ name: '仓库' }),
    });
  });

  it('each refusal leaves the order 待采购 with its reason in words, and no supplier order', async () => {
    const cases: [string, () => Promise<{ id: number }[]>, string][] = [
      ['out of stock', () => sourcedOrders(TEE_NAVY_XL), '1688供应商库存不足'],
      [
        'address unreachable',
        () => sourcedOrders(CUP, { address: '某路 1 号' }),
        '收货地址不正确，1688无法下单',
      ],
      [
        'not enough balance',
        async () => {
          sandbox.balances.set('b2b-2206600001', 100);
          return sourcedOrders(CUP);
        },
        '1688账户余额不足，请充值后重试',
      ],
    ];
    for (const [name, make, message] of cases) {
      const [order] = await make();
      if (!order) throw new Error('no order');
      await start([order.id]);
      expect(await settled(order.id), name).toMatchObject({ status: 'failed', last_error: message });
      expect(sandbox.ordersFor(String(order.id)), name).toHaveLength(0);
      expect(await detail(order.id), name).toMatchObject({ status: 'pending', supplier_order_no: null });
      expect((await api().call('/api/purchase/items', { id: order.id })).purchase, name).toMatchObject({
        status: 'failed',
        message,
      });
      // 操作日志: the queueing as it happened, then the failure with its reason, under the same action.
      const log = await api().call('/api/log/index', {
        action: 'purchase.start',
        pageIndex: 1,
        pageSize: 50,
      });
      expect(
        log.list.filter((entry) => entry.target_id === order.id).map((e) => [e.action_label, e.failure]),
        name,
      ).toEqual([
        ['一键采购', message],
        ['一键采购', null],
      ]);
    }
    sandbox.balances.delete('b2b-2206600001');
  });

  it('a price risen beyond 允许采购价上浮 is refused with the figures; within it, bought at the new price', async () => {
    const [order] = await sourcedOrders(TEE);
    if (!order) throw new Error('no order');
    sandbox.reprice(TEE.offerId, 2050, TEE.specId); // +10.8 % on 18.50
    const preview = await api().call('/api/purchase/preview', { id: order.id });
    expect(preview).toMatchObject({ goods: 2050, expected_goods: 1850, within_limit: false });
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({
      status: 'failed',
      last_error: '1688采购价 ¥20.50 比货源价 ¥18.50 上涨超过 10%（代发设置的允许采购价上浮），未采购',
    });
    expect(sandbox.ordersFor(String(order.id))).toHaveLength(0);

    // The seller allows 15 %: 一键采购 again buys it, at 20.50.
    const settings = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { purchase_price_rise_percent: 15, version: settings.version });
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(await detail(order.id)).toMatchObject({ status: 'purchased', cost: 2050 + 600 });
    // A new attempt, a new outOrderId: the refused one placed nothing under the order's id.
    expect(sandbox.ordersFor(String(order.id))).toHaveLength(0);
    expect(sandbox.ordersFor(`${order.id}-2`)).toHaveLength(1);
    sandbox.reprice(TEE.offerId, TEE.priceFen, TEE.specId);
  });

  it('1688 throttling is retried with backoff until bought once; an expired token is refreshed', async () => {
    const [throttled] = await sourcedOrders(CUP);
    if (!throttled) throw new Error('no order');
    // One preview a second, and this second's is spent: the job's preview is throttled, and so is
    // every retry while the (test) clock stands still.
    sandbox.setRateLimit(1);
    await api().call('/api/purchase/preview', { id: throttled.id });
    await start([throttled.id]);
    const waiting = await until('a retried attempt', async () => {
      const row = await purchaseRow(throttled.id);
      return row && row.attempts >= 2 ? row : undefined;
    });
    expect(waiting).toMatchObject({ status: expect.stringMatching(/queued|placing/) });
    expect((await purchaseRow(throttled.id))?.last_error).toBe('1688接口调用过于频繁，稍后自动重试');
    expect(sandbox.ordersFor(String(throttled.id))).toHaveLength(0);
    sandbox.setRateLimit(UNTHROTTLED);
    expect(await settled(throttled.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(sandbox.ordersFor(String(throttled.id))).toHaveLength(1);

    const [expired] = await sourcedOrders(CUP);
    if (!expired) throw new Error('no order');
    const refreshes = sandbox.callsOf('getToken').length;
    const callsBefore = sandbox.calls.length;
    sandbox.expireAccessTokens();
    await start([expired.id]);
    expect(await settled(expired.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(sandbox.callsOf('getToken').length).toBeGreaterThan(refreshes);
    const calls = sandbox.calls.slice(callsBefore);
    expect(calls.filter((c) => c.api === ALIBABA_APIS.createOrder)).toEqual([
      { api: ALIBABA_APIS.createOrder, appKey: expect.any(String), memberId: 'b2b-2206600001', error: null },
    ]);
    // The expired token was refused (the logistics job may have met it too), then refreshed.
    const errors = calls.filter((c) => c.error).map((c) => c.error);
    expect(errors.length).toBeGreaterThan(0);
    expect(new Set(errors)).toEqual(new Set(['gw.AccessTokenExpired']));
  });

  it("the seller's preview and offer read refresh a token 1688 answers expired, and answer", async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    sandbox.expireAccessTokens();
    const preview = (await api().call('/api/purchase/preview', { id: order.id })) as { total: number };
    expect(preview.total).toBeGreaterThan(0);
    sandbox.expireAccessTokens();
    await db().query('DELETE FROM offer_reads');
    expect(await api().call('/api/purchase/offer', { offer: CUP.offerId })).toMatchObject({
      offer_id: CUP.offerId,
    });
  });

  it('a refused refresh fails the purchase, marks the account 已过期 and tells the account', async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    // Tokens 1688 does not know, the access token expired: the refresh is refused.
    const [owner] = await db().query<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [ADMIN]);
    await saveSupplierAccount(
      scopeOf(db(), ACCOUNT),
      new SecretBox(DEV_DATA_KEY),
      {
        auth: {
          memberId: 'b2b-2206600001',
          loginId: '沙箱采购账号',
          accessToken: 'unknown',
          refreshToken: 'unknown',
          expiresAt: nowS() - 10,
          refreshExpiresAt: nowS() + 86_400,
        },
        userId: owner?.id ?? 0,
      },
      nowS(),
    );
    await start([order.id]);
    // Refused by 1688 (失效), or already marked by the logistics job's own refresh (已过期).
    expect(await settled(order.id)).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/^1688账号授权已(失效|过期)，请在代发设置中重新授权$/),
    });
    expect((await api().call('/api/supplier/account')).status).toBe('expired');
    const [note] = await db().query<{ title: string }>(
      "SELECT title FROM notifications WHERE account_id = $1 AND kind = 'purchase' AND key = 'purchase:supplier-auth'",
      [ACCOUNT],
    );
    expect(note?.title).toBe('1688采购账号授权已失效');
    // Connected again, 一键采购 again buys it.
    const sandboxes = t.server.sandboxes;
    if (!sandboxes) throw new Error('no sandboxes');
    await connectSupplier(db(), sandbox, sandboxes.alibabaEndpoints(`${t.url}${SANDBOX_MOUNT}`), {
      accountId: ACCOUNT,
      nowS: nowS(),
    });
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
  });

  it('a supplier cancellation puts the order back to 待采购 and notifies', async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    const [bought] = sandbox.ordersFor(String(order.id));
    if (!bought) throw new Error('not bought');
    sandbox.cancel(bought.orderId);
    const back = await until('the cancellation', async () => {
      const d = await detail(order.id);
      return d.status === 'pending' ? d : undefined;
    });
    expect(back).toMatchObject({ supplier: null, supplier_order_no: null, cost: null });
    expect(back.events.at(-1)).toMatchObject({ action: 'purchase_cancelled', actor: '系统' });
    expect((await purchaseRow(order.id))?.status).toBe('cancelled');
    const [note] = await db().query<{ body: string }>(
      "SELECT body FROM notifications WHERE account_id = $1 AND kind = 'purchase' AND key LIKE $2",
      [ACCOUNT, `purchase:${order.id}:cancelled:%`],
    );
    expect(note?.body).toContain(`1688供应商取消了采购单 ${bought.orderId}`);
  });

  it('a batch buys each order once; orders of other states are refused by name', async () => {
    const orders = await sourcedOrders(CUP, { count: 12 });
    const [shipped] = await db().query<{ id: number; order_no: string }>(
      "SELECT id, order_no FROM orders WHERE account_id = $1 AND status = 'shipped' ORDER BY id LIMIT 1",
      [ACCOUNT],
    );
    if (!shipped) throw new Error('no shipped order');
    const result = await start([...orders.map((o) => o.id), shipped.id]);
    expect(result.succeeded).toBe(12);
    expect(result.results.at(-1)).toEqual({
      id: shipped.id,
      order_no: shipped.order_no,
      ok: false,
      message: '订单当前状态为「已发货」，不能一键采购',
    });
    for (const order of orders)
      expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    for (const order of orders) expect(sandbox.ordersFor(String(order.id))).toHaveLength(1);
  });

  it('自动采购: a new platform order whose every line has a 货源 is bought without a click', async () => {
    const settings = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { auto_purchase: true, version: settings.version });
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    await db().query("UPDATE orders SET source = 'sync' WHERE id = $1", [order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(await detail(order.id)).toMatchObject({ status: 'purchased', supplier: '1688' });
    const latest = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { auto_purchase: false, version: latest.version });
  });
});

describe('备用货源', () => {
  /** The 1688 order placed for the order: exactly one, with its cargo. */
  const onlyOrder = (orderId: number) => {
    const orders = sandbox.ordersFor(String(orderId));
    expect(orders).toHaveLength(1);
    return orders[0];
  };
  const purchaseOf = async (orderId: number) =>
    ((await api().call('/api/purchase/items', { id: orderId })) as PurchaseItems).purchase;

  it('the first 货源 out of stock: the 备用货源 is bought, once, and the order says so', async () => {
    const [order] = await sourcedOrders(TEE_NAVY_XL, { backup: TEE });
    if (!order) throw new Error('no order');
    const items = (await api().call('/api/purchase/items', { id: order.id })) as PurchaseItems;
    expect(items.items[0]?.source?.backup).toEqual({
      offer_id: TEE.offerId,
      spec_id: TEE.specId,
      quantity: 1,
      cost: TEE.priceFen,
    });
    // The preview prices what the job buys: the 备用货源, and says why.
    expect(await api().call('/api/purchase/preview', { id: order.id })).toMatchObject({
      goods: TEE.priceFen,
      expected_goods: TEE.priceFen,
      within_limit: true,
      source_note: expect.stringContaining('已改买备用货源'),
    });
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(onlyOrder(order.id)?.cargo).toMatchObject([{ offerId: TEE.offerId, specId: TEE.specId }]);
    expect(await detail(order.id)).toMatchObject({ status: 'purchased', cost: TEE.priceFen + 600 });
    expect((await purchaseOf(order.id))?.source_note).toBe(
      `纯棉短袖T恤：首选货源库存不足（剩余 0 件），已改买备用货源（1688商品 ${TEE.offerId}）`,
    );
  });

  it('the first 货源 over its price limit: the 备用货源 is bought at its own price', async () => {
    const [order] = await sourcedOrders(TEE_WHITE_XL, { backup: CUP });
    if (!order) throw new Error('no order');
    sandbox.reprice(TEE_WHITE_XL.offerId, 5000, TEE_WHITE_XL.specId);
    try {
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    } finally {
      sandbox.reprice(TEE_WHITE_XL.offerId, TEE_WHITE_XL.priceFen, TEE_WHITE_XL.specId);
    }
    expect(onlyOrder(order.id)?.cargo).toMatchObject([{ offerId: CUP.offerId }]);
    expect(await detail(order.id)).toMatchObject({ cost: CUP.priceFen + 600 });
    expect((await purchaseOf(order.id))?.source_note).toContain(
      '首选货源采购价 ¥50.00 比货源价 ¥18.50 上涨超过',
    );
  });

  it('both 货源 fail: refused naming both reasons, nothing bought', async () => {
    const [order] = await sourcedOrders(TEE_NAVY_XL, { backup: TEE_WHITE_XL });
    if (!order) throw new Error('no order');
    sandbox.reprice(TEE_WHITE_XL.offerId, 5000, TEE_WHITE_XL.specId);
    try {
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'failed' });
    } finally {
      sandbox.reprice(TEE_WHITE_XL.offerId, TEE_WHITE_XL.priceFen, TEE_WHITE_XL.specId);
    }
    const purchase = await purchaseOf(order.id);
    expect(purchase?.message).toMatch(
      /^纯棉短袖T恤：首选货源库存不足（剩余 0 件）；备用货源采购价 ¥50\.00 比货源价 ¥18\.50 上涨超过 \d+%，未采购$/,
    );
    expect(purchase?.source_note).toBeUndefined();
    expect(sandbox.ordersFor(String(order.id))).toHaveLength(0);
    expect(await detail(order.id)).toMatchObject({ status: 'pending', supplier_order_no: null });
  });

  it('sold out between preview and order (QUANTITY_NOT_ENOUGH): the same attempt buys the 备用货源, one 1688 order', async () => {
    const [order] = await sourcedOrders(TEE_WHITE_XL, { backup: CUP });
    if (!order) throw new Error('no order');
    const spec = sandbox.offers
      .get(TEE_WHITE_XL.offerId)
      ?.specs.find((s) => s.specId === TEE_WHITE_XL.specId);
    if (!spec) throw new Error('no spec');
    const stock = spec.stock;
    const real = sandbox.fetch.bind(sandbox);
    // The preview too: the offer read finds stock, 1688's preview then answers QUANTITY_NOT_ENOUGH.
    sandbox.fetch = (request, base) => {
      if (new URL(request.url).pathname.includes('createOrder.preview')) spec.stock = 0;
      return real(request, base);
    };
    try {
      expect(await api().call('/api/purchase/preview', { id: order.id })).toMatchObject({
        goods: CUP.priceFen,
        source_note: expect.stringContaining('首选货源1688供应商库存不足'),
      });
    } finally {
      sandbox.fetch = real;
      spec.stock = stock;
    }
    // The spec sells out as the order is sent; 1688's own dedupe off, so a second order would show.
    sandbox.dedupeOutOrderId = false;
    sandbox.fetch = (request, base) => {
      if (new URL(request.url).pathname.includes('fastCreateOrder')) spec.stock = 0;
      return real(request, base);
    };
    try {
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    } finally {
      sandbox.fetch = real;
      sandbox.dedupeOutOrderId = true;
      spec.stock = stock;
    }
    expect(onlyOrder(order.id)?.cargo).toMatchObject([{ offerId: CUP.offerId }]);
    expect((await purchaseOf(order.id))?.source_note).toContain('首选货源1688供应商库存不足，已改买备用货源');
    const [row] = await db().query<{ backup_lines: number[] | null }>(
      'SELECT backup_lines FROM order_purchases WHERE order_id = $1',
      [order.id],
    );
    expect(row?.backup_lines).toEqual([0]);
  });
});

describe('paying the supplier, and the 代发服务费 held before 1688 is called', () => {
  const FEE = 150;
  const MEMBER = 'b2b-2206600001';

  /** The account's 代发服务费 entries of an order: kind, amount and attempt. */
  const feeEntries = (orderId: number) =>
    db().query<{ kind: string; amount: number; purchase_ref: string | null }>(
      `SELECT kind, amount::int AS amount, purchase_ref FROM balance_entries
       WHERE account_id = $1 AND order_id = $2 ORDER BY id`,
      [ACCOUNT, orderId],
    );
  const balance = async () => (await api().call('/api/balance/summary', {})).balance;
  const purchaseOf = async (id: number) => (await api().call('/api/purchase/items', { id })).purchase;
  /** The sandbox order of the order's current attempt (its outOrderId as recorded). */
  const boughtOf = async (orderId: number) => {
    const [row] = await db().query<{ out_order_id: string }>(
      'SELECT out_order_id FROM order_purchases WHERE order_id = $1',
      [orderId],
    );
    return row ? sandbox.ordersFor(row.out_order_id) : [];
  };
  const shippedDetail = (id: number) =>
    until('the supplier shipment', async () => {
      const d = await detail(id);
      return d.status === 'shipped' ? d : undefined;
    });

  beforeAll(async () => {
    await db().query(
      `INSERT INTO purchase_fees (platform, fee, updated_at) VALUES ('', $1, 0)
       ON CONFLICT (platform) DO UPDATE SET fee = EXCLUDED.fee`,
      [FEE],
    );
    await db().query(
      `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, created_at)
       VALUES ($1, 'adjust', 100000, 0, '测试充值', 0)`,
      [ACCOUNT],
    );
  });
  afterAll(async () => {
    await db().query("DELETE FROM purchase_fees WHERE platform = ''");
  });

  it('自动付款 on: the order is paid right after it is placed, the supplier ships, the tracking number comes back', async () => {
    const before = await balance();
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    // Paid right after the purchase is recorded placed.
    expect(
      await until('the payment', async () => {
        const p = await purchaseOf(order.id);
        return p?.pay_status === 'paid' ? p : undefined;
      }),
    ).toMatchObject({ pay_message: '' });
    const [bought] = await boughtOf(order.id);
    expect(bought?.paid).toBe(true);
    expect(await feeEntries(order.id)).toEqual([
      { kind: 'charge', amount: -FEE, purchase_ref: String(order.id) },
    ]);
    expect(await balance()).toBe(before - FEE);
    if (bought) sandbox.ship(bought.orderId);
    expect(await shippedDetail(order.id)).toMatchObject({ carrier: 'ZTO', tracking_no: bought?.billNo });
  });

  it('自动付款 on but 免密支付 not open: the order stays 待付款 with the reason; 批量付款 on the cashier lets it ship', async () => {
    sandbox.protocolClosed.add(MEMBER);
    const pays = sandbox.callsOf(ALIBABA_APIS.protocolPay).length;
    try {
      const [order] = await sourcedOrders(CUP);
      if (!order) throw new Error('no order');
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'placed' });
      const state = await until('the payment outcome', async () => {
        const p = await purchaseOf(order.id);
        return p?.pay_message ? p : undefined;
      });
      expect(state).toMatchObject({ pay_status: 'unpaid' });
      expect(state.pay_message).toContain('未开通免密支付');
      // Asked whether it is open, then not tried.
      expect(sandbox.callsOf(ALIBABA_APIS.protocolPay).length).toBe(pays);
      // 操作日志: 自动付款 failed, by 系统 (no one), with the reason the purchase shows; once.
      const log = await api().call('/api/log/index', {
        action: 'purchase.auto-pay',
        pageIndex: 1,
        pageSize: 50,
      });
      expect(
        log.list
          .filter((entry) => entry.target_id === order.id)
          .map((e) => [e.action_label, e.user_id, e.actor_name, e.failure]),
      ).toEqual([['自动付款', null, '', state.pay_message]]);
      const [bought] = await boughtOf(order.id);
      if (!bought) throw new Error('not bought');
      // Unpaid, the supplier does not ship, however long it waits.
      sandbox.ship(bought.orderId);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await detail(order.id)).status).toBe('purchased');

      // 批量付款: 1688's cashier for it (an order not bought on 1688 is skipped by name).
      const [unbought] = await sourcedOrders(CUP);
      if (!unbought) throw new Error('no order');
      const pay = await api().call('/api/purchase/pay-url', { ids: [order.id, unbought.id] });
      expect(pay.orders).toBe(1);
      expect(pay.skipped).toEqual([`PT${serial}-00001`]);
      const cashier = new URL(pay.url);
      expect(cashier.searchParams.get('orderId')).toBe(bought.orderId);
      const page = await fetch(pay.url);
      expect(await page.text()).toContain('待付款');
      const paid = await fetch(cashier.origin + cashier.pathname, {
        method: 'POST',
        body: new URLSearchParams({ orderId: bought.orderId }),
      });
      expect(await paid.text()).toContain('付款成功');
      // The follow-up sees the payment, and the supplier ships.
      expect(await shippedDetail(order.id)).toMatchObject({ carrier: 'ZTO', tracking_no: bought.billNo });
      expect(await purchaseOf(order.id)).toMatchObject({ status: 'shipped', pay_status: 'paid' });
      // Nothing left to pay: 409 in words.
      const again = await t.post('/api/purchase/pay-url', { ids: [order.id] }, { token });
      expect(again.status).toBe(409);
      expect((await envelope(again)).msg).toContain('没有待付款的1688采购单');
    } finally {
      sandbox.protocolClosed.delete(MEMBER);
    }
  });

  it('a balance below the fee never reaches 1688: 余额不足，请先充值, nothing charged', async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    const creates = sandbox.callsOf(ALIBABA_APIS.createOrder).length;
    await db().query("UPDATE purchase_fees SET fee = 100000000 WHERE platform = ''");
    try {
      const before = await balance();
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'failed', last_error: '余额不足，请先充值' });
      expect(sandbox.ordersFor(String(order.id))).toHaveLength(0);
      expect(sandbox.callsOf(ALIBABA_APIS.createOrder).length).toBe(creates);
      expect(await feeEntries(order.id)).toEqual([]);
      expect(await balance()).toBe(before);
      expect(await detail(order.id)).toMatchObject({ status: 'pending', supplier_order_no: null });
    } finally {
      await db().query("UPDATE purchase_fees SET fee = $1 WHERE platform = ''", [FEE]);
    }
  });

  it('an account past its budget of purchases placed waits, queued: no attempt counted, nothing charged, 1688 not called; placed once it has room', async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    const creates = sandbox.callsOf(ALIBABA_APIS.createOrder).length;
    const key = `budget:purchase_place:${ACCOUNT}`;
    // The account spent its budget of this window (as 10,000 purchases would).
    await db().query(
      `INSERT INTO rate_limits (key, window_ends_at, hits) VALUES ($1, $2, 10000)
       ON CONFLICT (key) DO UPDATE SET window_ends_at = EXCLUDED.window_ends_at, hits = EXCLUDED.hits`,
      [key, nowS() + 60],
    );
    const before = await balance();
    await start([order.id]);
    await until('the deferral', async () => {
      const [row] = await db().query<{ status: string; attempts: number; later: boolean }>(
        `SELECT status, attempts, next_attempt_at > (extract(epoch from clock_timestamp()) * 1000 + 30000) AS later
         FROM order_purchases WHERE order_id = $1`,
        [order.id],
      );
      return row?.later && row;
    }).then((row) => expect(row).toMatchObject({ status: 'queued', attempts: 0 }));
    expect(sandbox.callsOf(ALIBABA_APIS.createOrder).length).toBe(creates);
    expect(await feeEntries(order.id)).toEqual([]);
    expect(await balance()).toBe(before);
    // The window over (here: the count dropped and the purchase due now), it is placed as any other.
    await db().query('DELETE FROM rate_limits WHERE key = $1', [key]);
    await db().query('UPDATE order_purchases SET next_attempt_at = 0 WHERE order_id = $1', [order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', attempts: 1 });
  });

  it("the supplier's cancellation refunds the fee once (seen twice), the order is 待采购, the next 一键采购 is a new outOrderId", async () => {
    const before = await balance();
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed' });
    const [bought] = await boughtOf(order.id);
    if (!bought) throw new Error('not bought');
    sandbox.cancel(bought.orderId);
    await until('the cancellation', async () => (await detail(order.id)).status === 'pending');
    expect((await purchaseRow(order.id))?.status).toBe('cancelled');
    const ref = String(order.id);
    expect(await feeEntries(order.id)).toEqual([
      { kind: 'charge', amount: -FEE, purchase_ref: ref },
      { kind: 'refund', amount: FEE, purchase_ref: ref },
    ]);
    // A second look at the same cancellation (another instance's, stale) refunds nothing more.
    await db().query("UPDATE order_purchases SET status = 'placed', next_poll_at = 0 WHERE order_id = $1", [
      order.id,
    ]);
    await until('the second look', async () => (await purchaseRow(order.id))?.status === 'cancelled');
    expect((await feeEntries(order.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await balance()).toBe(before);

    // 一键采购 again: a new attempt, a new outOrderId, its own fee.
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed', last_error: null });
    expect(sandbox.ordersFor(`${order.id}-2`)).toHaveLength(1);
    expect(sandbox.ordersFor(ref)).toHaveLength(1);
    expect(await detail(order.id)).toMatchObject({
      status: 'purchased',
      supplier_order_no: sandbox.ordersFor(`${order.id}-2`)[0]?.orderId,
    });
    expect((await feeEntries(order.id)).at(-1)).toEqual({
      kind: 'charge',
      amount: -FEE,
      purchase_ref: `${order.id}-2`,
    });
  });

  /** An open 售后单 on the order, as the after-sale sync stores one. */
  const openAfterSale = (orderId: number) =>
    db().query(
      `INSERT INTO after_sales (account_id, order_id, refund_amount, type, status, reason, created_at)
       VALUES ($1, $2, 0, 'refund', 'pending', '买家申请退款', $3)`,
      [ACCOUNT, orderId, nowS()],
    );
  const notes = (key: string) =>
    db().query<{ title: string; body: string }>(
      'SELECT title, body FROM notifications WHERE account_id = $1 AND key = $2 ORDER BY id',
      [ACCOUNT, key],
    );

  it('an after-sale on an order whose 1688 order is unpaid cancels it on 1688 and refunds the fee once, even looked at twice', async () => {
    sandbox.protocolClosed.add(MEMBER);
    try {
      const before = await balance();
      const [order] = await sourcedOrders(CUP);
      if (!order) throw new Error('no order');
      await start([order.id]);
      expect(await settled(order.id)).toMatchObject({ status: 'placed' });
      await until('the payment outcome', async () => (await purchaseOf(order.id))?.pay_message);
      const [bought] = await boughtOf(order.id);
      if (!bought) throw new Error('not bought');
      const cancels = sandbox.callsOf(ALIBABA_APIS.cancel).length;
      // As the shop sync stores a refund: the after-sale and the 需拦截 mark in one transaction.
      await db().transaction(async (tx) => {
        await tx.query(
          `INSERT INTO after_sales (account_id, order_id, refund_amount, type, status, reason, created_at)
           VALUES ($1, $2, 0, 'refund', 'pending', '买家申请退款', $3)`,
          [ACCOUNT, order.id, nowS()],
        );
        expect(await flagInterception(tx, ACCOUNT, order.id, nowS())).toBe(true);
      });
      const reason = `买家申请了售后，未付款的1688采购单 ${bought.orderId} 已取消，代发服务费已退还；售后处理完之前不会再采购`;
      expect(
        await until('the cancellation', async () => {
          const p = await purchaseOf(order.id);
          return p?.status === 'cancelled' ? p : undefined;
        }),
      ).toMatchObject({ message: reason, intercept: false });
      expect(bought.cancelled).toBe(true);
      expect(
        sandbox
          .callsOf(ALIBABA_APIS.cancel)
          .slice(cancels)
          .map((c) => c.error),
      ).toEqual([null]);
      const back = await detail(order.id);
      expect(back).toMatchObject({
        status: 'pending',
        after_sale: true,
        supplier_order_no: null,
        cost: null,
      });
      expect(back.events.at(-1)).toMatchObject({ action: 'purchase_cancelled', actor: '系统' });
      const ref = String(order.id);
      expect(await feeEntries(order.id)).toEqual([
        { kind: 'charge', amount: -FEE, purchase_ref: ref },
        { kind: 'refund', amount: FEE, purchase_ref: ref },
      ]);
      const key = `purchase:${order.id}:after-sale-cancelled:${bought.orderId}`;
      expect(await notes(key)).toEqual([
        { title: '售后订单的1688采购单已取消', body: `订单 ${order.orderNo}：${reason}` },
      ]);

      // Looked at again (another instance's stale look, or a crash before the outcome was written):
      // the cancellation is known as ours, nothing more is refunded, 1688 is not asked again.
      await db().query("UPDATE order_purchases SET status = 'placed', next_poll_at = 0 WHERE order_id = $1", [
        order.id,
      ]);
      await until('the second look', async () => (await purchaseRow(order.id))?.status === 'cancelled');
      expect((await feeEntries(order.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
      expect(await balance()).toBe(before);
      expect(sandbox.callsOf(ALIBABA_APIS.cancel).length).toBe(cancels + 1);
      expect(await notes(key)).toHaveLength(1);
      // Cancelled rather than 需拦截: no notification asking to intercept it.
      expect(await notes(`purchase:${order.id}:intercept`)).toEqual([]);

      // Not bought again while the after-sale is open.
      const again = await start([order.id]);
      expect(again.results[0]).toMatchObject({ ok: false, message: AFTER_SALE_PURCHASE_REFUSAL });
      expect(await boughtOf(order.id)).toHaveLength(1);
    } finally {
      sandbox.protocolClosed.delete(MEMBER);
    }
  });

  it('an after-sale on an order whose 1688 order is paid and not shipped: 需拦截, told once, nothing cancelled', async () => {
    const [order] = await sourcedOrders(CUP);
    if (!order) throw new Error('no order');
    await start([order.id]);
    expect(await settled(order.id)).toMatchObject({ status: 'placed' });
    await until('the payment', async () => (await purchaseOf(order.id))?.pay_status === 'paid');
    const cancels = sandbox.callsOf(ALIBABA_APIS.cancel).length;
    await openAfterSale(order.id);
    const key = `purchase:${order.id}:intercept`;
    const [bell] = await until('the 需拦截 notification', async () => {
      const rows = await notes(key);
      return rows.length > 0 ? rows : undefined;
    });
    expect(bell?.title).toBe('已采购的订单申请了售后，需拦截');
    expect(await detail(order.id)).toMatchObject({ status: 'purchased', after_sale: true, intercept: true });
    // More looks at 1688 meanwhile: still one notification, and nothing cancelled.
    await db().query('UPDATE notifications SET open = false WHERE account_id = $1 AND key = $2', [
      ACCOUNT,
      key,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await notes(key)).toHaveLength(1);
    expect(sandbox.callsOf(ALIBABA_APIS.cancel).length).toBe(cancels);
    expect((await purchaseOf(order.id))?.status).toBe('placed');
  });

  it('自动采购 buys again after each supplier cancellation (a new outOrderId, its own fee) at most 3 times, then stops saying why', async () => {
    const settings = await api().call('/api/setting/index', {});
    await api().call('/api/setting/update', { auto_purchase: true, version: settings.version });
    try {
      const [order] = await sourcedOrders(CUP);
      if (!order) throw new Error('no order');
      await db().query("UPDATE orders SET source = 'sync' WHERE id = $1", [order.id]);
      const refs = [String(order.id), `${order.id}-2`, `${order.id}-3`, `${order.id}-4`];
      const supplierOrders: string[] = [];
      for (const ref of refs) {
        const bought = await until(`the attempt ${ref}`, async () => sandbox.ordersFor(ref)[0]);
        await until(`the attempt ${ref} placed`, async () => (await detail(order.id)).status === 'purchased');
        supplierOrders.push(bought.orderId);
        sandbox.cancel(bought.orderId);
      }
      const stopped = await until('the stop', async () => {
        const p = await purchaseOf(order.id);
        return p?.status === 'cancelled' && p.message.includes(supplierOrders[3] ?? '?') ? p : undefined;
      });
      expect(stopped.message).toBe(
        `1688供应商取消了采购单 ${supplierOrders[3]}，订单已退回待采购，代发服务费已退还；供应商已取消 4 次，自动采购已停止重新下单：请更换货源或联系供应商后手动一键采购`,
      );
      // Not bought a fifth time.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(sandbox.ordersFor(`${order.id}-5`)).toHaveLength(0);
      expect((await detail(order.id)).status).toBe('pending');
      expect((await purchaseOf(order.id))?.status).toBe('cancelled');
      // Each attempt charged and refunded once.
      expect(await feeEntries(order.id)).toEqual(
        refs.flatMap((ref) => [
          { kind: 'charge', amount: -FEE, purchase_ref: ref },
          { kind: 'refund', amount: FEE, purchase_ref: ref },
        ]),
      );
      const [first] = await notes(`purchase:${order.id}:cancelled:${supplierOrders[0]}`);
      expect(first).toMatchObject({ title: '1688采购单被供应商取消' });
      expect(first?.body).toContain('自动采购将重新下单（第 1 次，最多 3 次）');
      const [last] = await notes(`purchase:${order.id}:cancelled:${supplierOrders[3]}`);
      expect(last).toEqual({
        title: '1688采购单被供应商取消，自动采购已停止',
        body: `订单 ${order.orderNo}：${stopped.message}`,
      });
    } finally {
      const now = await api().call('/api/setting/index', {});
      await api().call('/api/setting/update', { auto_purchase: false, version: now.version });
    }
  });

  it('待付款 longer than 代发设置 says: one notification per account, naming the orders', async () => {
    await db().query(
      "UPDATE order_purchases SET unpaid_notified_at = 0 WHERE account_id = $1 AND pay_status = 'unpaid'",
      [ACCOUNT],
    );
    const ids = (await sourcedOrders(CUP, { count: 2 })).map((o) => o.id);
    for (const id of ids)
      await placedUnpaid(db(), sandbox, { accountId: ACCOUNT, orderId: id, nowS: nowS() - 3 * 3600 });
    const note = await until('the 待付款 notification', async () => {
      const [row] = await db().query<{ title: string; body: string }>(
        "SELECT title, body FROM notifications WHERE account_id = $1 AND kind = 'purchase_unpaid' AND open",
        [ACCOUNT],
      );
      return row;
    });
    expect(note.title).toBe('2 笔1688采购单待付款');
    const [count] = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications WHERE account_id = $1 AND kind = 'purchase_unpaid'",
      [ACCOUNT],
    );
    expect(count?.n).toBe(1);
  });
});

describe('异常订单: the exception views of 代发订单', () => {
  const KINDS = ['purchase_failed', 'out_of_stock', 'unpaid', 'intercept', 'writeback_failed'] as const;
  const view = (exception: (typeof KINDS)[number], extra: Record<string, unknown> = {}) =>
    api().call('/api/order/index', { pageIndex: 1, pageSize: 100, exception, ...extra });

  it('each view lists its orders with the reason in the server’s words, and its count is its list’s total', async () => {
    const [outOfStock] = await sourcedOrders(TEE_NAVY_XL);
    const [badAddress] = await sourcedOrders(CUP, { address: '某路 2 号' });
    const [unpaid, intercepted, writeback] = await sourcedOrders(CUP, { count: 3 });
    if (!outOfStock || !badAddress || !unpaid || !intercepted || !writeback) throw new Error('no orders');
    await start([outOfStock.id, badAddress.id]);
    await settled(outOfStock.id);
    await settled(badAddress.id);
    const supplierNo = await placedUnpaid(db(), sandbox, {
      accountId: ACCOUNT,
      orderId: unpaid.id,
      nowS: nowS(),
    });
    await placedUnpaid(db(), sandbox, { accountId: ACCOUNT, orderId: intercepted.id, nowS: nowS() });
    await db().query(
      "UPDATE order_purchases SET pay_status = 'paid', intercept_at = $2 WHERE order_id = $1",
      [intercepted.id, nowS()],
    );
    await db().query("UPDATE orders SET status = 'purchased' WHERE id = ANY($1::int[])", [
      [unpaid.id, intercepted.id],
    ]);
    await db().query("UPDATE orders SET status = 'shipped' WHERE id = $1", [writeback.id]);
    await db().query(
      `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
         tracking_no, status, last_error, created_at, updated_at)
       VALUES ($1, $2, $3, 'pdd', 'P1', 'ZTO', '7300001', 'failed', '拼多多拒绝回传：运单号不存在', $4, $4)`,
      [ACCOUNT, writeback.id, SHOP, nowS()],
    );

    const expected: Record<(typeof KINDS)[number], [number, string]> = {
      purchase_failed: [badAddress.id, '收货地址不正确，1688无法下单'],
      out_of_stock: [outOfStock.id, '1688供应商库存不足'],
      unpaid: [unpaid.id, `1688采购单 ${supplierNo} 未付款，供应商不会发货`],
      intercept: [intercepted.id, '已在1688下单后买家发起售后，请联系供应商拦截发货'],
      writeback_failed: [writeback.id, '拼多多拒绝回传：运单号不存在'],
    };
    const { counts } = await api().call('/api/order/exception-counts', {});
    for (const kind of KINDS) {
      const list = await view(kind);
      expect(counts[kind], kind).toBe(list.total);
      const [id, reason] = expected[kind];
      const row = list.list.find((order) => order.id === id);
      expect(row?.exceptions, kind).toEqual([{ kind, reason }]);
      // Each order is in its own view only.
      for (const other of KINDS.filter((k) => k !== kind))
        expect(
          (await view(other)).list.some((order) => order.id === id),
          `${kind} in ${other}`,
        ).toBe(false);
      // Under the list's other filters too: the keyword narrows both alike.
      const orderNo = row?.order_no ?? '';
      const narrowed = await api().call('/api/order/exception-counts', { keyword: orderNo });
      expect(narrowed.counts[kind], kind).toBe((await view(kind, { keyword: orderNo })).total);
      expect(narrowed.counts[kind], kind).toBe(1);
      // Another shop's filter counts none of them.
      expect(
        (await api().call('/api/order/exception-counts', { keyword: orderNo, shop_id: 2 })).counts[kind],
      ).toBe(0);
    }
    // Each failed attempt raised (or refreshed) one notification per kind, with the view's count.
    for (const kind of ['purchase_failed', 'out_of_stock'] as const) {
      const notes = await until(`the ${kind} notification`, async () => {
        const rows = await db().query<{ title: string; link: string; body: string }>(
          'SELECT title, link, body FROM notifications WHERE account_id = $1 AND key = $2 AND open',
          [ACCOUNT, `order_exception:${kind}`],
        );
        return rows.length > 0 &&
          rows[0]?.body.includes(
            expected[kind][0] === outOfStock.id ? outOfStock.orderNo : badAddress.orderNo,
          )
          ? rows
          : undefined;
      });
      expect(notes).toHaveLength(1);
      expect(notes[0]?.title).toBe(`${counts[kind]} 个订单${kind === 'out_of_stock' ? '缺货' : '采购失败'}`);
      expect(notes[0]?.link).toBe(`/order/index?exception=${kind}`);
    }
    // The status-counts of a view agree with it; the export's filter is the list's.
    const status = await api().call('/api/order/status-counts', { exception: 'unpaid' });
    expect(Object.values(status.counts).reduce((a, b) => a + b, 0)).toBe(counts.unpaid);
  });

  it('an unknown exception is refused (422, the API’s bad-input status) in words, on the list and the counts', async () => {
    for (const [path, body] of [
      ['/api/order/index', { pageIndex: 1, pageSize: 10, exception: 'lost' }],
      ['/api/order/status-counts', { exception: 'lost' }],
    ] as const) {
      const res = await t.post(path, body, { token });
      expect(res.status, path).toBe(422);
      expect((await envelope(res)).msg, path).toContain('异常类型不正确');
    }
  });
});

import { createHmac } from 'node:crypto';
import type { Listing, OrderDetail } from '@consign/api-client';
import { markedUpPrice } from '@consign/api-client/contract';
import {
  ALIBABA_SANDBOX_APP,
  ALIBABA_SANDBOX_PATHS,
  type AlibabaSandbox,
} from '@consign/platform-sandboxes/alibaba';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { PddConnector } from '../src/platforms/pdd';
import { ALIBABA_MESSAGE_PATH } from '../src/routes/platform-events';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { ADMIN, startTestServer, type TestServer } from './helpers';
import { copied, listingOnce, type Seller } from './publish-helpers';
import { CUP, connectSupplier, pendingOrders, placedUnpaid, sourcedSku } from './purchase-helpers';
import { authorisedShop } from './writeback-helpers';

/**
 * 1688 消息服务 through the real server over HTTP (docs/design.md#1688-order-messages): the 1688
 * sandbox it mounts pushes signed order messages to `ALIBABA_MESSAGE_PATH` when an order is paid or
 * shipped; the server records them before answering, and the `platform-event` worker makes the
 * purchase's follow-up due now, which reads the order from 1688. The follow-up's own look is an hour
 * away here (and the purchases below are never due on their own), so a shipment that reaches the
 * order came by the message. The same for 货源监控 (docs/design.md#1688-product-messages): a listing's
 * own look is an hour away and the clock never passes the offer cache's 5 minutes, so a supplier's
 * price that reaches the 拼多多 listing came by the product message.
 */

let t: TestServer;
let sandbox: AlibabaSandbox;
let token: string;
let serial = 0;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ACCOUNT = 1;
const SHOP = 1;
const MEMBER = 'b2b-2206600001';
const nowS = () => Math.floor(t.clock.now() / 1000);
const db = () => t.server.db;

async function until<T>(what: string, read: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const events = () =>
  db().query<{ msg_id: string; tag: string; order_no: string; status: string; last_error: string }>(
    "SELECT msg_id, tag, order_no, status, last_error FROM platform_events WHERE platform = 'alibaba' ORDER BY id",
  );

/** A 待采购 order of a fresh 商家编码 whose SKU is bought from the sandbox's 保温杯. */
async function pendingOrder() {
  const outerSkuId = `AM-${++serial}`;
  await sourcedSku(db(), { accountId: ACCOUNT, shopId: SHOP, outerSkuId, source: CUP, nowS: nowS() });
  const [order] = await pendingOrders(db(), {
    accountId: ACCOUNT,
    shopId: SHOP,
    outerSkuId,
    count: 1,
    nowS: nowS(),
    prefix: `AM${serial}-`,
  });
  if (!order) throw new Error('no order');
  return order.id;
}

/** A 待采购 order with a 1688 order of the sandbox's (待付款, never due for a look on its own). */
async function placedOrder() {
  const orderId = await pendingOrder();
  const supplierOrderNo = await placedUnpaid(db(), sandbox, { accountId: ACCOUNT, orderId, nowS: nowS() });
  return { orderId, supplierOrderNo };
}

/** Posts a message as 1688 does: a form of `message` and `_aop_signature`. */
function post(message: string, secret = ALIBABA_SANDBOX_APP.clientSecret) {
  const signature = createHmac('sha1', secret)
    .update(`message${message}`, 'utf8')
    .digest('hex')
    .toUpperCase();
  return fetch(`${t.url}${ALIBABA_MESSAGE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ message, _aop_signature: signature }).toString(),
  });
}

/** A shipment message of 1688 order `orderId` as 1688 writes it (`orderId` a bare int64). */
const shippedMessage = (msgId: number, orderId: string, member = MEMBER) =>
  `{"bizKey":"${orderId}","data":{"buyerMemberId":"${member}","currentStatus":"waitbuyerreceive","orderId":${orderId},` +
  `"sellerMemberId":"b2b-seller","msgSendTime":"2026-11-28 09:44:24"},"gmtBorn":1764294264904,"msgId":${msgId},` +
  `"type":"ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS","userInfo":"${member}"}`;

beforeAll(async () => {
  t = await startTestServer({
    exportWorker: false,
    writebackJobs: false,
    authExpirySweep: false,
    shopSync: false,
    platformSandbox: { demoEveryMs: false },
    // The follow-up's own look is an hour away: only a message brings it sooner.
    purchaseJobs: { pollMs: 50, followEveryMs: 3_600_000, autoEveryMs: 3_600_000 },
    platformEventJobs: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 200 },
    // 货源监控's own look is an hour away too: only a product message brings it sooner.
    monitorJobs: { intervalMs: 3_600_000, idlePollMs: 50 },
    copyWorker: { idlePollMs: 50 },
    publishJobs: {
      idlePollMs: 50,
      reviewPollMs: 50,
      // The goods' images are on 1688's CDN: a 1×1 PNG instead.
      fetchImage: async () => ({ bytes: PNG, type: 'image/png' }),
    },
  });
  const sandboxes = t.server.sandboxes;
  if (!sandboxes) throw new Error('no sandboxes');
  sandbox = sandboxes.alibaba;
  sandbox.setRateLimit(100_000);
  token = await t.login(ADMIN);
  await connectSupplier(db(), sandbox, sandboxes.alibabaEndpoints(`${t.url}${SANDBOX_MOUNT}`), {
    accountId: ACCOUNT,
    nowS: nowS(),
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('1688 消息服务', () => {
  it("the sandbox's shipment message brings the tracking number to the order in seconds, not at the next look", async () => {
    const orderId = await pendingOrder();
    const api = t.client(() => token);
    await api.call('/api/purchase/start', { ids: [orderId] });
    const supplierOrderNo = await until('the purchase placed', async () => {
      const [row] = await db().query<{ supplier_order_no: string | null }>(
        "SELECT supplier_order_no FROM order_purchases WHERE order_id = $1 AND status = 'placed'",
        [orderId],
      );
      return row?.supplier_order_no;
    });
    // 自动付款 (the demo account's) pays it; the supplier ships it at once.
    await until('the payment', async () => sandbox.purchases.get(supplierOrderNo)?.paid);
    sandbox.ship(supplierOrderNo);
    await sandbox.settleMessages();
    const sent = sandbox.messages.filter((m) => m.orderId === supplierOrderNo);
    expect(sent.map((m) => [m.type, m.delivered, m.lastAnswer])).toEqual([
      ['ORDER_BUYER_VIEW_ORDER_PAY', true, '204'],
      ['ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS', true, '204'],
    ]);
    const shipped = await until('the shipment on the order', async () => {
      const detail = (await api.call('/api/order/detail', { id: orderId })) as OrderDetail;
      return detail.status === 'shipped' ? detail : undefined;
    });
    const bill = sandbox.purchases.get(supplierOrderNo)?.billNo;
    expect(shipped).toMatchObject({ carrier: 'ZTO', tracking_no: bill });
    // Recorded with the order id exactly as sent (beyond JS's safe integers), and worked.
    const recorded = (await events()).filter((e) => e.order_no === supplierOrderNo);
    expect(recorded.map((e) => [e.tag, e.status])).toEqual([
      ['ORDER_BUYER_VIEW_ORDER_PAY', 'done'],
      ['ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS', 'done'],
    ]);
  });

  it('a wrong signature or an unreadable message is refused and records nothing; the same msgId twice changes nothing', async () => {
    const { supplierOrderNo } = await placedOrder();
    const before = (await events()).length;
    const message = shippedMessage(81_000_000_001, supplierOrderNo);
    expect((await post(message, 'not-the-app-secret')).status).toBe(401);
    expect((await post('{"msgId":1')).status).toBe(400);
    expect((await post('{"type":"ORDER_BUYER_VIEW_ORDER_PAY"}')).status).toBe(400);
    expect((await events()).length).toBe(before);

    expect((await post(message)).status).toBe(204);
    expect((await post(message)).status).toBe(204);
    const recorded = await until('the message worked', async () => {
      const rows = (await events()).filter((e) => e.msg_id === '81000000001');
      return rows.length === 1 && rows[0]?.status !== 'pending' && rows[0]?.status !== 'processing' && rows;
    });
    expect(recorded).toMatchObject([{ order_no: supplierOrderNo, status: 'done' }]);
    expect((await events()).length).toBe(before + 1);
  });

  it("a message of another member's order, or not about an order, is ignored and touches no purchase", async () => {
    const { orderId, supplierOrderNo } = await placedOrder();
    expect((await post(shippedMessage(81_000_000_002, supplierOrderNo, 'b2b-someone-else'))).status).toBe(
      204,
    );
    expect(
      (
        await post(
          '{"msgId":81000000003,"type":"PRODUCT_PRODUCT_CROSSBOARD_INFORM","userInfo":"x","data":{}}',
        )
      ).status,
    ).toBe(204);
    const worked = await until('both ignored', async () => {
      const rows = (await events()).filter((e) => ['81000000002', '81000000003'].includes(e.msg_id));
      return rows.every((e) => e.status === 'ignored') && rows.length === 2 && rows;
    });
    expect(worked.map((e) => e.last_error)).toEqual(['不是本系统待跟进的采购单', '不是订单消息']);
    const [purchase] = await db().query<{ next_poll_at: string }>(
      'SELECT next_poll_at FROM order_purchases WHERE order_id = $1',
      [orderId],
    );
    expect(Number(purchase?.next_poll_at)).toBe(9007199254740991);
  });
});

describe('1688 product messages drive 货源监控', () => {
  const T_SHIRT = '610000000001';
  let seller: Seller;
  let listing: Listing;
  let spec: string;
  const onShop = () => {
    const goods = t.server.sandboxes?.pdd.publishing.goods.get(listing.platform_goods_id ?? '');
    if (!goods) throw new Error('not on the shop');
    return goods;
  };
  /** When the listing's next look is due (ms, the database's clock): an hour after its last look. */
  const nextLook = async () => {
    const [row] = await db().query<{ monitor_next_at: string }>(
      'SELECT monitor_next_at FROM goods_listings WHERE id = $1',
      [listing.id],
    );
    return Number(row?.monitor_next_at);
  };
  const reads = () => sandbox.callsOf(ALIBABA_APIS.productInfo).length;
  /** A product message of the T-shirt as 1688's topic pages write it. */
  const modified = (msgId: number) =>
    `{"data":{"productIds":"${T_SHIRT}","memberId":"${MEMBER}","status":"RELATION_VIEW_PRODUCT_NEW_OR_MODIFY",` +
    `"msgSendTime":"2026-11-29 09:00:00"},"gmtBorn":1764378000000,"msgId":${msgId},` +
    `"type":"PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY","userInfo":"${MEMBER}"}`;
  /** Waits until the listing was looked at again after `since` (its next look moved an hour on). */
  const lookedAgain = (since: number) => until('another look', async () => (await nextLook()) > since);
  /** Waits until no look is under way (the next is an hour away, not a lease's 2 minutes). */
  const settled = () => until('the look ended', async () => (await nextLook()) > Date.now() + 3_000_000);

  beforeAll(async () => {
    const sandboxes = t.server.sandboxes;
    if (!sandboxes) throw new Error('no sandboxes');
    const mobile = '13712955501';
    const sellerToken = await t.login(mobile);
    const api = t.client(() => sellerToken);
    const [user] = await db().query<{ account_id: number }>(
      'SELECT account_id FROM users WHERE mobile = $1',
      [mobile],
    );
    const accountId = user?.account_id ?? 0;
    const base = `${t.url}${SANDBOX_MOUNT}`;
    await connectSupplier(db(), sandbox, sandboxes.alibabaEndpoints(base), { accountId, nowS: nowS() });
    const pddConnector = new PddConnector({
      app: PDD_SANDBOX_APP,
      endpoints: PddSandbox.endpoints(`${base}/pdd`),
      now: t.clock.now,
    });
    const shopId = await authorisedShop(db(), pddConnector, sandboxes.pdd, {
      accountId,
      clientId: PDD_SANDBOX_APP.clientId,
      platformShopId: '900002',
      now: nowS(),
    });
    seller = { token: sellerToken, api, accountId, shopId };
    const goodsId = await copied(seller, T_SHIRT);
    await api.call('/api/goods/publish', { goods_ids: [goodsId], shop_ids: [shopId], cat_id: '9813' });
    await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    sandboxes.pdd.publishing.finishReviews();
    listing = await listingOnce(seller, goodsId, ['published', 'failed']);
    // The first look binds the SKUs and takes the costs; the next is an hour away.
    listing = await until('the first look', async () => {
      const l = await listingOnce(seller, goodsId, ['published']);
      return l.monitor_looked_at !== null && l;
    });
    spec = sandbox.offers.get(T_SHIRT)?.specs[0]?.specId ?? '';
  }, 120_000);

  it("a supplier's price change reaches the 拼多多 listing in seconds by the sandbox's product message", async () => {
    expect(onShop().skus[0]?.multiPrice).toBe(markedUpPrice(1850, 30, 'none'));
    expect(await nextLook()).toBeGreaterThan(Date.now() + 3_000_000);
    const started = Date.now();
    const res = await fetch(`${t.url}${SANDBOX_MOUNT}/alibaba${ALIBABA_SANDBOX_PATHS.offers}`, {
      method: 'POST',
      body: new URLSearchParams({ offer_id: T_SHIRT, spec_id: spec, price_fen: '1950' }),
    });
    expect(res.status).toBe(200);
    await sandbox.settleMessages();
    const sent = sandbox.messages.filter((m) => m.offerId === T_SHIRT);
    expect(sent.map((m) => [m.type, m.delivered, m.lastAnswer])).toEqual([
      ['PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY', true, '204'],
    ]);
    await until(
      'the price followed',
      async () => onShop().skus[0]?.multiPrice === markedUpPrice(1950, 30, 'none'),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const [event] = (await events()).filter((e) => e.msg_id === sent[0]?.msgId);
    expect(event).toMatchObject({ tag: 'PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY', status: 'done' });
  });

  it('a forged product message is refused 401 and changes nothing; the same msgId twice is handled once', async () => {
    await settled();
    const before = { events: (await events()).length, next: await nextLook(), reads: reads() };
    expect((await post(modified(81_000_000_101), 'not-the-app-secret')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ events: (await events()).length, next: await nextLook(), reads: reads() }).toEqual(before);

    expect((await post(modified(81_000_000_102))).status).toBe(204);
    await lookedAgain(before.next);
    expect(reads()).toBe(before.reads + 1);
    const after = await nextLook();
    expect((await post(modified(81_000_000_102))).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await nextLook()).toBe(after);
    expect(reads()).toBe(before.reads + 1);
    expect((await events()).filter((e) => e.msg_id === '81000000102')).toMatchObject([{ status: 'done' }]);
  });

  it('a message during a look under way starts no second look; one more look follows it', async () => {
    await settled();
    // A look under way elsewhere: the claim's mark and its 2-minute lease.
    const lease = Date.now() + 120_000;
    await db().query('UPDATE goods_listings SET monitor_looking = true, monitor_next_at = $2 WHERE id = $1', [
      listing.id,
      lease,
    ]);
    const before = reads();
    expect((await post(modified(81_000_000_105))).status).toBe(204);
    await until('the message worked', async () =>
      (await events()).some((e) => e.msg_id === '81000000105' && e.status === 'done'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const flags = async () =>
      (
        await db().query<{ monitor_looking: boolean; monitor_recheck: boolean }>(
          'SELECT monitor_looking, monitor_recheck FROM goods_listings WHERE id = $1',
          [listing.id],
        )
      )[0];
    expect(await nextLook()).toBe(lease);
    expect(reads()).toBe(before);
    expect(await flags()).toEqual({ monitor_looking: true, monitor_recheck: true });
    // That look's lease runs out (its instance died): the next look, then one more at once.
    await db().query('UPDATE goods_listings SET monitor_next_at = 0 WHERE id = $1', [listing.id]);
    await settled();
    expect(await flags()).toEqual({ monitor_looking: false, monitor_recheck: false });
  });

  it('an inventory change names its offers in OfferInventoryChangeList; a product message of offers no listing follows is ignored', async () => {
    await settled();
    const before = await nextLook();
    const inventory =
      `{"data":{"OfferInventoryChangeList":[{"offerId":${T_SHIRT},"offerOnSale":100,"skuId":5000000001,` +
      `"skuOnSale":20,"quantity":-10,"bizTime":"1764378000000"}]},"gmtBorn":1764378000000,"msgId":81000000103,` +
      `"type":"PRODUCT_PRODUCT_INVENTORY_CHANGE","userInfo":"${MEMBER}"}`;
    expect((await post(inventory)).status).toBe(204);
    await lookedAgain(before);
    const other = modified(81_000_000_104).replaceAll(T_SHIRT, '610000000099');
    expect((await post(other)).status).toBe(204);
    const [ignored] = await until('the message worked', async () => {
      const rows = (await events()).filter(
        (e) => e.msg_id === '81000000104' && !['pending', 'processing'].includes(e.status),
      );
      return rows.length === 1 && rows;
    });
    expect(ignored).toMatchObject({ status: 'ignored', last_error: '不是本系统监控的货源' });
  });
});

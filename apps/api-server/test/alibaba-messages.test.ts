import { createHmac } from 'node:crypto';
import type { OrderDetail } from '@consign/api-client';
import { ALIBABA_SANDBOX_APP, type AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIBABA_MESSAGE_PATH } from '../src/routes/platform-events';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { ADMIN, startTestServer, type TestServer } from './helpers';
import { CUP, connectSupplier, pendingOrders, placedUnpaid, sourcedSku } from './purchase-helpers';

/**
 * 1688 消息服务 through the real server over HTTP (docs/design.md#1688-order-messages): the 1688
 * sandbox it mounts pushes signed order messages to `ALIBABA_MESSAGE_PATH` when an order is paid or
 * shipped; the server records them before answering, and the `platform-event` worker makes the
 * purchase's follow-up due now, which reads the order from 1688. The follow-up's own look is an hour
 * away here (and the purchases below are never due on their own), so a shipment that reaches the
 * order came by the message.
 */

let t: TestServer;
let sandbox: AlibabaSandbox;
let token: string;
let serial = 0;
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
    copyWorker: false,
    exportWorker: false,
    writebackJobs: false,
    authExpirySweep: false,
    shopSync: false,
    platformSandbox: { demoEveryMs: false },
    // The follow-up's own look is an hour away: only a message brings it sooner.
    purchaseJobs: { pollMs: 50, followEveryMs: 3_600_000, autoEveryMs: 3_600_000 },
    platformEventJobs: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 200 },
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

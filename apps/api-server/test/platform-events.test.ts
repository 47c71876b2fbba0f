import { createHash } from 'node:crypto';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_RULES } from '../src/db/shop-sync';
import { DoudianConnector } from '../src/platforms/doudian';
import { PDD_DEFAULTS } from '../src/platforms/pdd';
import { DOUDIAN_PUSH_PATH, PUSH_BODY_MAX } from '../src/routes/platform-events';
import { ADMIN, envelope, startTestServer, TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { syncNow, until } from './sync-helpers';

/**
 * 抖店 消息推送 through the real server over HTTP: the 抖店 sandbox (served on loopback, its app
 * registered in 全局设置, a shop authorised through the API) pushes signed messages to the server's
 * push URL; the server records them before answering and the `platform-event` worker reads each order
 * from the sandbox's API and stores it as the sync does. The sync itself does not run on its own here
 * (the test clock stands still), so an order that appears came by the push.
 */

const clock = new TestClock();
let t: TestServer;
let sandbox: DoudianSandbox;
let served: ServedSandbox;
let token: string;
let shopId: number;
const SHOP = '77001';

const pushUrl = () => `${t.url}${DOUDIAN_PUSH_PATH}`;
const sign = (appKey: string, body: string, secret: string) =>
  createHash('md5').update(`${appKey}${body}${secret}`, 'utf8').digest('hex');

/** Posts a push as 抖店 does, signed with the sandbox app's secret unless told otherwise. */
function push(
  body: string,
  { appId = DOUDIAN_SANDBOX_APP.clientId, secret = DOUDIAN_SANDBOX_APP.clientSecret } = {},
) {
  return fetch(pushUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-id': appId, 'event-sign': sign(appId, body, secret) },
    body,
  });
}

/** One 101 (trade_TradePaid) message of order `orderNo` as 抖店 writes it: int64 ids as bare numbers. */
const paidMessage = (msgId: string, orderNo: string, shop = SHOP) => ({
  tag: '101',
  msg_id: msgId,
  data: `{"p_id":${orderNo},"s_ids":[${orderNo.slice(0, -1)}1],"shop_id":${shop},"order_status":2,"order_type":0,"pay_type":1,"pay_time":1700000000,"biz":2}`,
});

const db = () => t.server.db;
const events = () =>
  db().query<{ msg_id: string; tag: string; status: string; attempts: number; last_error: string }>(
    'SELECT msg_id, tag, status, attempts, last_error FROM platform_events ORDER BY id',
  );
const orderRow = async (orderNo: string) =>
  (
    await db().query<Record<string, unknown>>('SELECT * FROM orders WHERE platform_order_no = $1', [orderNo])
  )[0];
const eventDone = (msgId: string) =>
  until(
    async () =>
      (await events()).some((e) => e.msg_id === msgId && e.status !== 'pending' && e.status !== 'processing'),
    `event ${msgId} worked`,
  );

beforeAll(async () => {
  sandbox = new DoudianSandbox({
    apps: [DOUDIAN_SANDBOX_APP],
    now: clock.now,
    seedOrders: 0,
    rateLimit: 100_000,
    pushRetryMs: 50,
    services: [
      {
        serviceId: DOUDIAN_SANDBOX_APP.serviceId,
        appKey: DOUDIAN_SANDBOX_APP.clientId,
        callbackUrl: () => `${t.server.publicUrl}/shop/authorised/douyin`,
      },
    ],
  });
  served = await serveSandbox(sandbox);
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    shopSync: { pollMs: 50 },
    platformEventJobs: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 200 },
    platforms: { pdd: PDD_DEFAULTS, doudian: DoudianSandbox.endpoints(served.url) },
  });
  const adminToken = await t.login(ADMIN);
  const admin = t.client(() => adminToken);
  const platforms = await admin.call('/api/company/platform-list');
  await admin.call('/api/company/platform-auth-save', {
    platform_id: platforms.find((p) => p.code === 'douyin')?.id ?? 0,
    shop_name: '抖店开放平台应用',
    app_key: DOUDIAN_SANDBOX_APP.clientId,
    app_secret: DOUDIAN_SANDBOX_APP.clientSecret,
    service_id: DOUDIAN_SANDBOX_APP.serviceId,
  });
  token = await t.login('13712500001');
  const started = await envelope(await t.post('/api/shop/authorise', { platform: 'douyin' }, { token }));
  const back = await decideOnAuthorisationPage((started.data as { url: string }).url, { shopId: SHOP });
  const answer = await envelope(
    await t.post(
      '/api/shop/authorise-callback',
      {
        platform: 'douyin',
        state: back.searchParams.get('state') ?? '',
        code: back.searchParams.get('code') ?? '',
      },
      { token },
    ),
  );
  shopId = (answer.data as { id: number }).id;
  // The shop's first sync (nothing to read) is done before the pushes start.
  await syncNow(t, token, shopId);
  sandbox.subscribePushes(DOUDIAN_SANDBOX_APP.clientId, pushUrl);
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await served?.close();
});

describe('抖店 消息推送', () => {
  it("the sandbox's own pushes reach the server: a paid order appears with the sync's fields, a refund opens its 售后", async () => {
    const searches = sandbox.callsOf('order.searchList').length;
    const order = sandbox.placeOrder(SHOP);
    await sandbox.settlePushes();
    const sent = sandbox.pushes.filter((p) => p.orderNo === order.orderNo);
    expect(sent.map((p) => [p.tag, p.delivered, p.attempts])).toEqual([['101', true, 1]]);
    await eventDone(sent[0]?.msgId ?? '');
    const stored = await orderRow(order.orderNo);
    expect(stored).toMatchObject({
      shop_id: shopId,
      status: 'pending',
      source: 'sync',
      platform_status: '2',
    });
    // The push read the order by its detail call, not by the sync's search.
    expect(sandbox.callsOf('order.searchList')).toHaveLength(searches);

    // The sync reading the same order changes nothing: the push stored exactly what the sync stores.
    clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
    await syncNow(t, token, shopId);
    expect(sandbox.callsOf('order.searchList').length).toBeGreaterThan(searches);
    expect(await orderRow(order.orderNo)).toEqual(stored);

    sandbox.refundOrder(order.orderNo);
    await sandbox.settlePushes();
    const refund = sandbox.pushes.find((p) => p.orderNo === order.orderNo && p.tag === '200');
    expect(refund?.delivered).toBe(true);
    await eventDone(refund?.msgId ?? '');
    const afterSales = await db().query<{ status: string }>(
      'SELECT a.status FROM after_sales a JOIN orders o ON o.id = a.order_id WHERE o.platform_order_no = $1',
      [order.orderNo],
    );
    expect(afterSales).toHaveLength(1);
  });

  it('a signed push is recorded and answered success; the same msg_id again changes nothing', async () => {
    const order = sandbox.placeOrder(SHOP, { createdAt: Math.floor(clock.now() / 1000) });
    await sandbox.settlePushes();
    const body = JSON.stringify([paidMessage('manual-msg-0001', order.orderNo)]);
    const first = await push(body);
    expect({ status: first.status, body: await first.json() }).toEqual({
      status: 200,
      body: { code: 0, msg: 'success' },
    });
    await eventDone('manual-msg-0001');
    const details = sandbox.callsOf('order.orderDetail').length;
    const row = await orderRow(order.orderNo);
    const before = await events();

    const again = await push(body);
    expect(await again.json()).toEqual({ code: 0, msg: 'success' });
    expect(await events()).toEqual(before);
    expect(sandbox.callsOf('order.orderDetail')).toHaveLength(details);
    expect(await orderRow(order.orderNo)).toEqual(row);
    expect(before.filter((e) => e.msg_id === 'manual-msg-0001')).toEqual([
      { msg_id: 'manual-msg-0001', tag: '101', status: 'done', attempts: 1, last_error: '' },
    ]);
  });

  it('a bad sign, an unknown app, an oversize or malformed body are refused and record nothing', async () => {
    const before = await events();
    const good = JSON.stringify([paidMessage('refused-0001', '6920000000000000001')]);
    const refusals: [string, Response][] = [
      ['bad sign', await push(good, { secret: 'not-the-secret' })],
      ['unknown app', await push(good, { appId: '7999999999999999999' })],
      [
        'no sign',
        await fetch(pushUrl(), {
          method: 'POST',
          headers: { 'app-id': DOUDIAN_SANDBOX_APP.clientId },
          body: good,
        }),
      ],
      [
        'oversize',
        await push(JSON.stringify([{ ...paidMessage('big', '1'), pad: 'x'.repeat(PUSH_BODY_MAX) }])),
      ],
      ['not json', await push('[{"tag":"101",')],
      ['not an array', await push(JSON.stringify(paidMessage('obj-0001', '1')))],
      [
        'data not a string',
        await push(JSON.stringify([{ tag: '101', msg_id: 'm-0001', data: { p_id: 1 } }])),
      ],
      ['no msg_id', await push(JSON.stringify([{ tag: '101', data: '{}' }]))],
      ['empty', await push('[]')],
    ];
    expect(refusals.map(([what, res]) => [what, res.status])).toEqual([
      ['bad sign', 401],
      ['unknown app', 401],
      ['no sign', 401],
      ['oversize', 413],
      ['not json', 400],
      ['not an array', 400],
      ['data not a string', 400],
      ['no msg_id', 400],
      ['empty', 400],
    ]);
    for (const [, res] of refusals) expect(((await res.json()) as { code: number }).code).not.toBe(0);
    expect(await events()).toEqual(before);
  });

  it("a shop not ours is ignored without a call; a platform error is retried with the queue's backoff", async () => {
    const details = sandbox.callsOf('order.orderDetail').length;
    await push(JSON.stringify([paidMessage('other-shop-0001', '6920000000000000001', '99999')]));
    await eventDone('other-shop-0001');
    expect((await events()).find((e) => e.msg_id === 'other-shop-0001')).toMatchObject({
      status: 'ignored',
      last_error: '店铺不在本系统',
    });
    expect(sandbox.callsOf('order.orderDetail')).toHaveLength(details);

    // The platform throttles the detail call (one an hour, spent here by a call of our own): the event
    // waits with the platform's message, attempt after attempt.
    sandbox.setRateLimit(1, 3600);
    const connector = new DoudianConnector({
      app: DOUDIAN_SANDBOX_APP,
      endpoints: DoudianSandbox.endpoints(served.url),
      now: clock.now,
    });
    await expect(connector.orderDetail('not-a-token', '1')).rejects.toThrow();
    const order = sandbox.placeOrder(SHOP, { createdAt: Math.floor(clock.now() / 1000) });
    await sandbox.settlePushes();
    const msgId = sandbox.pushes.find((p) => p.orderNo === order.orderNo)?.msgId ?? '';
    await until(
      async () => ((await events()).find((e) => e.msg_id === msgId)?.attempts ?? 0) >= 2,
      'two attempts',
    );
    const waiting = (await events()).find((e) => e.msg_id === msgId);
    expect(waiting?.last_error).toContain('频繁');
    expect(await orderRow(order.orderNo)).toBeUndefined();

    sandbox.setRateLimit(100_000, 1);
    await eventDone(msgId);
    expect((await events()).find((e) => e.msg_id === msgId)?.status).toBe('done');
    expect(await orderRow(order.orderNo)).toMatchObject({ shop_id: shopId, status: 'pending' });
  });

  it("店铺设置 shows 实时 while the app's pushes arrive, 轮询 once none came for the fallback interval", async () => {
    const seller = t.client(() => token);
    const shop = async () =>
      (await seller.call('/api/shop/index', { pageIndex: 1, pageSize: 20, platform: 'douyin' })).list.find(
        (s) => s.id === shopId,
      );
    const arrives = async () => {
      const order = sandbox.placeOrder(SHOP, { createdAt: Math.floor(clock.now() / 1000) });
      await sandbox.settlePushes();
      expect(sandbox.pushes.find((p) => p.orderNo === order.orderNo)?.delivered).toBe(true);
    };
    await arrives();
    const pushedAt = Math.floor(clock.now() / 1000);
    expect(await shop()).toMatchObject({ message_channel: 'live', last_event_at: pushedAt });

    clock.advance((SYNC_RULES.fallbackSeconds + 1) * 1000);
    expect(await shop()).toMatchObject({ message_channel: 'polling', last_event_at: pushedAt });

    await arrives();
    expect(await shop()).toMatchObject({
      message_channel: 'live',
      last_event_at: Math.floor(clock.now() / 1000),
    });
  });
});

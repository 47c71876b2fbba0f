import type { Order } from '@consign/api-client';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from '@consign/platform-sandboxes/doudian';
import { PDD_SANDBOX_APP, PDD_SANDBOX_PATHS, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import { JobRunner } from '../src/jobs/runner';
import { WritebackJobs } from '../src/jobs/writeback';
import { createLogger } from '../src/log';
import { DoudianConnector } from '../src/platforms/doudian';
import { PddConnector } from '../src/platforms/pdd';
import { ShopCalls } from '../src/platforms/shop-calls';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import {
  ADMIN,
  envelope,
  importForm,
  seededPostgresDatabase,
  startTestServer,
  TEST_POSTGRES,
  TestClock,
  type TestServer,
  waitFor,
} from './helpers';
import { authorisedShop, purchasedPlatformOrders, sfTrackingNo } from './writeback-helpers';

/**
 * 发货回传 end to end: the real server (its `writeback` job kind on the one JobRunner) against the
 * 拼多多 and 抖店 sandboxes served on loopback ports, reached through the real connectors. The 拼多多
 * sandbox sits behind a switchable fault (the platform down: its rate-limit answer, an HTTP 502, an
 * HTML page, no answer at all), and every call it receives is counted, so "written back once" is
 * checked where it matters: on the platform.
 */

type Fault = 'rate_limit' | 'http_502' | 'html' | 'hang';
const faults: Fault[] = [];
/** Milliseconds the 拼多多 sandbox's answer to a ship call is held back (after it recorded it). */
let shipAnswerDelayMs = 0;

const clock = new TestClock();
/** Two 查看完整收货信息 (three ciphertexts each) a day, so that a test spends it. */
const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, decryptQuota: 6 });
const doudian = new DoudianSandbox({ apps: [DOUDIAN_SANDBOX_APP], now: clock.now });
let pddServed: ServedSandbox;
let doudianServed: ServedSandbox;
let pddConnector: PddConnector;
let doudianConnector: DoudianConnector;
let t: TestServer;
let token: string;
let database: { url: string; drop(): Promise<void> } | null = null;
let pddShop = 0;
let doudianShop = 0;
let counter = 0;

const ACCOUNT = 1;
const SHIP = 'pdd.logistics.online.send';

beforeAll(async () => {
  pddServed = await serveSandbox({
    async fetch(request) {
      const path = new URL(request.url).pathname;
      // Faults meet the ship calls only: another call of the platform (a leftover retry of an earlier
      // test, a token refresh) must not take one, or the attempts no longer count the faults.
      const shipCall = path === PDD_SANDBOX_PATHS.gateway && (await request.clone().text()).includes(SHIP);
      const fault = shipCall ? faults.shift() : undefined;
      if (fault === 'rate_limit') {
        return Response.json({
          error_response: {
            error_code: 70031,
            error_msg: '调用过于频繁，请调整调用频率',
            sub_code: '',
            sub_msg: '',
          },
        });
      }
      if (fault === 'http_502') return new Response('<html>502 Bad Gateway</html>', { status: 502 });
      if (fault === 'html') {
        return new Response('<html><body>系统维护中</body></html>', {
          headers: { 'content-type': 'text/html' },
        });
      }
      if (fault === 'hang') return new Promise<Response>(() => {});
      const answer = await pdd.fetch(request);
      if (shipAnswerDelayMs > 0 && shipCall) {
        await new Promise((resolve) => setTimeout(resolve, shipAnswerDelayMs));
      }
      return answer;
    },
  });
  doudianServed = await serveSandbox(doudian);
  pddConnector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(pddServed.url),
    now: clock.now,
  });
  doudianConnector = new DoudianConnector({
    app: DOUDIAN_SANDBOX_APP,
    endpoints: DoudianSandbox.endpoints(doudianServed.url),
    now: clock.now,
  });
  // With TEST_DATABASE_URL the database is made here, so that a second instance can share it.
  database = TEST_POSTGRES ? await seededPostgresDatabase(TEST_POSTGRES) : null;
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    ...(database ? { databaseUrl: database.url, dataDir: 'memory://unused' } : {}),
    platformConnector: async (platform) => (platform === 'pinduoduo' ? pddConnector : doudianConnector),
    writebackJobs: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 1000 },
    // Three 查看完整收货信息 per account a minute, so that a test spends it.
    budgets: { receiver_decrypt: { calls: 3 } },
  });
  token = await t.login(ADMIN);
  const now = Math.floor(clock.now() / 1000);
  pddShop = await authorisedShop(t.server.db, pddConnector, pdd, {
    accountId: ACCOUNT,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900001',
    now,
  });
  doudianShop = await authorisedShop(t.server.db, doudianConnector, doudian, {
    accountId: ACCOUNT,
    clientId: DOUDIAN_SANDBOX_APP.clientId,
    platformShopId: '77001',
    now,
  });
}, 180_000);

afterAll(async () => {
  await t?.stop({ keepData: true });
  await database?.drop();
  await pddServed?.close();
  await doudianServed?.close();
});

const ordersOf = (sandbox: 'pdd' | 'doudian', count: number) =>
  purchasedPlatformOrders(t.server.db, sandbox === 'pdd' ? pdd : doudian, {
    accountId: ACCOUNT,
    shopId: sandbox === 'pdd' ? pddShop : doudianShop,
    platformShopId: sandbox === 'pdd' ? '900001' : '77001',
    count,
    now: Math.floor(clock.now() / 1000),
  });

const sender = async () =>
  (
    await t.server.db.query<{ id: number }>(
      "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
    )
  )[0]?.id ?? 0;

const nextTracking = () => sfTrackingNo(++counter);

async function ship(id: number, trackingNo: string, carrier = 'SF') {
  const res = await t.post(
    '/api/order/ship',
    { id, carrier, tracking_no: trackingNo, sender_address_id: await sender() },
    { token },
  );
  expect(await envelope(res)).toMatchObject({ errorCode: 0 });
}

interface WritebackRow {
  order_id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  platform_message: string | null;
}
const writebacks = (ids: number[]) =>
  t.server.db.query<WritebackRow>(
    `SELECT order_id, status, attempts, last_error, platform_message FROM order_writebacks
     WHERE order_id = ANY($1::int[]) ORDER BY order_id`,
    [ids],
  );

/** Waits (generously: the machine is shared) until every writeback of `ids` is in `status`. */
async function until(ids: number[], status: string | ((row: WritebackRow) => boolean)) {
  const ok = typeof status === 'string' ? (row: WritebackRow) => row.status === status : status;
  let rows: WritebackRow[] = [];
  return waitFor(
    () => `the writebacks: ${JSON.stringify(rows)}`,
    async () => {
      rows = await writebacks(ids);
      return rows.length === ids.length && rows.every(ok) && rows;
    },
    { timeoutMs: 90_000 },
  );
}

/** The failed entries of 操作日志 about order `id`, newest first, as the log list route answers them. */
async function failuresLogged(id: number) {
  const page = await t.client(() => token).call('/api/log/index', { pageIndex: 1, pageSize: 100 });
  return page.list
    .filter((entry) => entry.target_type === 'order' && entry.target_id === id && entry.failure !== null)
    .map(({ action, action_label, user_id, failure }) => ({ action, action_label, user_id, failure }));
}

/** The successful ship calls of a platform order on the sandbox. */
const landedCalls = (sandbox: PddSandbox | DoudianSandbox, method: string) =>
  sandbox.callsOf(method).filter((call) => call.error === null).length;

async function listed(orderNo: string): Promise<Order | undefined> {
  const page = await t
    .client(() => token)
    .call('/api/order/index', { pageIndex: 1, pageSize: 20, keyword: orderNo });
  return page.list.find((order) => order.order_no === orderNo);
}

describe('发货回传', () => {
  it('an order shipped alone, in a batch and by import is written back once, with the platform’s own carrier', async () => {
    const before = landedCalls(pdd, SHIP);
    const [single, b1, b2, i1, i2] = await ordersOf('pdd', 5);
    if (!single || !b1 || !b2 || !i1 || !i2) throw new Error('orders');
    const tracking = new Map<number, string>();
    for (const order of [single, b1, b2, i1, i2]) tracking.set(order.id, nextTracking());

    await ship(single.id, tracking.get(single.id) ?? '');
    const batch = await t.post(
      '/api/order/batch-ship',
      {
        carrier: 'SF',
        sender_address_id: await sender(),
        items: [b1, b2].map((o) => ({ id: o.id, tracking_no: tracking.get(o.id) })),
      },
      { token },
    );
    expect(await envelope(batch)).toMatchObject({ errorCode: 0, data: { succeeded: 2, failed: 0 } });
    const csv = [
      '订单号,快递公司,快递单号',
      ...[i1, i2].map((o) => `${o.orderNo},SF,${tracking.get(o.id)}`),
    ].join('\n');
    const imported = await t.post('/api/order/import-apply', importForm(csv), { token });
    expect((await envelope(imported)).errorCode).toBe(0);

    const ids = [single, b1, b2, i1, i2].map((o) => o.id);
    const rows = await until(ids, 'succeeded');
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // On the platform: each order shipped once, with the sandbox's 顺丰 (id 44, code SF) and our number.
    for (const order of [single, b1, b2, i1, i2]) {
      const shipped = pdd.shipments.filter((s) => s.orderNo === order.platformOrderNo);
      expect(shipped).toEqual([
        expect.objectContaining({ carrierId: '44', carrierCode: 'SF', trackingNo: tracking.get(order.id) }),
      ]);
    }
    expect(landedCalls(pdd, SHIP) - before).toBe(5);
    // The list and the detail say 已回传.
    expect((await listed(single.orderNo))?.writeback).toMatchObject({ status: 'succeeded', message: '' });
    const detail = await t.client(() => token).call('/api/order/detail', { id: b1.id });
    expect(detail.writeback?.status).toBe('succeeded');
  });

  it('抖店: written back with its own carrier code; an order of a shop typed in by hand has nothing to write back', async () => {
    const [order] = await ordersOf('doudian', 1);
    if (!order) throw new Error('order');
    const trackingNo = nextTracking();
    await ship(order.id, trackingNo);
    await until([order.id], 'succeeded');
    expect(doudian.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toEqual([
      expect.objectContaining({ carrierCode: 'shunfeng', trackingNo }),
    ]);
    expect(landedCalls(doudian, 'order.logisticsAdd')).toBe(1);

    // A seeded order (no platform order number) ships without a writeback.
    const [seeded] = await t.server.db.query<{ id: number; order_no: string }>(
      "SELECT id, order_no FROM orders WHERE account_id = 1 AND status = 'purchased' AND platform_order_no IS NULL ORDER BY id LIMIT 1",
    );
    if (!seeded) throw new Error('no seeded order');
    await ship(seeded.id, nextTracking());
    expect(await writebacks([seeded.id])).toEqual([]);
    expect((await listed(seeded.order_no))?.writeback).toBeNull();
  });

  it('the platform down (rate limit, 502, an HTML page, no answer): retried with backoff until it lands, once', async () => {
    const [order] = await ordersOf('pdd', 1);
    if (!order) throw new Error('order');
    const before = landedCalls(pdd, SHIP);
    faults.push('rate_limit', 'http_502', 'html', 'hang');
    const trackingNo = nextTracking();
    await ship(order.id, trackingNo);
    // While it is retried, the order shows 回传中 with the reason.
    const retrying = await until([order.id], (row) => row.attempts >= 2);
    expect(retrying[0]?.status).not.toBe('failed');
    const during = await listed(order.orderNo);
    if (during?.writeback?.status !== 'succeeded') {
      expect(during?.writeback?.status).toBe('sending');
      expect(during?.writeback?.message).toMatch(/拼多多/);
    }
    // The hang costs one platform timeout (15 s), then it lands.
    const [row] = await until([order.id], 'succeeded');
    expect(faults).toEqual([]);
    expect(row?.attempts).toBe(5);
    expect(row?.last_error).toBeNull();
    expect(pdd.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toEqual([
      expect.objectContaining({ trackingNo }),
    ]);
    expect(landedCalls(pdd, SHIP) - before).toBe(1);
    // No refused second ship either: it was sent once.
    expect(pdd.callsOf(SHIP).filter((call) => call.error !== null)).toEqual([]);
    // Retries are not failures: nothing in 操作日志 says it failed.
    expect(await failuresLogged(order.id)).toEqual([]);
  }, 120_000);

  it('a refusal of the platform: 回传失败 with its message; 重新回传 after the cause is fixed lands', async () => {
    const [order] = await ordersOf('pdd', 1);
    if (!order) throw new Error('order');
    // The buyer asked for a refund on the platform: it refuses the shipment.
    pdd.refundOrder(order.platformOrderNo);
    const trackingNo = nextTracking();
    await ship(order.id, trackingNo);
    const [failed] = await until([order.id], 'failed');
    expect(failed?.last_error).toBe('拼多多拒绝了此操作：订单售后中，不能发货');
    expect(failed?.platform_message).toContain('订单售后中，不能发货');
    const shown = await listed(order.orderNo);
    expect(shown?.writeback).toMatchObject({
      status: 'failed',
      message: '拼多多拒绝了此操作：订单售后中，不能发货',
    });
    // The bell says so: one notification for the account's failed writebacks, opening 回传失败's view.
    const bell = await envelope(
      await t.post('/api/notification/index', { pageIndex: 1, pageSize: 20 }, { token }),
    );
    const notes = (bell.data as { list: { title: string; body: string; link: string }[] }).list.filter(
      (n) => n.link === '/order/index?exception=writeback_failed',
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toMatch(/^\d+ 个订单回传失败$/);
    expect(notes[0]?.body).toContain(order.orderNo);
    // 操作日志: 发货回传 failed, by 系统 (no one), with the reason the order shows; once.
    const refused = '拼多多拒绝了此操作：订单售后中，不能发货';
    expect(await failuresLogged(order.id)).toEqual([
      { action: 'order.writeback', action_label: '发货回传', user_id: null, failure: refused },
    ]);

    // 重新回传 while the refund is still open: refused again, logged failed under who asked.
    const first = await t.post('/api/order/writeback-retry', { id: order.id }, { token });
    expect(await envelope(first)).toMatchObject({ errorCode: 0 });
    await until([order.id], (row) => row.status === 'failed' && row.attempts === 1);
    const [admin] = await t.server.db.query<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [
      ADMIN,
    ]);
    expect(await failuresLogged(order.id)).toEqual([
      { action: 'order.writeback-retry', action_label: '重新回传', user_id: admin?.id, failure: refused },
      { action: 'order.writeback', action_label: '发货回传', user_id: null, failure: refused },
    ]);

    // The refund is closed on the platform; 重新回传.
    const placed = pdd.orders.get(order.platformOrderNo);
    if (!placed) throw new Error('sandbox order');
    placed.refund = 'none';
    const retried = await t.post('/api/order/writeback-retry', { id: order.id }, { token });
    expect(await envelope(retried)).toMatchObject({ errorCode: 0, data: { status: 'sending', message: '' } });
    await until([order.id], 'succeeded');
    expect(pdd.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toEqual([
      expect.objectContaining({ trackingNo }),
    ]);
    // Logged in 操作日志.
    const [entry] = await t.server.db.query<{ action_label: string; target_name: string }>(
      "SELECT action_label, target_name FROM operation_log WHERE action_label = '重新回传' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ action_label: '重新回传', target_name: order.orderNo });
    // Landed: 重新回传 is refused, naming the state.
    const again = await t.post('/api/order/writeback-retry', { id: order.id }, { token });
    expect(again.status).toBe(409);
    expect(await envelope(again)).toMatchObject({ msg: '物流回传当前状态为「已回传」，不能重新回传' });
  });

  it('a carrier the platform does not know: 回传失败 saying so, nothing sent', async () => {
    const [order] = await ordersOf('pdd', 1);
    if (!order) throw new Error('order');
    const before = pdd.callsOf(SHIP).length;
    await ship(order.id, 'JT1234567890123', 'JT');
    const [row] = await until([order.id], 'failed');
    expect(row?.last_error).toBe('拼多多不支持快递公司「极兔速递」，无法回传物流，请在拼多多后台手动发货');
    expect(pdd.callsOf(SHIP).length).toBe(before);
  });

  it('an expired access token is refreshed (and stored) and the writeback lands', async () => {
    const [order] = await ordersOf('pdd', 1);
    if (!order) throw new Error('order');
    const [sealedBefore] = await t.server.db.query<{ access_token_sealed: string }>(
      'SELECT access_token_sealed FROM shops WHERE id = $1',
      [pddShop],
    );
    pdd.expireAccessTokens();
    const refreshes = pdd.callsOf('pdd.pop.auth.token.refresh').length;
    await ship(order.id, nextTracking());
    await until([order.id], 'succeeded');
    expect(pdd.callsOf('pdd.pop.auth.token.refresh').length).toBe(refreshes + 1);
    const [sealedAfter] = await t.server.db.query<{ access_token_sealed: string }>(
      'SELECT access_token_sealed FROM shops WHERE id = $1',
      [pddShop],
    );
    expect(sealedAfter?.access_token_sealed).not.toBe(sealedBefore?.access_token_sealed);
  });

  it('a refresh the platform refuses (authorisation cancelled there): 回传失败, and the shop is 授权已过期 as after a sync', async () => {
    const shopId = await authorisedShop(t.server.db, doudianConnector, doudian, {
      accountId: ACCOUNT,
      clientId: DOUDIAN_SANDBOX_APP.clientId,
      platformShopId: '77002',
      now: Math.floor(clock.now() / 1000),
    });
    const [order] = await purchasedPlatformOrders(t.server.db, doudian, {
      accountId: ACCOUNT,
      shopId,
      platformShopId: '77002',
      count: 1,
      now: Math.floor(clock.now() / 1000),
    });
    if (!order) throw new Error('order');
    // The seller cancelled the app's authorisation on 抖店: the token is unknown, its refresh refused.
    doudian.revokeShop('77002');
    await ship(order.id, nextTracking());
    const [row] = await until([order.id], 'failed');
    expect(row?.last_error).toBe('抖店店铺授权已失效，请重新授权');
    const shops = await t
      .client(() => token)
      .call('/api/shop/index', { pageIndex: 1, pageSize: 100, platform: 'douyin' });
    expect(shops.list.find((shop) => shop.id === shopId)).toMatchObject({
      auth_status: 'expired',
      state: 'expired',
    });
    expect(doudian.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toEqual([]);
  });

  it('自动回传物流 off: 待回传 until 重新回传', async () => {
    const client = t.client(() => token);
    const settings = await client.call('/api/setting/index');
    await client.call('/api/setting/update', { ...settings, auto_sync_logistics: false });
    try {
      const [order] = await ordersOf('pdd', 1);
      if (!order) throw new Error('order');
      const before = pdd.callsOf(SHIP).length;
      await ship(order.id, nextTracking());
      expect((await writebacks([order.id]))[0]?.status).toBe('waiting');
      expect((await listed(order.orderNo))?.writeback?.status).toBe('waiting');
      // Nothing is sent by itself (the job polls every 100 ms: a few polls pass).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await writebacks([order.id]))[0]?.status).toBe('waiting');
      expect(pdd.callsOf(SHIP).length).toBe(before);
      expect(
        await envelope(await t.post('/api/order/writeback-retry', { id: order.id }, { token })),
      ).toMatchObject({
        errorCode: 0,
      });
      await until([order.id], 'succeeded');
      expect(pdd.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toHaveLength(1);
    } finally {
      const now = await client.call('/api/setting/index');
      await client.call('/api/setting/update', { ...now, auto_sync_logistics: true });
    }
  });

  it('重新回传 of an order with nothing to write back, or of another account’s order: refused', async () => {
    const [seeded] = await t.server.db.query<{ id: number }>(
      "SELECT id FROM orders WHERE account_id = 1 AND status = 'pending' AND platform_order_no IS NULL LIMIT 1",
    );
    const none = await t.post('/api/order/writeback-retry', { id: seeded?.id }, { token });
    expect(none.status).toBe(409);
    expect(await envelope(none)).toMatchObject({
      msg: '该订单不是已授权平台店铺的已发货订单，没有需要回传的物流信息',
    });
    const missing = await t.post('/api/order/writeback-retry', { id: 2_000_000_000 }, { token });
    expect(missing.status).toBe(404);
  });

  it('two runners on one database (two instances on Postgres) send each of 40 writebacks once', async () => {
    const client = t.client(() => token);
    const settings = await client.call('/api/setting/index');
    await client.call('/api/setting/update', { ...settings, auto_sync_logistics: false });
    const orders = await ordersOf('pdd', 40);
    for (const order of orders) await ship(order.id, nextTracking());
    await client.call('/api/setting/update', {
      ...(await client.call('/api/setting/index')),
      auto_sync_logistics: true,
    });
    const ids = orders.map((o) => o.id);
    expect((await writebacks(ids)).every((row) => row.status === 'waiting')).toBe(true);

    // Another instance: its own database connection on Postgres (the same PGlite otherwise).
    const otherDb = database ? await openDb({ databaseUrl: database.url }) : t.server.db;
    const other = new JobRunner(createLogger('silent')).register(
      new WritebackJobs(
        otherDb,
        new ShopCalls(otherDb, new SecretBox(DEV_DATA_KEY), clock.now),
        async (platform) => (platform === 'pinduoduo' ? pddConnector : doudianConnector),
        clock.now,
        createLogger('silent'),
        { concurrency: 4, pollMs: 50 },
      ),
    );
    const before = landedCalls(pdd, SHIP);
    const refusedBefore = pdd.callsOf(SHIP).filter((call) => call.error !== null).length;
    shipAnswerDelayMs = 30;
    other.start();
    try {
      // Queue them all at once, as 重新回传 would one by one.
      await t.server.db.query(
        `UPDATE order_writebacks SET status = 'pending', next_attempt_at = 0 WHERE order_id = ANY($1::int[])`,
        [ids],
      );
      t.server.jobs.wake('writeback');
      other.wake('writeback');
      await until(ids, 'succeeded');
    } finally {
      shipAnswerDelayMs = 0;
      await other.stop();
      if (otherDb !== t.server.db) await otherDb.close();
    }
    expect(landedCalls(pdd, SHIP) - before).toBe(40);
    expect(pdd.callsOf(SHIP).filter((call) => call.error !== null).length).toBe(refusedBefore);
    for (const order of orders) {
      expect(pdd.shipments.filter((s) => s.orderNo === order.platformOrderNo)).toHaveLength(1);
    }
    expect((await writebacks(ids)).every((row) => row.attempts === 1)).toBe(true);
  }, 120_000);
});

describe('查看完整收货信息', () => {
  it('decrypts through the platform for a member allowed to, logs that it was viewed (never the text), and says when the quota is spent', async () => {
    const [order] = await ordersOf('pdd', 1);
    if (!order) throw new Error('order');
    const placed = pdd.orders.get(order.platformOrderNo);
    if (!placed) throw new Error('sandbox order');
    const client = t.client(() => token);
    expect((await client.call('/api/order/detail', { id: order.id })).receiver_encrypted).toBe(true);

    const shown = await client.call('/api/order/receiver-decrypt', { id: order.id });
    expect(shown).toEqual({
      name: placed.receiver.name,
      mobile: placed.receiver.mobile,
      address: placed.receiver.address,
    });
    const entries = await t.server.db.query<{ action_label: string; target_name: string; changes: unknown }>(
      "SELECT action_label, target_name, changes FROM operation_log WHERE action_label = '查看完整收货信息'",
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.target_name).toBe(order.orderNo);
    const logged = JSON.stringify(entries);
    for (const secret of [placed.receiver.name, placed.receiver.mobile, placed.receiver.address]) {
      expect(logged).not.toContain(secret);
    }

    // The shop's quota is 6 ciphertexts a day: the second view spends it, the third is refused.
    expect((await client.call('/api/order/receiver-decrypt', { id: order.id })).mobile).toBe(
      placed.receiver.mobile,
    );
    const spent = await t.post('/api/order/receiver-decrypt', { id: order.id }, { token });
    expect(spent.status).toBe(429);
    expect(await envelope(spent)).toMatchObject({ msg: '拼多多解密额度已用完，请稍后再试' });

    // An order the platform gave no ciphertext for.
    const [seeded] = await t.server.db.query<{ id: number }>(
      'SELECT id FROM orders WHERE account_id = 1 AND receiver_cipher IS NULL ORDER BY id LIMIT 1',
    );
    expect((await client.call('/api/order/detail', { id: seeded?.id ?? 0 })).receiver_encrypted).toBe(false);
    const none = await t.post('/api/order/receiver-decrypt', { id: seeded?.id }, { token });
    expect(none.status).toBe(409);
    expect(await envelope(none)).toMatchObject({ msg: '该订单没有平台加密的收货信息' });
  });

  it('one account looping on it is refused (429) past its budget, before the platform is called; another account still decrypts', async () => {
    clock.advance(61_000); // a fresh window for account 1
    const [mine] = await ordersOf('doudian', 1);
    // A second seller account (signed up by SMS login) with its own 抖店 shop and order.
    const otherToken = await t.login('13712360001');
    const [other] = await t.server.db.query<{ account_id: number }>(
      "SELECT account_id FROM users WHERE mobile = '13712360001'",
    );
    if (!mine || !other) throw new Error('setup');
    const now = Math.floor(clock.now() / 1000);
    doudian.shops.push({ shopId: '77009', shopName: '沙箱抖店另一账号店' });
    const otherShop = await authorisedShop(t.server.db, doudianConnector, doudian, {
      accountId: other.account_id,
      clientId: DOUDIAN_SANDBOX_APP.clientId,
      platformShopId: '77009',
      now,
    });
    const [theirs] = await purchasedPlatformOrders(t.server.db, doudian, {
      accountId: other.account_id,
      shopId: otherShop,
      platformShopId: '77009',
      count: 1,
      now,
    });
    if (!theirs) throw new Error('setup');
    const decrypts = () => doudian.callsOf('order.batchDecrypt').length;

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = decrypts();
      const res = await t.post('/api/order/receiver-decrypt', { id: mine.id }, { token });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await envelope(res)).toMatchObject({ msg: '操作过于频繁，请稍后再试' });
        expect(res.headers.get('retry-after')).toBe('60');
        expect(decrypts()).toBe(before); // refused before 抖店 was called
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    // The other account's budget is its own.
    const shown = await t.client(() => otherToken).call('/api/order/receiver-decrypt', { id: theirs.id });
    expect(shown.name).toBe(doudian.orders.get(theirs.platformOrderNo)?.receiver.name);

    // The next window lets account 1 through again.
    clock.advance(61_000);
    expect((await t.post('/api/order/receiver-decrypt', { id: mine.id }, { token })).status).toBe(200);
  });
});

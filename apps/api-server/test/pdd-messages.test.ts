import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { claimDueShop } from '../src/db/shop-sync';
import { DOUDIAN_DEFAULTS } from '../src/platforms/doudian';
import { ackFrame, parseFrame, pmcSign, pmcUrl } from '../src/platforms/pdd-messages';
import {
  ADMIN,
  envelope,
  seededPostgresDatabase,
  startTestServer,
  TEST_POSTGRES,
  TestClock,
  type TestServer,
} from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { until } from './sync-helpers';

/**
 * 拼多多 消息服务 through the real server and the 拼多多 sandbox's WebSocket on loopback: a shop
 * authorised through the API is permitted (`pdd.pmc.user.permit`), the server holds the app's one
 * connection, and an order placed in the sandbox arrives in the database by its message alone (the
 * order sync does not run here). A message is acked only once recorded; one not acked comes again and
 * is stored once. On Postgres, two instances: one holds the connection, the other takes over.
 */

const clock = new TestClock();
const SHOP = '900001';
const CLIENT = PDD_SANDBOX_APP.clientId;
let sandbox: PddSandbox;
let served: ServedSandbox;
let t: TestServer;
let database: { url: string; drop(): Promise<void> } | null = null;
let tClosed = false;
let seller = '';

const channelOptions = {
  checkMs: 50,
  heartbeatMs: 200,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  permitPollMs: 100,
  leaseSeconds: 30,
};
const serverOptions = () => ({
  clock,
  copyWorker: false as const,
  exportWorker: false as const,
  shopSync: false as const,
  authExpirySweep: false as const,
  purchaseJobs: false as const,
  platformEventJobs: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 200 },
  pddMessages: channelOptions,
  platforms: { pdd: PddSandbox.endpoints(served.url), doudian: DOUDIAN_DEFAULTS },
  ...(database ? { databaseUrl: database.url } : {}),
});

const db = () => t.server.db;
const eventsOf = (msgId: string) =>
  db().query<{ tag: string; status: string; platform_shop_id: string; order_no: string }>(
    'SELECT tag, status, platform_shop_id, order_no FROM platform_events WHERE msg_id = $1',
    [msgId],
  );
const ordersOf = (orderNo: string) =>
  db().query<{ id: number }>('SELECT id FROM orders WHERE platform_order_no = $1', [orderNo]);
/** The shop permitted and this server's connection open. */
async function ready(server = t) {
  await until(async () => sandbox.permitted(CLIENT, SHOP), 'shop permitted');
  await until(async () => server.server.pddMessages?.live === true, 'channel live');
}
/** The id of the last message the sandbox made for `orderNo`. */
const messageOf = (orderNo: string) => sandbox.messagesSent.find((m) => m.orderNo === orderNo)?.id ?? '';

beforeAll(async () => {
  sandbox = new PddSandbox({
    apps: [PDD_SANDBOX_APP],
    now: clock.now,
    seedOrders: 0,
    rateLimit: 100_000,
    messageRedeliverMs: 300,
  });
  served = await serveSandbox(sandbox);
  if (TEST_POSTGRES) database = await seededPostgresDatabase(TEST_POSTGRES);
  t = await startTestServer(serverOptions());
  const adminToken = await t.login(ADMIN);
  const admin = t.client(() => adminToken);
  const platforms = await admin.call('/api/company/platform-list');
  await admin.call('/api/company/platform-auth-save', {
    platform_id: platforms.find((p) => p.code === 'pinduoduo')?.id ?? 0,
    shop_name: '拼多多开放平台应用',
    app_key: CLIENT,
    app_secret: PDD_SANDBOX_APP.clientSecret,
    service_id: '',
  });
  const token = await t.login('13712500001');
  seller = token;
  const started = await envelope(await t.post('/api/shop/authorise', { platform: 'pinduoduo' }, { token }));
  const back = await decideOnAuthorisationPage((started.data as { url: string }).url, { shopId: SHOP });
  const answer = await envelope(
    await t.post(
      '/api/shop/authorise-callback',
      {
        platform: 'pinduoduo',
        state: back.searchParams.get('state') ?? '',
        code: back.searchParams.get('code') ?? '',
      },
      { token },
    ),
  );
  expect(answer.errorCode, answer.msg).toBe(0);
}, 180_000);

afterAll(async () => {
  if (!tClosed) await t?.stop();
  sandbox?.closeMessages();
  await served?.close();
  await database?.drop();
});

describe('拼多多 消息服务: the protocol', () => {
  it('signs the connection as the SDKs do (a published vector), the sign percent-encoded', () => {
    expect(pmcSign('app', '1700000000000', 'secret')).toBe('OTgxODMwNDI2NWZiN2NiNzA2NzIxOTI0ZjJlMDMxMjE=');
    expect(pmcUrl('wss://message-api.pinduoduo.com/message', 'app', 'secret', 1_700_000_000_000)).toBe(
      'wss://message-api.pinduoduo.com/message/app/1700000000000/OTgxODMwNDI2NWZiN2NiNzA2NzIxOTI0ZjJlMDMxMjE%3D',
    );
  });

  it('keeps a 64-bit id exact from frame to ack; refuses what is not a frame', () => {
    const text =
      '{"id":9223372036854775807,"commandType":"Common","time":1,"sendTime":1700000000123,' +
      '"message":{"type":"pdd_trade_TradeConfirmed","mallID":100,"content":"{\\"id\\":5,\\"mall_id\\":100,\\"tid\\":\\"231128-1\\"}"}}';
    const frame = parseFrame(text);
    if (typeof frame === 'string' || frame.kind !== 'message') throw new Error(String(frame));
    expect(frame).toMatchObject({ id: '9223372036854775807', mallId: '100', orderNo: '231128-1' });
    expect(ackFrame(frame, 2)).toMatch(/^\{"id":9223372036854775807,"commandType":"Ack"/);
    expect(parseFrame('{')).toBe('消息帧不是 JSON');
    expect(parseFrame('{"commandType":"Unknown"}')).toBe('消息帧格式不正确');
    expect(
      parseFrame('{"id":1,"commandType":"Common","message":{"type":"x","mallID":1,"content":"[1"}}'),
    ).toBe('消息 content 不是 JSON');
    expect(parseFrame('{"commandType":"HeartBeat"}')).toEqual({ kind: 'heartbeat' });
  });
});

describe('拼多多 消息服务 through the server', () => {
  it('permits the authorised shop, connects, and a sandbox order arrives by its message alone', async () => {
    await until(async () => sandbox.permitted(CLIENT, SHOP), 'shop permitted');
    const permittedAt = async () =>
      (
        await db().query<{ pmc_permitted_at: number | null }>(
          "SELECT pmc_permitted_at FROM shops WHERE platform = 'pinduoduo' AND platform_shop_id = $1",
          [SHOP],
        )
      )[0]?.pmc_permitted_at ?? null;
    await until(async () => (await permittedAt()) !== null, 'permit remembered');
    await until(async () => t.server.pddMessages?.live === true, 'channel live');
    const order = sandbox.placeOrder(SHOP);
    await until(async () => (await ordersOf(order.orderNo)).length === 1, 'order stored');
    const id = messageOf(order.orderNo);
    // Past 2^53: read as digits, not as a rounded number.
    expect(BigInt(id) > 2n ** 53n).toBe(true);
    await until(async () => sandbox.acked.includes(id), 'acked');
    await until(async () => (await eventsOf(id))[0]?.status === 'done', 'event done');
    expect(await eventsOf(id)).toEqual([
      { tag: 'pdd_trade_TradeConfirmed', status: 'done', platform_shop_id: SHOP, order_no: order.orderNo },
    ]);
    // 店铺设置 reads 实时, with the time of the shop's last message.
    const shops = await t
      .client(() => seller)
      .call('/api/shop/index', { pageIndex: 1, pageSize: 20, platform: 'pinduoduo' });
    expect(shops.list.find((s) => s.platform_shop_id === SHOP)).toMatchObject({
      message_channel: 'live',
      last_event_at: Math.floor(clock.now() / 1000),
    });
  });

  it('acks a message only once recorded: one whose commit failed comes again and is stored once', async () => {
    await ready();
    await db().exec(`CREATE FUNCTION refuse_events() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_events BEFORE INSERT ON platform_events
      FOR EACH ROW EXECUTE FUNCTION refuse_events();`);
    const order = sandbox.placeOrder(SHOP);
    const id = messageOf(order.orderNo);
    try {
      // Sent, refused by the database, not acked: sent again after the redelivery time.
      await until(async () => sandbox.messagesSent.filter((m) => m.id === id).length >= 2, 'sent again');
      expect(sandbox.acked).not.toContain(id);
      expect(await eventsOf(id)).toEqual([]);
    } finally {
      await db().exec('DROP TRIGGER refuse_events ON platform_events; DROP FUNCTION refuse_events();');
    }
    await until(async () => sandbox.acked.includes(id), 'acked once recorded');
    await until(async () => (await ordersOf(order.orderNo)).length === 1, 'order stored');
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('a connection cut before the ack: the message comes again on the next one; duplicates change nothing', async () => {
    await ready();
    const connections = sandbox.messageConnections;
    sandbox.dropAfterSends = 1;
    const order = sandbox.placeOrder(SHOP);
    const id = messageOf(order.orderNo);
    await until(async () => sandbox.acked.includes(id), 'acked after reconnecting');
    expect(sandbox.messageConnections).toBeGreaterThan(connections);
    // The platform delivers at least once: the same message again is acked and changes nothing.
    sandbox.replayMessage(id);
    await until(async () => sandbox.acked.filter((a) => a === id).length === 2, 'duplicate acked');
    await until(async () => (await eventsOf(id))[0]?.status === 'done', 'event done');
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await ordersOf(order.orderNo)).toHaveLength(1);
  });

  it('a burst of messages is recorded in a few inserts, each message once, each delivery acked once', async () => {
    await ready();
    const orders = Array.from({ length: 30 }, () => sandbox.placeOrder(SHOP));
    const ids = orders.map((order) => messageOf(order.orderNo));
    // Each delivery acked once (a slow record may see the sandbox send a message again before its ack).
    const acks = (id: string) => sandbox.acked.filter((a) => a === id).length;
    const sends = (id: string) => sandbox.messagesSent.filter((m) => m.id === id).length;
    await until(async () => ids.every((id) => acks(id) >= 1 && acks(id) === sends(id)), 'burst acked');
    await until(
      async () =>
        (
          await db().query<{ n: number }>(
            "SELECT count(*)::int AS n FROM platform_events WHERE msg_id = ANY($1::text[]) AND status = 'done'",
            [ids],
          )
        )[0]?.n === ids.length,
      'burst worked',
    );
    for (const id of ids) expect(acks(id)).toBeLessThanOrEqual(sends(id));
    const [recorded] = await db().query<{ rows: number; transactions: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions
       FROM platform_events WHERE msg_id = ANY($1::text[])`,
      [ids],
    );
    expect(recorded?.rows).toBe(ids.length);
    // Recorded together (one insert per batch of frames that came meanwhile), not a transaction each.
    expect(recorded?.transactions).toBeLessThan(ids.length / 2);
    const stored = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE platform_order_no = ANY($1::text[]) GROUP BY platform_order_no',
      [orders.map((order) => order.orderNo)],
    );
    expect(stored.map((row) => row.n)).toEqual(ids.map(() => 1));
  });

  it('skips a garbled frame without closing, then works on', async () => {
    await ready();
    const connections = sandbox.messageConnections;
    sandbox.sendRaw(CLIENT, '{"id":1,"commandType":"Common","message":{"type":"x"');
    sandbox.sendRaw(
      CLIENT,
      '{"id":2,"commandType":"Common","message":{"type":"x","mallID":1,"content":"7"}}',
    );
    const order = sandbox.placeOrder(SHOP);
    await until(async () => (await ordersOf(order.orderNo)).length === 1, 'order stored');
    expect(sandbox.messageConnections).toBe(connections);
  });

  it('重新授权 opens the message service again for the new token', async () => {
    await ready();
    const permittedAt = async () =>
      (
        await db().query<{ at: string | null }>(
          "SELECT pmc_permitted_at::text AS at FROM shops WHERE platform = 'pinduoduo' AND platform_shop_id = $1",
          [SHOP],
        )
      )[0]?.at ?? null;
    const first = await permittedAt();
    expect(first).not.toBeNull();
    clock.advance(60_000);
    const [shop] = await db().query<{ id: number }>(
      "SELECT id FROM shops WHERE platform = 'pinduoduo' AND platform_shop_id = $1",
      [SHOP],
    );
    const started = await envelope(
      await t.post('/api/shop/authorise', { platform: 'pinduoduo', shop_id: shop?.id }, { token: seller }),
    );
    const back = await decideOnAuthorisationPage((started.data as { url: string }).url, { shopId: SHOP });
    const answer = await envelope(
      await t.post(
        '/api/shop/authorise-callback',
        {
          platform: 'pinduoduo',
          state: back.searchParams.get('state') ?? '',
          code: back.searchParams.get('code') ?? '',
        },
        { token: seller },
      ),
    );
    expect(answer.errorCode, answer.msg).toBe(0);
    // Permitted again, by the permit the callback woke (not the retry 300 s later), at the new time.
    await until(
      async () => (await permittedAt()) === String(Math.floor(clock.now() / 1000)),
      'permitted again',
    );
    await ready();
  });

  it("a lease ends by the database's clock: a claim that read a stale clock still holds its shop", async () => {
    const [shop] = await db().query<{ id: number }>(
      "SELECT id FROM shops WHERE platform = 'pinduoduo' AND platform_shop_id = $1",
      [SHOP],
    );
    await db().query('UPDATE shops SET sync_due_at = NULL WHERE id = $1', [shop?.id]);
    const nowS = Math.floor(Date.now() / 1000);
    const claim = (token: string, readAt: number) =>
      claimDueShop(db(), { nowS: readAt, platforms: ['pinduoduo'], token, leaseSeconds: 300 });
    try {
      // Read 10 minutes before the query ran (a paused process): the lease still runs 300 s from now.
      expect((await claim('stale-reader', nowS - 600))?.id).toBe(shop?.id);
      expect(await claim('fresh-reader', nowS)).toBeNull();
      const owner = t.client(() => seller);
      const listed = await owner.call('/api/shop/index', {
        pageIndex: 1,
        pageSize: 20,
        platform: 'pinduoduo',
      });
      expect(listed.list.find((s) => s.id === shop?.id)?.sync?.syncing).toBe(true);
    } finally {
      await db().query('UPDATE shops SET sync_lease_token = NULL, sync_lease_until = NULL WHERE id = $1', [
        shop?.id,
      ]);
    }
  });

  it('the sandbox refuses a wrong sign and an old timestamp (401, no connection)', async () => {
    const refused = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => reject(new Error('connected')));
        ws.on('error', () => {});
      });
    const base = PddSandbox.endpoints(served.url).messageUrl ?? '';
    expect(await refused(pmcUrl(base, CLIENT, 'not-the-secret', clock.now()))).toBe(401);
    expect(await refused(pmcUrl(base, CLIENT, PDD_SANDBOX_APP.clientSecret, clock.now() - 600_000))).toBe(
      401,
    );
    expect(sandbox.messageRefusals.slice(-2)).toEqual(['sign', 'timestamp']);
  });
});

describe.skipIf(!TEST_POSTGRES)('two instances on one Postgres', () => {
  it('one holds the connection; the other takes over once it stops', async () => {
    const other = await startTestServer(serverOptions());
    try {
      await until(async () => t.server.pddMessages?.live === true, 'first live');
      const connections = sandbox.messageConnections;
      // The second checks every 50 ms and never connects while the first holds the lease.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(other.server.pddMessages?.live).toBe(false);
      expect(sandbox.messageConnections).toBe(connections);
      tClosed = true;
      await t.stop();
      await until(async () => other.server.pddMessages?.live === true, 'second took over');
      const order = sandbox.placeOrder(SHOP);
      await until(
        async () =>
          (await other.server.db.query('SELECT 1 FROM orders WHERE platform_order_no = $1', [order.orderNo]))
            .length === 1,
        'order stored by the second',
      );
    } finally {
      await other.stop();
    }
  });
});

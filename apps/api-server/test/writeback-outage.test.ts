import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_DOWN } from '../src/jobs/writeback';
import { PddConnector } from '../src/platforms/pdd';
import { ADMIN, envelope, startTestServer, TestClock, type TestServer, waitFor } from './helpers';
import { authorisedShop, purchasedPlatformOrders, sfTrackingNo } from './writeback-helpers';

/**
 * 发货回传 after an outage of the platform: the real server (its `writeback` job kind, with a first
 * retry an hour after a failure, so that a writeback waiting out its backoff cannot land during the
 * test) against the 拼多多 sandbox on loopback, which can be taken down (every gateway call answers
 * HTTP 502) or made to fail the ship call of chosen orders. Writebacks that failed while the platform
 * was down land as soon as it answers again; a few that fail on their own keep their backoff.
 */

const clock = new TestClock();
const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now });
let platformDown = false;
/** Platform order numbers whose ship call answers HTTP 502 (a fault of those orders alone). */
const failingOrders = new Set<string>();
let served: ServedSandbox;
let t: TestServer;
let token: string;
let shopId = 0;
let counter = 0;
const SHIP = 'pdd.logistics.online.send';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  served = await serveSandbox({
    async fetch(request) {
      if (platformDown) return new Response('<html>502 Bad Gateway</html>', { status: 502 });
      const params = new URLSearchParams(await request.clone().text());
      if (params.get('type') === SHIP && failingOrders.has(params.get('order_sn') ?? '')) {
        return new Response('<html>502 Bad Gateway</html>', { status: 502 });
      }
      return pdd.fetch(request);
    },
  });
  const connector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(served.url),
    now: clock.now,
  });
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    shopSync: false,
    platformConnector: async (platform) => (platform === 'pinduoduo' ? connector : null),
    writebackJobs: { pollMs: 100, retryBaseMs: HOUR_MS, retryMaxMs: HOUR_MS },
  });
  token = await t.login(ADMIN);
  shopId = await authorisedShop(t.server.db, connector, pdd, {
    accountId: 1,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900001',
    now: Math.floor(clock.now() / 1000),
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await served?.close();
});

const orders = (count: number) =>
  purchasedPlatformOrders(t.server.db, pdd, {
    accountId: 1,
    shopId,
    platformShopId: '900001',
    count,
    now: Math.floor(clock.now() / 1000),
  });

async function batchShip(ids: number[]) {
  const [sender] = await t.server.db.query<{ id: number }>(
    "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
  );
  const res = await t.post(
    '/api/order/batch-ship',
    {
      carrier: 'SF',
      sender_address_id: sender?.id,
      items: ids.map((id) => ({ id, tracking_no: sfTrackingNo(++counter) })),
    },
    { token },
  );
  expect(await envelope(res)).toMatchObject({ errorCode: 0, data: { succeeded: ids.length, failed: 0 } });
}

interface Row {
  order_id: number;
  status: string;
  attempts: number;
  waits_ms: number;
}
const rowsOf = (ids: number[]) =>
  t.server.db.query<Row>(
    `SELECT order_id, status, attempts,
       (next_attempt_at - floor(extract(epoch FROM clock_timestamp()) * 1000))::float AS waits_ms
     FROM order_writebacks WHERE order_id = ANY($1::int[]) ORDER BY order_id`,
    [ids],
  );

/** Waits (generously: the machine is shared) until every writeback of `ids` passes `ok`. */
async function until(ids: number[], ok: (row: Row) => boolean, what: string) {
  let rows: Row[] = [];
  return waitFor(
    () => `${what}: ${JSON.stringify(rows)}`,
    async () => {
      rows = await rowsOf(ids);
      return rows.length === ids.length && rows.every(ok) && rows;
    },
    { timeoutMs: 90_000 },
  );
}

const failedOnce = (row: Row) => row.status === 'pending' && row.attempts === 1;
const shipmentsOf = (platformOrderNo: string) => pdd.shipments.filter((s) => s.orderNo === platformOrderNo);

describe('发货回传 after a platform outage', () => {
  it('the writebacks that failed while the platform was down land at its first answer, not after their backoff', async () => {
    const during = await orders(6);
    platformDown = true;
    await batchShip(during.map((o) => o.id));
    const failed = await until(
      during.map((o) => o.id),
      failedOnce,
      'each writeback failed once while the platform is down',
    );
    // Each waits an hour (±20 %) for its retry.
    expect(failed.every((row) => row.waits_ms > 0.5 * HOUR_MS)).toBe(true);

    // The outage lasts a while (the test clock), then the platform answers again; the next 发货 lands
    // and the writebacks of the outage follow at once.
    clock.advance((PLATFORM_DOWN.seconds + 5) * 1000);
    platformDown = false;
    const [after] = await orders(1);
    if (!after) throw new Error('order');
    await batchShip([after.id]);
    const all = [...during, after];
    const landed = await until(
      all.map((o) => o.id),
      (row) => row.status === 'succeeded',
      'every writeback landed after the platform came back',
    );
    // One failed attempt and one that landed each (the first after it came back: one).
    expect(landed.map((row) => row.attempts)).toEqual([2, 2, 2, 2, 2, 2, 1]);
    for (const order of all) expect(shipmentsOf(order.platformOrderNo), order.orderNo).toHaveLength(1);
    expect(pdd.callsOf(SHIP).filter((call) => call.error !== null)).toEqual([]);
  }, 180_000);

  it('writebacks that fail on their own while others land keep their backoff', async () => {
    // One order the platform fails alone; the platform "down" for a while, but only for it.
    const [lone] = await orders(1);
    if (!lone) throw new Error('order');
    failingOrders.add(lone.platformOrderNo);
    await batchShip([lone.id]);
    await until([lone.id], failedOnce, 'the lone writeback failed once');
    clock.advance((PLATFORM_DOWN.seconds + 5) * 1000);
    const good = await orders(2);
    await batchShip(good.map((o) => o.id));
    await until(
      good.map((o) => o.id),
      (row) => row.status === 'succeeded',
      'the other writebacks landed',
    );

    // Three failing at once, and a writeback landing right after them (no outage lasted).
    const trio = await orders(3);
    for (const order of trio) failingOrders.add(order.platformOrderNo);
    await batchShip(trio.map((o) => o.id));
    await until(
      trio.map((o) => o.id),
      failedOnce,
      'the three writebacks failed once',
    );
    const [next] = await orders(1);
    if (!next) throw new Error('order');
    await batchShip([next.id]);
    await until([next.id], (row) => row.status === 'succeeded', 'the next writeback landed');

    // None of the four was released: each still waits for its retry, an hour after its failure.
    const waiting = await rowsOf([lone, ...trio].map((o) => o.id));
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual(Array(4).fill(['pending', 1]));
    expect(waiting.every((row) => row.waits_ms > 0.5 * HOUR_MS)).toBe(true);
    for (const order of [lone, ...trio]) expect(shipmentsOf(order.platformOrderNo)).toEqual([]);
  }, 180_000);
});

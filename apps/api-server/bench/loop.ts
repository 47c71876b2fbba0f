/**
 * The platform loop benches (`pnpm --filter @consign/api-server bench:loop`), against the 拼多多 sandbox
 * served on loopback ports, on Postgres with `DATABASE_URL=` an empty database (`node
 * scripts/with-postgres.mjs` sets `TEST_DATABASE_URL`, which is used when `DATABASE_URL` is not set),
 * else PGlite in memory (one instance only). Not a timed test: it prints what it measured.
 *
 * `BENCH_MODE=steady` (default): BENCH_SHOPS (1,000) authorised shops, each receiving an order a minute
 * on the platform for BENCH_MINUTES (10), synced by BENCH_INSTANCES (1 or 2) servers on one database
 * (each shop every minute, as the demo; BENCH_CONCURRENCY shops at once per instance, default 4). It
 * measures the lag from an order's change on the platform to its row in the database (p50, p99, max;
 * the database is polled every second), the order-list calls per shop per minute, and every window
 * fetched more than once (the same shop, window and page: with two instances, a shop synced twice).
 *
 * `BENCH_MODE=outage`: BENCH_WRITEBACKS (10,000) writebacks queued over BENCH_SHOPS shops while the
 * platform is down (every gateway call answers HTTP 502) for BENCH_OUTAGE_SECONDS (120), sent by
 * BENCH_INSTANCES servers with the production retry rules: the time until all have landed, and the ship
 * calls that reached the platform per order (exactly once: one each). As the platform comes back it
 * prints what the writebacks not landed yet wait for (`atRecovery`: pending, the median and longest wait
 * until their next attempt, negative when overdue, and their attempts so far).
 */
import { loadavg } from 'node:os';
import { PDD_SANDBOX_APP } from '@consign/platform-sandboxes';
import { storeShopTokens } from '../src/db/shop-tokens';
import { DB_NOW_MS } from '../src/jobs/queue';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import type { RunningServer } from '../src/server';
import { BenchPlatform, startInstances as startOn } from './pdd-instances';

const MODE = process.env.BENCH_MODE ?? 'steady';
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 1_000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const DRAIN_MINUTES = Number(process.env.BENCH_DRAIN_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WRITEBACKS = Number(process.env.BENCH_WRITEBACKS ?? 10_000);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 120);
const DATABASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

if (INSTANCES > 1 && !DATABASE_URL) throw new Error('two instances need Postgres (DATABASE_URL)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null);

const platform = new BenchPlatform();
const { sandbox, tokenShop, shipCalls, callsByInstance } = platform;

let warnings = 0;
function startInstances() {
  return startOn(platform, {
    instances: INSTANCES,
    databaseUrl: DATABASE_URL,
    onLog: (line, isError) => {
      if (/"shop sync failed"|"lease lost"|writeback attempt failed/.test(line)) warnings += 1;
      else if (isError) process.stderr.write(`${line}\n`);
    },
    shopSync: MODE === 'steady' ? { concurrency: CONCURRENCY, pollMs: 1_000, everySeconds: 60 } : false,
    writebackJobs: MODE === 'outage' ? { concurrency: CONCURRENCY } : false,
  });
}

/** `SHOPS` authorised shops of account 1, not due, their cursor at the platform's settle point. */
async function authorisedShops(server: RunningServer): Promise<{ ids: number[]; platformIds: string[] }> {
  const db = server.db;
  const box = new SecretBox(DEV_DATA_KEY);
  const connector = platform.connector(await platform.served(INSTANCES));
  const nowS = Math.floor(Date.now() / 1000);
  const ids: number[] = [];
  const platformIds: string[] = [];
  for (let i = 0; i < SHOPS; i++) {
    const platformShopId = String(800_000 + i);
    sandbox.shops.push({ shopId: platformShopId, shopName: `压测店铺${i}` });
    const code = sandbox.issueCode(PDD_SANDBOX_APP.clientId, platformShopId, 'http://127.0.0.1/back');
    const auth = await connector.exchangeCode(code);
    tokenShop.set(auth.accessToken, platformShopId);
    // Synced up to 3 minutes ago (as a shop already in steady state), not due until the bench starts.
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id,
         sync_due_at, sync_cursor)
       VALUES ($1, 'pinduoduo', 'authorized', $2, $3, 1, $4, 4000000000, $5) RETURNING id`,
      [auth.shopName, auth.expiresAt, nowS, auth.shopId, nowS - 180],
    );
    if (!row) throw new Error('no shop');
    await storeShopTokens(db, box, row.id, auth);
    ids.push(row.id);
    platformIds.push(platformShopId);
  }
  return { ids, platformIds };
}

async function steady() {
  const { servers, served } = await startInstances();
  const db = servers[0]?.db;
  if (!db) throw new Error('no server');
  try {
    const prepared = performance.now();
    const shops = await authorisedShops(servers[0] as RunningServer);
    console.log(`prepared ${SHOPS} shops in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
    const [last] = await db.query<{ id: number }>('SELECT COALESCE(max(id), 0)::int AS id FROM orders');
    // Every row after the orders there before: ids are not committed in order (instances and shops
    // store at once), so a high-water mark would miss a row committed late with a lower id.
    const baseline = last?.id ?? 0;
    const seen = new Set<string>();
    const placedAt = new Map<string, number>();
    const lags: number[] = [];

    const callsBefore = callsByInstance.slice();
    const began = Date.now();
    await db.query('UPDATE shops SET sync_due_at = NULL WHERE id = ANY($1::int[])', [shops.ids]);
    for (const server of servers) server.jobs.wake('shop-sync');

    // Each shop gets an order a minute, at its own second of the minute.
    const placing = setInterval(() => {
      const second = Math.floor((Date.now() - began) / 1000);
      for (let i = second % 60; i < SHOPS; i += 60) {
        const order = sandbox.placeOrder(shops.platformIds[i] as string);
        placedAt.set(order.orderNo, Date.now());
      }
    }, 1_000);
    const placeUntil = began + MINUTES * 60_000;
    const drainUntil = placeUntil + DRAIN_MINUTES * 60_000;
    let stopped = false;
    for (;;) {
      await sleep(1_000);
      const rows = await db.query<{ platform_order_no: string }>(
        "SELECT platform_order_no FROM orders WHERE id > $1 AND source = 'sync'",
        [baseline],
      );
      const now = Date.now();
      for (const row of rows) {
        if (seen.has(row.platform_order_no)) continue;
        seen.add(row.platform_order_no);
        const at = placedAt.get(row.platform_order_no);
        if (at !== undefined) lags.push(now - at);
      }
      if (!stopped && now >= placeUntil) {
        clearInterval(placing);
        stopped = true;
      }
      if (stopped && (lags.length >= placedAt.size || now >= drainUntil)) break;
    }
    const elapsedMin = (Date.now() - began) / 60_000;
    const sorted = lags.sort((a, b) => a - b);
    const { calls: listCalls, twice } = platform.listCalls();
    console.log(
      JSON.stringify({
        mode: 'steady',
        storage: DATABASE_URL ? 'postgres' : 'pglite',
        instances: INSTANCES,
        shops: SHOPS,
        concurrencyPerInstance: CONCURRENCY,
        placingMinutes: MINUTES,
        elapsedMinutes: Number(elapsedMin.toFixed(1)),
        ordersPlaced: placedAt.size,
        ordersStored: lags.length,
        lagSeconds: {
          p50: Number(((percentile(sorted, 50) ?? 0) / 1000).toFixed(1)),
          p99: Number(((percentile(sorted, 99) ?? 0) / 1000).toFixed(1)),
          max: Number(((sorted.at(-1) ?? 0) / 1000).toFixed(1)),
        },
        listCalls,
        listCallsPerShopPerMinute: Number((listCalls / SHOPS / elapsedMin).toFixed(2)),
        windowsFetchedTwice: twice.length,
        twiceExamples: twice.slice(0, 3).map(([key, n]) => `${key} ×${n}`),
        callsByInstance: callsByInstance.slice(0, INSTANCES).map((n, i) => n - (callsBefore[i] ?? 0)),
        failedRunsOrLeasesLost: warnings,
        loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      }),
    );
  } finally {
    for (const server of servers) await server.close();
    for (const s of served) await s.close();
  }
}

async function outage() {
  const { servers, served } = await startInstances();
  const db = servers[0]?.db;
  if (!db) throw new Error('no server');
  try {
    const prepared = performance.now();
    const shops = await authorisedShops(servers[0] as RunningServer);
    const nowS = Math.floor(Date.now() / 1000);
    // WRITEBACKS orders waiting on the platform, shipped in Consign: one writeback each, queued.
    const orderNos: string[] = [];
    for (let n = 0; n < WRITEBACKS; n++) {
      const i = n % SHOPS;
      const placed = sandbox.placeOrder(shops.platformIds[i] as string);
      orderNos.push(placed.orderNo);
    }
    for (let from = 0; from < WRITEBACKS; from += 1_000) {
      const slice = orderNos.slice(from, from + 1_000);
      await db.query(
        `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
           receiver_mobile, receiver_address, created_at, updated_at, account_id, source, platform_order_no)
         SELECT 'BW' || lpad((u.n - 1 + $3::int)::text, 12, '0'), ($4::int[])[1 + ((u.n - 1 + $3::int) % $5::int)],
           '[]'::jsonb, '压测商品', 1000, 'shipped', '张*', '张*', '138****0000', '浙江省杭州市****', $1, $1, 1,
           'sync', u.no
         FROM unnest($2::text[]) WITH ORDINALITY AS u(no, n)`,
        [nowS, slice, from, shops.ids, SHOPS],
      );
    }
    await db.query(
      `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
         tracking_no, status, next_attempt_at, created_at, updated_at)
       SELECT o.account_id, o.id, o.shop_id, 'pinduoduo', o.platform_order_no, 'SF',
         'SF' || lpad(o.id::text, 13, '0'), 'pending', ${DB_NOW_MS} + 4000000000000, $1, $1
       FROM orders o WHERE o.order_no LIKE 'BW%'`,
      [nowS],
    );
    console.log(
      `prepared ${SHOPS} shops and ${WRITEBACKS} writebacks in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
    );

    // The platform goes down, and every writeback falls due at once.
    platform.outageUntil = Date.now() + OUTAGE_SECONDS * 1000;
    const began = Date.now();
    await db.query(
      `UPDATE order_writebacks SET next_attempt_at = ${DB_NOW_MS} WHERE platform_order_no = ANY($1::text[])`,
      [orderNos],
    );
    for (const server of servers) server.jobs.wake('writeback');
    let landedAt = 0;
    let lastReport = 0;
    let atRecovery: Record<string, unknown> | null = null;
    for (;;) {
      await sleep(1_000);
      if (atRecovery === null && Date.now() >= platform.outageUntil) {
        // What the writebacks not landed yet wait for as the platform comes back.
        const [waits] = await db.query<Record<string, number | null>>(
          `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
             count(*) FILTER (WHERE status = 'sending')::int AS sending,
             round(percentile_cont(0.5) WITHIN GROUP (ORDER BY next_attempt_at - ${DB_NOW_MS})
               FILTER (WHERE status = 'pending') / 1000.0) AS "waitP50s",
             round(max(next_attempt_at - ${DB_NOW_MS}) FILTER (WHERE status = 'pending') / 1000.0) AS "waitMaxS",
             count(*) FILTER (WHERE status = 'pending' AND next_attempt_at - ${DB_NOW_MS} > 60000)::int AS "waitOver60s",
             round(avg(attempts), 1)::float AS "attemptsAvg", max(attempts)::int AS "attemptsMax"
           FROM order_writebacks WHERE platform_order_no = ANY($1::text[])`,
          [orderNos],
        );
        atRecovery = waits ?? {};
        console.log(`platform back: ${JSON.stringify(atRecovery)}`);
      }
      const [row] = await db.query<{ done: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM order_writebacks WHERE platform_order_no = ANY($1::text[])`,
        [orderNos],
      );
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.log(
          `${Math.round((Date.now() - began) / 1000)} s: ${row?.done} landed, ${row?.failed} failed`,
        );
      }
      if ((row?.done ?? 0) + (row?.failed ?? 0) >= WRITEBACKS) {
        landedAt = Date.now();
        break;
      }
    }
    const [summary] = await db.query<{ done: number; failed: number; attempts: number }>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done,
         count(*) FILTER (WHERE status = 'failed')::int AS failed, sum(attempts)::int AS attempts
       FROM order_writebacks WHERE platform_order_no = ANY($1::text[])`,
      [orderNos],
    );
    const shipped = orderNos.filter((no) => sandbox.orders.get(no)?.shipment).length;
    const counts = orderNos.map((no) => shipCalls.get(no) ?? 0);
    console.log(
      JSON.stringify({
        mode: 'outage',
        storage: DATABASE_URL ? 'postgres' : 'pglite',
        instances: INSTANCES,
        shops: SHOPS,
        writebacks: WRITEBACKS,
        concurrencyPerInstance: CONCURRENCY,
        outageSeconds: OUTAGE_SECONDS,
        secondsUntilAllLanded: Number(((landedAt - began) / 1000).toFixed(1)),
        secondsAfterOutage: Number(((landedAt - platform.outageUntil) / 1000).toFixed(1)),
        atRecovery,
        succeeded: summary?.done,
        failed: summary?.failed,
        attempts: summary?.attempts,
        shippedOnPlatform: shipped,
        shipCallsReachingPlatform: counts.reduce((a, b) => a + b, 0),
        ordersShipCalledOnce: counts.filter((n) => n === 1).length,
        ordersShipCalledTwiceOrMore: counts.filter((n) => n > 1).length,
        callsByInstance: callsByInstance.slice(0, INSTANCES),
        loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      }),
    );
  } finally {
    for (const server of servers) await server.close();
    for (const s of served) await s.close();
  }
}

if (MODE === 'steady') await steady();
else if (MODE === 'outage') await outage();
else throw new Error(`BENCH_MODE=${MODE} is not steady or outage`);
process.exit(0);

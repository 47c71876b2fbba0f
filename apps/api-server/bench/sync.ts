/**
 * The shop sync bench: `pnpm --filter @consign/api-server bench:sync` (PGlite in memory), or with
 * `DATABASE_URL=postgres://.../empty_db` (or `node scripts/with-postgres.mjs`, which sets
 * `TEST_DATABASE_URL`) on Postgres.
 *
 * BENCH_SHOPS (1,000) 拼多多 sandbox shops, each with BENCH_ORDERS_PER_SHOP (100) orders changed in the
 * last hour, authorised the way a seller does it (a code exchanged for tokens, stored sealed), then the
 * first sync of all of them by BENCH_INSTANCES (1) servers on one database (two or more need Postgres),
 * each running BENCH_CONCURRENCY shops at once (default 8): the time until every shop has synced (a
 * failed run retried after its backoff), the platform calls (per instance), the failed runs, every
 * window fetched more than once (the same shop, window and page: a shop synced twice), and the peak RSS
 * of the process. One process holds the servers, the database (PGlite) and the sandbox served on
 * loopback, so the RSS is theirs together.
 */
import { loadavg } from 'node:os';
import { PDD_SANDBOX_APP } from '@consign/platform-sandboxes';
import { storeShopTokens } from '../src/db/shop-tokens';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { BenchPlatform, startInstances } from './pdd-instances';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 1_000);
const PER_SHOP = Number(process.env.BENCH_ORDERS_PER_SHOP ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const DATABASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function main() {
  const platform = new BenchPlatform();
  const { sandbox } = platform;
  let failures = 0;
  const { servers, served } = await startInstances(platform, {
    instances: INSTANCES,
    databaseUrl: DATABASE_URL,
    onLog: (line, isError) => {
      if (line.includes('"shop sync failed"')) failures += 1;
      else (isError ? process.stderr : process.stdout).write(`${line}\n`);
    },
    shopSync: { concurrency: CONCURRENCY, pollMs: 200 },
    writebackJobs: false,
  });
  const db = servers[0]?.db;
  if (!db) throw new Error('no server');
  const box = new SecretBox(DEV_DATA_KEY);
  const authorising = await platform.served(INSTANCES);
  const connector = platform.connector(authorising);
  try {
    // The shops on the platform, their orders over the last hour, and their authorisation.
    const nowS = Math.floor(Date.now() / 1000);
    const prepared = performance.now();
    const shopIds: number[] = [];
    for (let i = 0; i < SHOPS; i++) {
      const platformShopId = String(800_000 + i);
      sandbox.shops.push({ shopId: platformShopId, shopName: `压测店铺${i}` });
      for (let j = 0; j < PER_SHOP; j++) {
        sandbox.placeOrder(platformShopId, { createdAt: nowS - 3600 + Math.floor((3300 * j) / PER_SHOP) });
      }
      const code = sandbox.issueCode(PDD_SANDBOX_APP.clientId, platformShopId, 'http://127.0.0.1/back');
      const auth = await connector.exchangeCode(code);
      platform.tokenShop.set(auth.accessToken, platformShopId);
      // Not due until all are ready, so the timing starts with every shop in place.
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id,
           sync_due_at)
         VALUES ($1, 'pinduoduo', 'authorized', $2, $3, 1, $4, 4000000000) RETURNING id`,
        [auth.shopName, auth.expiresAt, nowS, auth.shopId],
      );
      if (!row) throw new Error('no shop');
      await storeShopTokens(db, box, row.id, auth);
      shopIds.push(row.id);
    }
    console.log(
      `prepared ${SHOPS} shops × ${PER_SHOP} orders in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
    );

    const callsBefore = platform.callsByInstance.slice();
    let peak = rssMb();
    const rssBefore = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 100);
    const began = performance.now();
    await db.query('UPDATE shops SET sync_due_at = NULL WHERE id = ANY($1::int[])', [shopIds]);
    for (const server of servers) server.jobs.wake('shop-sync');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Every shop synced (a failed run is retried after its backoff, as in production).
      const [row] = await db.query<{ done: number }>(
        `SELECT count(*)::int AS done FROM shops
         WHERE id = ANY($1::int[]) AND sync_succeeded_at IS NOT NULL AND sync_lease_token IS NULL`,
        [shopIds],
      );
      if ((row?.done ?? 0) >= SHOPS) break;
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    const [orders] = await db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (shop_id, platform_order_no))::int AS distinct
       FROM orders WHERE source = 'sync' AND shop_id = ANY($1::int[])`,
      [shopIds],
    );
    const byInstance = platform.callsByInstance.slice(0, INSTANCES).map((n, i) => n - (callsBefore[i] ?? 0));
    const { calls: listCalls, twice } = platform.listCalls();
    console.log(
      JSON.stringify({
        storage: DATABASE_URL ? 'postgres' : 'pglite',
        instances: INSTANCES,
        shops: SHOPS,
        ordersPlaced: SHOPS * PER_SHOP,
        ordersStored: orders?.n,
        ordersDistinct: orders?.distinct,
        concurrencyPerInstance: CONCURRENCY,
        seconds: Number(seconds.toFixed(1)),
        shopsPerSecond: Number((SHOPS / seconds).toFixed(1)),
        platformCalls: byInstance.reduce((a, b) => a + b, 0),
        callsByInstance: byInstance,
        listCalls,
        windowsFetchedTwice: twice.length,
        twiceExamples: twice.slice(0, 3).map(([key, n]) => `${key} ×${n}`),
        failedRuns: failures,
        rssBeforeMb: Math.round(rssBefore),
        peakRssMb: Math.round(peak),
        loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      }),
    );
  } finally {
    for (const server of servers) await server.close();
    for (const s of served) await s.close();
    await authorising.close();
  }
}

await main();
process.exit(0);

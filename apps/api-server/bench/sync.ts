/**
 * The shop sync bench: `pnpm --filter @consign/api-server bench:sync` (PGlite in memory), or with
 * `DATABASE_URL=postgres://.../empty_db` on Postgres.
 *
 * BENCH_SHOPS (1,000) 拼多多 sandbox shops, each with BENCH_ORDERS_PER_SHOP (100) orders changed in the
 * last hour, authorised the way a seller does it (a code exchanged for tokens, stored sealed), then the
 * first sync of all of them by the server's job runner (BENCH_CONCURRENCY shops at once, default 8):
 * the time until every shop has synced (a failed run retried after its backoff), the platform calls,
 * the failed runs, and the peak RSS of the process. One
 * process holds the server, its database (PGlite) and the sandbox served on loopback, so the RSS is
 * theirs together.
 */
import { loadavg } from 'node:os';
import { storeShopTokens } from '../src/db/shop-tokens';
import { PddConnector } from '../src/platforms/pdd';
import { PDD_SANDBOX_APP, PddSandbox } from '../src/platforms/sandbox';
import { serveSandbox } from '../src/platforms/sandbox/core';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { startServer } from '../src/server';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 1_000);
const PER_SHOP = Number(process.env.BENCH_ORDERS_PER_SHOP ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DATABASE_URL = process.env.DATABASE_URL;

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function main() {
  const sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0, rateLimit: 1_000_000 });
  let calls = 0;
  const served = await serveSandbox({
    fetch: (request: Request) => {
      calls += 1;
      return sandbox.fetch(request);
    },
  });
  const connector = new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });
  let failures = 0;
  const server = await startServer({
    port: 0,
    logWrite: (line, isError) => {
      if (line.includes('"shop sync failed"')) failures += 1;
      else (isError ? process.stderr : process.stdout).write(`${line}\n`);
    },
    dataDir: DATABASE_URL ? undefined : 'memory://',
    databaseUrl: DATABASE_URL,
    staticDir: null,
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    platformConnector: async (platform) => (platform === 'pinduoduo' ? connector : null),
    shopSync: { concurrency: CONCURRENCY, pollMs: 200 },
  });
  const db = server.db;
  const box = new SecretBox(DEV_DATA_KEY);
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

    const callsBefore = calls;
    let peak = rssMb();
    const rssBefore = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 100);
    const began = performance.now();
    await db.query('UPDATE shops SET sync_due_at = NULL WHERE id = ANY($1::int[])', [shopIds]);
    server.jobs.wake('shop-sync');
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
    const [orders] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE source = 'sync'",
    );
    const platformCalls = calls - callsBefore;
    console.log(
      JSON.stringify({
        storage: DATABASE_URL ? 'postgres' : 'pglite',
        shops: SHOPS,
        ordersStored: orders?.n,
        concurrency: CONCURRENCY,
        seconds: Number(seconds.toFixed(1)),
        shopsPerSecond: Number((SHOPS / seconds).toFixed(1)),
        platformCalls,
        failedRuns: failures,
        rssBeforeMb: Math.round(rssBefore),
        peakRssMb: Math.round(peak),
        loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      }),
    );
  } finally {
    await server.close();
    await served.close();
  }
}

await main();

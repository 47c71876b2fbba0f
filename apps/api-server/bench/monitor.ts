/**
 * The 货源监控 bench: `pnpm --filter @consign/api-server bench:monitor` (PGlite in memory), or on
 * Postgres with `DATABASE_URL=postgres://.../empty_db` (or `node scripts/with-postgres.mjs`, which sets
 * `TEST_DATABASE_URL`).
 *
 * One process holds the server (`startServer`, the `monitor` job kind with its production concurrency),
 * its database, the 1688 sandbox and the 拼多多 sandbox served on loopback, each call to them counted.
 * BENCH_ACCOUNTS (2) seller accounts, each with a 拼多多 shop (the sandbox's 900001 and 900002) and its
 * 1688 buyer account connected, have BENCH_LISTINGS (500) 已发布 listings of BENCH_SKUS (10) SKUs each:
 * 10,000 monitored SKUs. Two listings of an account share one 1688 offer (the same goods copied twice),
 * so an account follows 250 offers.
 *
 * Time is simulated BENCH_SPEED (5) times faster: every duration of the rules is divided by it (the
 * look's interval 5 min -> 60 s, the offer cache's 5 min -> 60 s, the `offer_read` budget's window
 * 60 s -> 12 s with its 120 calls, the lease 2 min -> 24 s), so 10 minutes of the product are 120 s here
 * and the calls per simulated minute are the product's.
 *
 * 1. First round: every listing due at once; until each was looked at (its SKUs bound with
 *    `pdd.goods.detail.get`): the time, 1688 reads and 拼多多 calls.
 * 2. Every offer changes at once (spec 1's price +5 %, within 允许采购价上浮; spec 2's stock to 77):
 *    the time until every listing on the 拼多多 sandbox shows both (the markup rule's price, the stock),
 *    which must be within 10 simulated minutes; the 1688 reads in that time against the budget.
 *
 * The load average of the machine is printed beside each figure: other sessions share the 2 cores.
 */
import { loadavg } from 'node:os';
import { markedUpPrice } from '@consign/api-client/contract';
import { SANDBOX_APPS } from '@consign/platform-sandboxes';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox, type SandboxOffer } from '@consign/platform-sandboxes/alibaba';
import { serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { registerSandboxApps } from '../src/db/platform-apps';
import { MONITOR_RULES } from '../src/jobs/monitor';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { PLATFORM_BUDGETS } from '../src/platforms/budgets';
import { OFFER_READ_RULES } from '../src/platforms/offer-reads';
import { PddConnector } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { startServer } from '../src/server';
import { connectSupplier } from '../test/purchase-helpers';
import { signInBySms } from '../test/server-process';
import { authorisedShop } from '../test/writeback-helpers';

const ACCOUNTS = Math.min(2, Number(process.env.BENCH_ACCOUNTS ?? 2));
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 500);
const SKUS = Number(process.env.BENCH_SKUS ?? 10);
const SPEED = Number(process.env.BENCH_SPEED ?? 5);
const DATABASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const SECRET = 'bench-secret';
const MARKUP = 30;
/** 10 minutes of the product, simulated. */
const TEN_MINUTES_MS = 600_000 / SPEED;

const load = () => loadavg().map((n) => Number(n.toFixed(1)));
const since = (began: number) => Number(((performance.now() - began) / 1000).toFixed(1));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const alibaba = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], rateLimit: 1_000_000 });
  const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0, rateLimit: 1_000_000 });
  const counted = (count: Map<string, number>, key: string) => count.set(key, (count.get(key) ?? 0) + 1);
  const alibabaCalls = new Map<string, number>();
  const pddCalls = new Map<string, number>();
  const alibabaServed = await serveSandbox({
    fetch: (request: Request) => {
      const match = /^\/param2\/1\/([^/]+)\/([^/]+)\//.exec(new URL(request.url).pathname);
      counted(alibabaCalls, match ? `${match[1]}:${match[2]}` : 'other');
      return alibaba.fetch(request);
    },
  });
  const pddServed = await serveSandbox({
    fetch: async (request: Request) => {
      const body = await request.text();
      counted(pddCalls, new URLSearchParams(body).get('type') ?? 'other');
      return pdd.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body }));
    },
  });
  const connector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(pddServed.url),
  });
  const snapshot = (calls: Map<string, number>) => new Map(calls);
  const callsSince = (calls: Map<string, number>, before: Map<string, number>) =>
    Object.fromEntries(
      [...calls].map(([api, n]) => [api, n - (before.get(api) ?? 0)]).filter(([, n]) => Number(n) > 0),
    ) as Record<string, number>;

  const window = PLATFORM_BUDGETS.offer_read.windowSeconds / SPEED;
  const server = await startServer({
    port: 0,
    secret: SECRET,
    dataDir: DATABASE_URL ? undefined : 'memory://',
    databaseUrl: DATABASE_URL,
    staticDir: null,
    logLevel: 'warn',
    logWrite: (line, isError) => (isError ? process.stderr : process.stdout).write(`${line}\n`),
    copyWorker: false,
    exportWorker: false,
    writebackJobs: false,
    purchaseJobs: false,
    publishJobs: false,
    shopSync: false,
    authExpirySweep: false,
    pddMessages: false,
    platformConnector: async (platform) => (platform === 'pinduoduo' ? connector : null),
    platforms: {
      pdd: PddSandbox.endpoints(pddServed.url),
      doudian: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
      alibaba: AlibabaSandbox.endpoints(alibabaServed.url),
    },
    offerReads: { ttlSeconds: OFFER_READ_RULES.ttlSeconds / SPEED },
    budgets: { offer_read: { windowSeconds: window } },
    monitorJobs: {
      intervalMs: MONITOR_RULES.intervalMs / SPEED,
      leaseMs: 120_000 / SPEED,
      idlePollMs: 200,
    },
  });
  const { db } = server;
  try {
    const prepared = performance.now();
    const nowS = Math.floor(Date.now() / 1000);
    await db.transaction((tx) => registerSandboxApps(tx, new SecretBox(DEV_DATA_KEY), SANDBOX_APPS));
    const offersPerAccount = Math.ceil(LISTINGS / 2);
    const specIdOf = (offer: number, sku: number) => `bench${String(offer).padStart(8, '0')}${sku}`;
    /** Every bench offer: 10 specs of ¥18.50 + 10 分 × the spec, 100 in stock. */
    const offerIds: string[] = [];
    for (let o = 0; o < offersPerAccount * ACCOUNTS; o++) {
      const offerId = String(620_000_000_000 + o);
      offerIds.push(offerId);
      const offer: SandboxOffer = {
        offerId,
        subject: `监控压测货源 ${o}`,
        images: ['img/ibank/O1CN01sandbox0001.jpg'],
        status: 'published',
        specs: Array.from({ length: SKUS }, (_, s) => ({
          specId: specIdOf(o, s),
          skuId: String(900_000_000 + o * SKUS + s),
          attributes: [{ name: '颜色', value: `色${s}` }],
          priceFen: 1850 + 10 * s,
          stock: 100,
        })),
        priceFen: 1850,
        stock: 100 * SKUS,
        priceVersion: 1,
      };
      alibaba.offers.set(offerId, offer);
    }

    for (let a = 0; a < ACCOUNTS; a++) {
      const mobile = `1377000000${a}`;
      await signInBySms(server.url, { mobile, secret: SECRET });
      const [user] = await db.query<{ account_id: number }>(
        'SELECT account_id FROM users WHERE mobile = $1',
        [mobile],
      );
      const accountId = user?.account_id ?? 0;
      await connectSupplier(db, alibaba, AlibabaSandbox.endpoints(alibabaServed.url), { accountId, nowS });
      const platformShopId = a === 0 ? '900001' : '900002';
      const shopId = await authorisedShop(db, connector, pdd, {
        accountId,
        clientId: PDD_SANDBOX_APP.clientId,
        platformShopId,
        now: nowS,
      });
      for (let l = 0; l < LISTINGS; l++) {
        const o = a * offersPerAccount + Math.floor(l / 2);
        const offerId = offerIds[o] ?? '';
        const [goods] = await db.query<{ id: number }>(
          `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
           VALUES ($1, $2, 2405, 100, 'on_sale', '[]', $3, $4, $5) RETURNING id`,
          [
            shopId,
            `监控压测商品 ${a}-${l}`,
            `https://detail.1688.com/offer/${offerId}.html`,
            nowS,
            accountId,
          ],
        );
        const goodsId = goods?.id ?? 0;
        const platformGoodsId = String(610_000_000 + a * 100_000 + l);
        const skus = Array.from({ length: SKUS }, (_, s) => {
          const cost = 1850 + 10 * s;
          const price = markedUpPrice(cost, MARKUP, 'none');
          return { s, cost, price, outer: `B${a}-${l}-${s}` };
        });
        await db.query(
          `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, outer_sku_id,
             supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price)
           SELECT $1, $2, s.pos, '色' || s.pos, s.price, 100, s.code, $3, s.spec, 1, s.cost
           FROM unnest($4::int[], $5::bigint[], $6::text[], $7::text[], $8::bigint[])
             AS s(pos, price, code, spec, cost)`,
          [
            goodsId,
            accountId,
            offerId,
            skus.map((k) => k.s),
            skus.map((k) => k.price),
            skus.map((k) => k.outer),
            skus.map((k) => specIdOf(o, k.s)),
            skus.map((k) => k.cost),
          ],
        );
        // Published (on the sandbox too), due only when the round starts.
        await db.query(
          `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, platform_goods_id, created_at,
             updated_at, monitor_next_at)
           VALUES ($1, $2, $3, 'published', $4, $5, $5, 9000000000000)`,
          [accountId, goodsId, shopId, platformGoodsId, nowS],
        );
        pdd.publishing.goods.set(platformGoodsId, {
          goodsId: platformGoodsId,
          commitId: String(880_000_000 + a * 100_000 + l),
          shopId: platformShopId,
          name: `监控压测商品 ${a}-${l}`,
          catId: 9813,
          outGoodsId: '',
          skus: skus.map((k) => ({
            skuId: String(700_000_000 + (a * 100_000 + l) * SKUS + k.s),
            outSkuSn: k.outer,
            specIds: [],
            specName: `规格${k.s}`,
            price: Math.ceil(k.price * 1.1),
            multiPrice: k.price,
            quantity: 100,
          })),
          onSale: true,
          submittedAt: 0,
          rejection: null,
        });
      }
    }
    const total = ACCOUNTS * LISTINGS;
    console.log(
      `prepared ${ACCOUNTS} accounts × ${LISTINGS} listings × ${SKUS} SKUs = ${total * SKUS} monitored SKUs, ` +
        `${offerIds.length} offers, in ${since(prepared)} s (${DATABASE_URL ? 'postgres' : 'pglite'}); ` +
        `time ${SPEED}× faster: 10 min = ${TEN_MINUTES_MS / 1000} s`,
    );
    const budget = PLATFORM_BUDGETS.offer_read.calls;

    // 1. The first round.
    {
      const a = snapshot(alibabaCalls);
      const p = snapshot(pddCalls);
      const began = performance.now();
      await db.query("UPDATE goods_listings SET monitor_next_at = 0 WHERE status = 'published'");
      for (;;) {
        const [row] = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM goods_listings WHERE monitor_looked_at IS NOT NULL',
        );
        if ((row?.n ?? 0) >= total) break;
        if (performance.now() - began > 4 * TEN_MINUTES_MS) throw new Error(`only ${row?.n} looked at`);
        await pause(500);
      }
      const seconds = since(began);
      const reads = callsSince(alibabaCalls, a)[ALIBABA_APIS.productInfo] ?? 0;
      console.log(
        JSON.stringify({
          phase: 'first round (binds each listing’s SKUs)',
          skus: total * SKUS,
          seconds,
          simulatedMinutes: Number(((seconds * SPEED) / 60).toFixed(1)),
          reads1688: reads,
          pdd: callsSince(pddCalls, p),
          load: load(),
        }),
      );
    }

    // 2. Every offer changes at once: every listing follows within 10 simulated minutes.
    {
      const a = snapshot(alibabaCalls);
      const p = snapshot(pddCalls);
      for (const [o, offerId] of offerIds.entries()) {
        alibaba.changeOffer(offerId, { specId: specIdOf(o, 0), priceFen: Math.round(1850 * 1.05) });
        alibaba.changeOffer(offerId, { specId: specIdOf(o, 1), stock: 77 });
      }
      const began = performance.now();
      const price = markedUpPrice(Math.round(1850 * 1.05), MARKUP, 'none');
      let lastLate = 0;
      for (;;) {
        const late = [...pdd.publishing.goods.values()].filter(
          (g) => g.skus[0]?.multiPrice !== price || g.skus[1]?.quantity !== 77,
        ).length;
        lastLate = late;
        if (late === 0) break;
        if (performance.now() - began > 2 * TEN_MINUTES_MS) break;
        await pause(250);
      }
      const seconds = since(began);
      const reads = callsSince(alibabaCalls, a)[ALIBABA_APIS.productInfo] ?? 0;
      const minutes = (seconds * SPEED) / 60;
      console.log(
        JSON.stringify({
          phase: 'every offer changed (price +5 % on spec 1, stock 77 on spec 2)',
          listingsFollowed: total - lastLate,
          of: total,
          seconds,
          simulatedMinutes: Number(minutes.toFixed(1)),
          withinTenMinutes: lastLate === 0 && seconds * 1000 <= TEN_MINUTES_MS,
          reads1688: reads,
          reads1688PerSimulatedMinute: Number((reads / Math.max(minutes, 1)).toFixed(1)),
          budgetPerAccountPerMinute: budget,
          pdd: callsSince(pddCalls, p),
          load: load(),
        }),
      );
      if (lastLate > 0) throw new Error(`${lastLate} listings did not follow`);
    }
  } finally {
    await server.close();
    await alibabaServed.close();
    await pddServed.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * The 货源监控 bench: `pnpm --filter @consign/api-server bench:monitor` (PGlite in memory, one
 * instance), or on Postgres with `DATABASE_URL=postgres://.../empty_db` (or `node scripts/with-postgres.mjs`,
 * which sets `TEST_DATABASE_URL`), then BENCH_INSTANCES (2) servers share the database.
 *
 * This process holds the servers (`startServer`, the `monitor` job kind with its production concurrency
 * each), the 1688 sandbox and the 拼多多 sandbox, each served on a loopback port of its own per instance
 * (one sandbox behind them), each call counted by instance and by listing.
 * BENCH_ACCOUNTS (2) seller accounts, each with a 拼多多 shop (the sandbox's 900001 and 900002) and its
 * own 1688 buyer account connected, have BENCH_LISTINGS (500) 已发布 listings of BENCH_SKUS (10) SKUs
 * each: 10,000 monitored SKUs. Two listings of an account share one 1688 offer (the same goods copied
 * twice), so an account follows 250 offers.
 *
 * Time is simulated BENCH_SPEED (5) times faster: every duration of the rules is divided by it (the
 * look's interval 5 min -> 60 s, the offer cache's 5 min -> 60 s, the `offer_read` budget's window
 * 60 s -> 12 s with its 120 calls, the lease 2 min -> 24 s), so 10 minutes of the product are 120 s here
 * and the calls per simulated minute are the product's.
 *
 * 1. First round: every listing due at once; until each was looked at (its SKUs bound with
 *    `pdd.goods.detail.get`): the time, 1688 reads and 拼多多 calls; a listing bound twice (two looks of
 *    it at once) is counted.
 * 2. Every offer changes at once (spec 1's price +5 %, within 允许采购价上浮; spec 2's stock to 77):
 *    per listing, the time from the change to the last of its two updates reaching the 拼多多 sandbox
 *    (the worst must be within 10 simulated minutes); each listing must get exactly one
 *    `pdd.goods.sku.price.update` and one `pdd.goods.quantity.update` (more is a change applied twice);
 *    the 1688 reads per simulated minute app-wide, and each account's busiest budget window, against
 *    the budget.
 *
 * The load average of the machine is printed beside each figure: other sessions share the 2 cores.
 */
import { markedUpPrice } from '@consign/api-client/contract';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox, type SandboxOffer } from '@consign/platform-sandboxes/alibaba';
import type { ServedSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { MONITOR_RULES } from '../src/jobs/monitor';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { PLATFORM_BUDGETS } from '../src/platforms/budgets';
import { OFFER_READ_RULES } from '../src/platforms/offer-reads';
import { PddConnector } from '../src/platforms/pdd';
import type { RunningServer } from '../src/server';
import {
  benchSeller,
  busiest,
  connectBenchSeller,
  DATABASE_URL,
  load,
  pause,
  STORAGE,
  sandboxPlatforms,
  serveSeen,
  since,
  startBenchServer,
} from './bench-kit';

const ACCOUNTS = Math.min(2, Number(process.env.BENCH_ACCOUNTS ?? 2));
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 500);
const SKUS = Number(process.env.BENCH_SKUS ?? 10);
const SPEED = Number(process.env.BENCH_SPEED ?? 5);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? (DATABASE_URL ? 2 : 1));
const MARKUP = 30;
/** 10 minutes of the product, simulated. */
const TEN_MINUTES_MS = 600_000 / SPEED;
/** The `offer_read` budget's window, simulated. */
const BUDGET_WINDOW_S = PLATFORM_BUDGETS.offer_read.windowSeconds / SPEED;
const PRICE_UPDATE = 'pdd.goods.sku.price.update';
const QUANTITY_UPDATE = 'pdd.goods.quantity.update';
const DETAIL = 'pdd.goods.detail.get';

/**
 * The most of `times` (ms) in one window of the `offer_read` budget as `RateLimiter` keeps it: a
 * window of `windowS` whole seconds opens at the first time after the last window ended.
 */
function mostInFixedWindow(times: number[], windowS: number): number {
  let most = 0;
  let endsAtS = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const t of [...times].sort((a, b) => a - b)) {
    const s = Math.floor(t / 1000);
    if (s >= endsAtS) {
      endsAtS = s + windowS;
      count = 0;
    }
    count += 1;
    most = Math.max(most, count);
  }
  return most;
}

/** What reached the sandboxes: calls by API and by instance; per 拼多多 listing, its calls by method. */
class Seen {
  readonly alibaba = new Map<string, number>();
  readonly pdd = new Map<string, number>();
  readonly byInstance: { alibaba: number; pdd: number }[] = [];
  /** Platform goods id -> method -> the times (ms) it was called. */
  readonly listings = new Map<string, Map<string, number[]>>();
  /** 1688 offer reads (`productInfo`) by access token (one per account): the times (ms). */
  readonly reads = new Map<string, number[]>();

  static count(counts: Map<string, number>, key: string) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  instance(i: number) {
    this.byInstance[i] ??= { alibaba: 0, pdd: 0 };
    return this.byInstance[i];
  }

  sawAlibaba(i: number, request: Request, body: string) {
    const url = new URL(request.url);
    const match = /^\/param2\/1\/([^/]+)\/([^/]+)\//.exec(url.pathname);
    const api = match ? `${match[1]}:${match[2]}` : 'other';
    Seen.count(this.alibaba, api);
    this.instance(i).alibaba += 1;
    if (api === ALIBABA_APIS.productInfo) {
      const token =
        new URLSearchParams(body).get('access_token') ?? url.searchParams.get('access_token') ?? '';
      this.reads.set(token, [...(this.reads.get(token) ?? []), Date.now()]);
    }
  }

  sawPdd(i: number, body: string) {
    const params = new URLSearchParams(body);
    const method = params.get('type') ?? 'other';
    Seen.count(this.pdd, method);
    this.instance(i).pdd += 1;
    const goodsId = params.get('goods_id');
    if (!goodsId) return;
    const calls = this.listings.get(goodsId) ?? new Map<string, number[]>();
    calls.set(method, [...(calls.get(method) ?? []), Date.now()]);
    this.listings.set(goodsId, calls);
  }

  snapshot() {
    return {
      alibaba: new Map(this.alibaba),
      pdd: new Map(this.pdd),
      byInstance: this.byInstance.map((c) => ({ ...c })),
    };
  }

  since(before: ReturnType<Seen['snapshot']>) {
    const diff = (now: Map<string, number>, then: Map<string, number>) =>
      Object.fromEntries(
        [...now].map(([k, n]) => [k, n - (then.get(k) ?? 0)]).filter(([, n]) => Number(n) > 0),
      ) as Record<string, number>;
    return {
      alibaba: diff(this.alibaba, before.alibaba),
      pdd: diff(this.pdd, before.pdd),
      byInstance: this.byInstance.map((c, i) => ({
        alibaba: c.alibaba - (before.byInstance[i]?.alibaba ?? 0),
        pdd: c.pdd - (before.byInstance[i]?.pdd ?? 0),
      })),
    };
  }

  /** The calls of `method` each listing got at or after `fromMs`: listing -> times. */
  callsOf(method: string, fromMs: number): Map<string, number[]> {
    return new Map(
      [...this.listings].map(([id, calls]) => [id, (calls.get(method) ?? []).filter((t) => t >= fromMs)]),
    );
  }
}

async function main() {
  if (INSTANCES > 1 && !DATABASE_URL) throw new Error('two instances need Postgres (DATABASE_URL)');
  const alibaba = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], rateLimit: 1_000_000 });
  const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0, rateLimit: 1_000_000 });
  const seen = new Seen();
  const served: ServedSandbox[] = [];
  const servers: RunningServer[] = [];
  try {
    // One after the other: the first migrates and seeds an empty database.
    for (let i = 0; i < INSTANCES; i++) {
      const alibabaServed = await serveSeen(alibaba, (request, body) => {
        seen.sawAlibaba(i, request, body);
      });
      const pddServed = await serveSeen(pdd, (_request, body) => {
        seen.sawPdd(i, body);
      });
      served.push(alibabaServed, pddServed);
      const connector = new PddConnector({
        app: PDD_SANDBOX_APP,
        endpoints: PddSandbox.endpoints(pddServed.url),
      });
      servers.push(
        await startBenchServer({
          writebackJobs: false,
          purchaseJobs: false,
          publishJobs: false,
          shopSync: false,
          pddMessages: false,
          platformConnector: async (platform) => (platform === 'pinduoduo' ? connector : null),
          platforms: sandboxPlatforms(pddServed.url, AlibabaSandbox.endpoints(alibabaServed.url)),
          offerReads: { ttlSeconds: OFFER_READ_RULES.ttlSeconds / SPEED },
          budgets: { offer_read: { windowSeconds: BUDGET_WINDOW_S } },
          monitorJobs: {
            intervalMs: MONITOR_RULES.intervalMs / SPEED,
            leaseMs: 120_000 / SPEED,
            idlePollMs: 200,
          },
        }),
      );
    }
    await bench(servers, served, alibaba, pdd, seen);
  } finally {
    for (const server of servers) await server.close();
    for (const s of served) await s.close();
  }
}

async function bench(
  servers: RunningServer[],
  served: ServedSandbox[],
  alibaba: AlibabaSandbox,
  pdd: PddSandbox,
  seen: Seen,
) {
  const [server] = servers;
  const [alibabaServed, pddServed] = served;
  if (!server || !alibabaServed || !pddServed) throw new Error('no server');
  const { db } = server;
  const total = ACCOUNTS * LISTINGS;
  const offersPerAccount = Math.ceil(LISTINGS / 2);
  const specIdOf = (offer: number, sku: number) => `bench${String(offer).padStart(8, '0')}${sku}`;
  /** Every bench offer: 10 specs of ¥18.50 + 10 分 × the spec, 100 in stock. */
  const offerIds: string[] = [];
  {
    const prepared = performance.now();
    const nowS = Math.floor(Date.now() / 1000);
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
      const { accountId } = await benchSeller(server, `1377000000${a}`);
      const platformShopId = a === 0 ? '900001' : '900002';
      const [shopId] = await connectBenchSeller(db, {
        accountId,
        alibaba: { sandbox: alibaba, endpoints: AlibabaSandbox.endpoints(alibabaServed.url) },
        pdd: { sandbox: pdd, endpoints: PddSandbox.endpoints(pddServed.url) },
        platformShopIds: [platformShopId],
        nowS,
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
    console.log(
      `prepared ${ACCOUNTS} accounts × ${LISTINGS} listings × ${SKUS} SKUs = ${total * SKUS} monitored SKUs, ` +
        `${offerIds.length} offers, in ${since(prepared)} s (${STORAGE}, ${servers.length} instance(s)); ` +
        `time ${SPEED}× faster: 10 min = ${TEN_MINUTES_MS / 1000} s`,
    );
  }
  const budget = PLATFORM_BUDGETS.offer_read.calls;
  /** Listings that got `method` more than once since `fromMs`. */
  const twice = (method: string, fromMs: number) =>
    [...seen.callsOf(method, fromMs).values()].filter((times) => times.length > 1).length;

  // 1. The first round.
  {
    const before = seen.snapshot();
    const fromMs = Date.now();
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
    const calls = seen.since(before);
    const boundTwice = twice(DETAIL, fromMs);
    console.log(
      JSON.stringify({
        phase: 'first round (binds each listing’s SKUs)',
        storage: STORAGE,
        instances: servers.length,
        skus: total * SKUS,
        seconds,
        simulatedMinutes: Number(((seconds * SPEED) / 60).toFixed(1)),
        reads1688: calls.alibaba[ALIBABA_APIS.productInfo] ?? 0,
        pdd: calls.pdd,
        callsByInstance: calls.byInstance,
        boundTwice,
        load: load(),
      }),
    );
    if (boundTwice > 0) throw new Error(`${boundTwice} listings bound twice (looks overlapped)`);
  }

  // 2. Every offer changes at once: every listing follows within 10 simulated minutes, each change once.
  {
    const before = seen.snapshot();
    const changedAt = Date.now();
    for (const [o, offerId] of offerIds.entries()) {
      alibaba.changeOffer(offerId, { specId: specIdOf(o, 0), priceFen: Math.round(1850 * 1.05) });
      alibaba.changeOffer(offerId, { specId: specIdOf(o, 1), stock: 77 });
    }
    const began = performance.now();
    const price = markedUpPrice(Math.round(1850 * 1.05), MARKUP, 'none');
    const lateCount = () =>
      [...pdd.publishing.goods.values()].filter(
        (g) => g.skus[0]?.multiPrice !== price || g.skus[1]?.quantity !== 77,
      ).length;
    let late = lateCount();
    while (late > 0 && performance.now() - began <= 2 * TEN_MINUTES_MS) {
      await pause(250);
      late = lateCount();
    }
    // One more look interval: a look that applied a change again would show now.
    if (late === 0) await pause(MONITOR_RULES.intervalMs / SPEED);
    const seconds = since(began);
    const calls = seen.since(before);
    const prices = seen.callsOf(PRICE_UPDATE, changedAt);
    const quantities = seen.callsOf(QUANTITY_UPDATE, changedAt);
    /** Per listing, from the change to the last of its two updates (the first of each kind). */
    const lags = [...pdd.publishing.goods.keys()].map((id) => {
      const p = prices.get(id)?.[0];
      const q = quantities.get(id)?.[0];
      return p === undefined || q === undefined ? Number.POSITIVE_INFINITY : Math.max(p, q) - changedAt;
    });
    const worstMs = Math.max(...lags);
    const followedMs = Math.max(...lags.filter(Number.isFinite), 0);
    // The 1688 reads until the last listing followed (the watch goes on one interval more).
    const reads = [...seen.reads.values()]
      .flat()
      .filter((t) => t >= changedAt && t <= changedAt + followedMs).length;
    const minutes = (followedMs * SPEED) / 60_000;
    const readsOf = (times: number[]) => times.filter((t) => t >= changedAt);
    // Each account's reads in the budget's own windows (replayed: a window opens at the first read
    // after the last one ended), and in any sliding window (fixed windows allow up to twice the budget).
    const budgetWindows = [...seen.reads.values()].map((times) =>
      mostInFixedWindow(readsOf(times), BUDGET_WINDOW_S),
    );
    const slidingWindows = [...seen.reads.values()].map((times) =>
      busiest(readsOf(times), BUDGET_WINDOW_S * 1000),
    );
    const appliedTwice = {
      price: twice(PRICE_UPDATE, changedAt),
      quantity: twice(QUANTITY_UPDATE, changedAt),
    };
    console.log(
      JSON.stringify({
        phase: 'every offer changed (price +5 % on spec 1, stock 77 on spec 2)',
        storage: STORAGE,
        instances: servers.length,
        listingsFollowed: lags.filter(Number.isFinite).length,
        of: total,
        worstChangeToListingSeconds: Number.isFinite(worstMs) ? Number((worstMs / 1000).toFixed(1)) : null,
        worstSimulatedMinutes: Number(minutes.toFixed(1)),
        withinTenMinutes: Number.isFinite(worstMs) && worstMs <= TEN_MINUTES_MS,
        appliedTwice,
        reads1688: reads,
        reads1688PerSimulatedMinute: Number((reads / Math.max(minutes, 1)).toFixed(1)),
        budgetPerMinuteAppWide: budget * ACCOUNTS,
        readsInBusiestBudgetWindowPerAccount: budgetWindows,
        readsInBusiestSlidingWindowPerAccount: slidingWindows,
        budgetPerAccountPerWindow: budget,
        watchedSeconds: seconds,
        pdd: calls.pdd,
        callsByInstance: calls.byInstance,
        load: load(),
      }),
    );
    const problems = [
      late > 0 && `${late} listings did not follow`,
      appliedTwice.price + appliedTwice.quantity > 0 &&
        `changes applied twice: ${appliedTwice.price} prices, ${appliedTwice.quantity} stocks`,
      budgetWindows.some((n) => n > budget) && `an account read 1688 past its budget: ${budgetWindows}`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

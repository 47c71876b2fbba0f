/**
 * The 铺货 bench: `pnpm --filter @consign/api-server bench:publish` (PGlite in memory), or on Postgres
 * with `DATABASE_URL=postgres://.../empty_db` (or `node scripts/with-postgres.mjs`, which sets
 * `TEST_DATABASE_URL`).
 *
 * One process holds the server (`startServer`, the production `publish` job: its concurrency, lease,
 * backoff and 60 s review poll; only its image reads answer a local PNG), its
 * database, and the 1688 and 拼多多 sandboxes served on loopback. The demo account's 1688 buyer account
 * is connected, two 拼多多 sandbox shops (900001, 900002) are authorised the way a seller does it, and
 * BENCH_GOODS (1,000) goods are stored as 商品复制 leaves them: 90 % copies of the sandbox's T恤 offer
 * (three SKUs linked to its specs), 10 % copies of its 保温杯 offer (no specs).
 *
 * 铺货 of every goods to both shops through `/api/goods/publish` (50 goods a call, as the page sends
 * them: the T恤 into 拼多多 category 9813, the 保温杯 into 9901; a call refused 429 because the account
 * holds 500 unfinished listings is sent again a second later, as the seller would), timed until no listing is 发布中, then
 * the reviews finished (`finishReviews`, every listing 审核中 made due at once) and timed until every
 * added listing is 已发布. Expected: each
 * T恤 listed on both shops; each 保温杯 refused on 900001 for the required property 容量 its offer lacks
 * (the category template the sandbox answers says it is required) and on 900002 by the sandbox (the shop
 * may not publish in 家居生活). It fails loudly on a (goods, shop) listed more than once (our rows, and
 * the sandbox's own goods counted by `out_goods_id`), a listing neither published nor failed, a failure
 * that is not one of the two expected reasons, and any second in which a shop received more
 * `pdd.goods.add` calls than 拼多多 documents (20 a second per shop; 2000 per 10 s for the app), or any
 * `70031` (调用过于频繁) the sandbox answered.
 *
 * The load average of the machine is printed beside each figure: other sessions share the 2 cores.
 */
import { createApiClient } from '@consign/api-client';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { PDD_ERRORS } from '@consign/platform-sandboxes/protocol';
import { PUBLISH_FAILURES } from '../src/jobs/publish';
import { CUP, TEE } from '../test/purchase-helpers';
import {
  BENCH_SECRET,
  benchSeller,
  busiest,
  connectBenchSeller,
  load,
  pause,
  STORAGE,
  sandboxPlatforms,
  serveSeen,
  since,
  startBenchServer,
} from './bench-kit';

const GOODS = Number(process.env.BENCH_GOODS ?? 1_000);
const ACCOUNT = 1;
/** The demo account's own shop: the goods' shop (铺货 targets the two sandbox shops). */
const HOME_SHOP = 1;
/** 拼多多's documented limits of `pdd.goods.add` (its API page, 限流规则). */
const ADD_PER_SHOP_PER_SECOND = 20;
const ADD_PER_APP_PER_10S = 2000;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 30 * 60_000);
/** A 1×1 PNG: what the job's image reads answer (the goods' images are on 1688's CDN). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function main() {
  const alibaba = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], rateLimit: 1_000_000 });
  // The app's documented limit of pdd.goods.add, applied by the sandbox to every method (70031 past it).
  const pdd = new PddSandbox({
    apps: [PDD_SANDBOX_APP],
    seedOrders: 0,
    rateLimit: ADD_PER_APP_PER_10S,
    rateLimitWindowSeconds: 10,
  });
  // Nothing is reviewed until phase 2 says so.
  pdd.publishing.reviewMs = 24 * 3_600_000;
  /** Every 拼多多 call: its method, and the ms it reached the sandbox. */
  const pddCalls: { method: string; atMs: number }[] = [];
  const alibabaServed = await serveSandbox(alibaba);
  const pddServed = await serveSeen(pdd, (_request, body) => {
    pddCalls.push({ method: new URLSearchParams(body).get('type') ?? '', atMs: Date.now() });
  });
  const pddEndpoints = PddSandbox.endpoints(pddServed.url);
  const server = await startBenchServer({
    writebackJobs: false,
    purchaseJobs: false,
    shopSync: false,
    pddMessages: false,
    platforms: sandboxPlatforms(pddServed.url, AlibabaSandbox.endpoints(alibabaServed.url)),
    // Production timings (the review looked at every 60 s); the images read locally.
    publishJobs: { fetchImage: async () => ({ bytes: PNG, type: 'image/png' }) },
  });
  const { db } = server;
  try {
    const prepared = performance.now();
    const nowS = Math.floor(Date.now() / 1000);
    const platformShopIds = ['900001', '900002'];
    const ids = await connectBenchSeller(db, {
      accountId: ACCOUNT,
      alibaba: { sandbox: alibaba, endpoints: AlibabaSandbox.endpoints(alibabaServed.url) },
      pdd: { sandbox: pdd, endpoints: pddEndpoints },
      platformShopIds,
      nowS,
    });
    const shops = ids.map((id, i) => ({ id, platformShopId: platformShopIds[i] ?? '' }));
    const offer = (id: string) => `https://detail.1688.com/offer/${id}.html`;
    const teeImages = JSON.stringify([
      'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg',
      'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0002.jpg',
    ]);
    const cupImages = JSON.stringify(['https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0003.jpg']);
    const tees: number[] = [];
    const cups: number[] = [];
    for (let i = 0; i < GOODS; i++) {
      const isCup = i % 10 === 9;
      const [goods] = await db.query<{ id: number }>(
        `INSERT INTO goods (shop_id, account_id, title, price, stock, status, images, source_url, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $8) RETURNING id`,
        isCup
          ? [
              HOME_SHOP,
              ACCOUNT,
              `不锈钢保温杯 500ml 商务款 ${i}`,
              2990,
              50,
              cupImages,
              offer(CUP.offerId),
              nowS,
            ]
          : [
              HOME_SHOP,
              ACCOUNT,
              `纯棉宽松短袖T恤 男女同款 ${i}`,
              2490,
              200,
              teeImages,
              offer(TEE.offerId),
              nowS,
            ],
      );
      const goodsId = goods?.id ?? 0;
      const skus = isCup
        ? [{ spec: '', specId: null, price: 2990 }]
        : [1, 2, 3].map((n) => ({
            spec: ['白色,L', '白色,XL', '藏青,XL'][n - 1] ?? '',
            specId: `b7f1c0de${String(n).padStart(24, '0')}`,
            price: n === 3 ? 2690 : 2490,
          }));
      for (const [position, sku] of skus.entries()) {
        await db.query(
          `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, outer_sku_id,
             supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price)
           VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, 1, $9)`,
          [
            goodsId,
            ACCOUNT,
            position,
            sku.spec,
            sku.price,
            `B${goodsId}-${position}`,
            isCup ? CUP.offerId : TEE.offerId,
            sku.specId,
            isCup ? CUP.priceFen : TEE.priceFen,
          ],
        );
      }
      (isCup ? cups : tees).push(goodsId);
    }
    const { token } = await benchSeller(server);
    const api = createApiClient({
      baseURL: server.url,
      secret: BENCH_SECRET,
      getToken: () => token,
      timeout: 600_000,
    });
    console.log(`prepared ${GOODS} goods in ${since(prepared)} s (${STORAGE})`);

    const shopIds = shops.map((s) => s.id);
    const allIds = [...tees, ...cups];
    const count = async (statuses: string[]) => {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM goods_listings WHERE goods_id = ANY($1::int[]) AND status = ANY($2::text[])',
        [allIds, statuses],
      );
      return row?.n ?? 0;
    };
    const waitUntil = async (label: string, done: () => Promise<boolean>) => {
      const began = performance.now();
      let said = began;
      while (!(await done())) {
        if (performance.now() - began > DEADLINE_MS)
          throw new Error(`${label}: not done after ${since(began)} s`);
        if (performance.now() - said > 30_000) {
          said = performance.now();
          const states = await db.query<{ status: string; n: number }>(
            'SELECT status, count(*)::int AS n FROM goods_listings WHERE goods_id = ANY($1::int[]) GROUP BY 1',
            [allIds],
          );
          console.log(`${label} ${since(began)} s: ${states.map((r) => `${r.status} ${r.n}`).join(', ')}`);
        }
        await pause(250);
      }
    };

    // 1. 铺货: every goods to both shops.
    const loadBefore = load();
    const began = performance.now();
    let created = 0;
    let refusedCalls = 0;
    for (const [group, catId] of [
      [tees, '9813'],
      [cups, '9901'],
    ] as const) {
      for (let i = 0; i < group.length; i += 50) {
        // An account holds at most 500 unfinished listings (429 past it): the seller submits again later.
        for (;;) {
          try {
            const answer = await api.call('/api/goods/publish', {
              goods_ids: group.slice(i, i + 50),
              shop_ids: shopIds,
              cat_id: catId,
            });
            created += answer.created;
            break;
          } catch (error) {
            if ((error as { status?: number }).status !== 429) throw error;
            refusedCalls++;
            await pause(1_000);
          }
        }
      }
    }
    const publishCalls = since(began);
    const listings = allIds.length * shopIds.length;
    if (created !== listings) throw new Error(`created ${created} listings of ${listings}`);
    await waitUntil('publish', async () => (await count(['queued', 'publishing'])) === 0);
    const publishSeconds = since(began);
    const loadAfterPublish = load();

    // 2. The platform's review: finished at once, then the job's review poll sees it.
    const addTimes = new Map<string, number[]>();
    for (const goods of pdd.publishing.goods.values()) {
      addTimes.set(goods.shopId, [...(addTimes.get(goods.shopId) ?? []), goods.submittedAt]);
    }
    const reviewBegan = performance.now();
    pdd.publishing.finishReviews();
    // Every listing 审核中 due now (not in up to 60 s), the kind woken.
    await db.query(
      "UPDATE goods_listings SET next_attempt_at = 0 WHERE status = 'reviewing' AND goods_id = ANY($1::int[])",
      [allIds],
    );
    server.jobs.wake('publish');
    await waitUntil('review', async () => (await count(['reviewing', 'checking'])) === 0);
    const reviewSeconds = since(reviewBegan);

    // Exactly once: one row per (goods, shop), one sandbox goods per published listing and none else.
    const rows = await db.query<{
      id: number;
      goods_id: number;
      shop_id: number;
      status: string;
      reason: string | null;
    }>('SELECT id, goods_id, shop_id, status, reason FROM goods_listings WHERE goods_id = ANY($1::int[])', [
      allIds,
    ]);
    const pairs = new Set(rows.map((r) => `${r.goods_id}/${r.shop_id}`));
    const onPlatform = new Map<string, number>();
    for (const goods of pdd.publishing.goods.values()) {
      onPlatform.set(goods.outGoodsId, (onPlatform.get(goods.outGoodsId) ?? 0) + 1);
    }
    const twice = [...onPlatform.values()].filter((n) => n > 1).length;
    const published = rows.filter((r) => r.status === 'published');
    const notOnPlatform = published.filter((r) => onPlatform.get(`consign-${r.id}`) !== 1).length;
    const failedOnPlatform = rows.filter(
      (r) => r.status === 'failed' && onPlatform.has(`consign-${r.id}`),
    ).length;
    const undecided = rows.filter((r) => r.status !== 'published' && r.status !== 'failed').length;
    const reasons: Record<string, number> = {};
    for (const r of rows.filter((row) => row.status === 'failed')) {
      const shop = shops.find((s) => s.id === r.shop_id)?.platformShopId ?? '?';
      const key = `${shop}: ${r.reason}`;
      reasons[key] = (reasons[key] ?? 0) + 1;
    }
    const expectedReasons = new Set([
      `900001: ${PUBLISH_FAILURES.property('容量')}`,
      ...Object.keys(reasons).filter(
        (k) => k.startsWith('900002: ') && k.includes('类目不存在或店铺无该类目发布权限'),
      ),
    ]);
    const unexpected = Object.keys(reasons).filter((k) => !expectedReasons.has(k));
    const perShop = shops.map((s) => ({
      shop: s.platformShopId,
      listed: pdd.publishing.goodsOf(s.platformShopId).length,
      published: published.filter((r) => r.shop_id === s.id).length,
      'most adds in 1 s': busiest(addTimes.get(s.platformShopId) ?? [], 1_000),
    }));
    const adds = pddCalls.filter((c) => c.method === 'pdd.goods.add').map((c) => c.atMs);
    const mostAddsIn10s = busiest(adds, 10_000);
    const throttled = pdd.calls.filter((c) => c.error === String(PDD_ERRORS.tooFrequent)).length;
    const byMethod: Record<string, number> = {};
    for (const c of pddCalls) byMethod[c.method] = (byMethod[c.method] ?? 0) + 1;

    const result = {
      db: STORAGE,
      goods: allIds.length,
      listings,
      'publish calls s': publishCalls,
      'calls refused 429 (500 unfinished)': refusedCalls,
      'until none 发布中 s': publishSeconds,
      'listings/s': Number((listings / publishSeconds).toFixed(1)),
      'review s': reviewSeconds,
      published: published.length,
      failed: rows.filter((r) => r.status === 'failed').length,
      'pairs with a row': pairs.size,
      'listed twice': twice,
      'published, not once on the platform': notOnPlatform,
      'failed, yet on the platform': failedOnPlatform,
      undecided,
      'most adds in 10 s (app)': mostAddsIn10s,
      '70031 answered': throttled,
      loadBefore: loadBefore.join(' '),
      loadAfterPublish: loadAfterPublish.join(' '),
      loadAfter: load().join(' '),
    };
    console.log(`\n铺货 of ${allIds.length} goods to 2 拼多多 sandbox shops (${result.db})`);
    console.table([result]);
    console.table(perShop);
    console.log('failures by shop and reason:', reasons);
    console.log('拼多多 calls by method:', byMethod);
    const problems = [
      pairs.size !== listings && `${pairs.size} (goods, shop) pairs have a row, of ${listings}`,
      twice > 0 && `${twice} goods listed twice on the platform`,
      notOnPlatform > 0 && `${notOnPlatform} published listings not exactly once on the platform`,
      failedOnPlatform > 0 && `${failedOnPlatform} failed listings are on the platform`,
      undecided > 0 && `${undecided} listings neither published nor failed`,
      unexpected.length > 0 && `unexpected failures: ${unexpected.join('; ')}`,
      published.length !== tees.length * shopIds.length &&
        `${published.length} published, expected ${tees.length * shopIds.length}`,
      perShop.some((s) => s['most adds in 1 s'] > ADD_PER_SHOP_PER_SECOND) &&
        `a shop got more than ${ADD_PER_SHOP_PER_SECOND} pdd.goods.add in a second`,
      mostAddsIn10s > ADD_PER_APP_PER_10S &&
        `the app sent more than ${ADD_PER_APP_PER_10S} pdd.goods.add in 10 s`,
      throttled > 0 && `${throttled} calls answered 70031`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  } finally {
    await server.close();
    await alibabaServed.close();
    await pddServed.close();
  }
}

await main();
process.exit(0);

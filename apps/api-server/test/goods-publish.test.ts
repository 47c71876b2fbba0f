import type { CopyRecord, Listing } from '@consign/api-client';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from '@consign/platform-sandboxes/doudian';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/db/notifications';
import { storePlatformOrders } from '../src/db/platform-order';
import { DOUDIAN_PUBLISH_FAILURES, PUBLISH_FAILURES } from '../src/jobs/publish';
import type { PlatformConnector } from '../src/platforms/connector';
import { DoudianConnector } from '../src/platforms/doudian';
import { PddConnector } from '../src/platforms/pdd';
import { ADMIN, startTestServer, TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { copied, link, listingOnce, type Seller } from './publish-helpers';
import { authorisedShop } from './writeback-helpers';

/**
 * 铺货 through the real server, its database, the 1688 sandbox (the copied offer's category,
 * attributes and stock) and the 拼多多 sandbox (strict about categories, properties, uploaded images,
 * spec ids and prices), each on a loopback port: a copied goods is published to a shop and reviewed
 * (已发布 with the platform's goods id); a missing required property fails with its name and
 * 重新发布 after filling it works; an add whose answer is lost, or a process that died after the add,
 * never lists the goods twice. The same for a 抖店 shop through the 抖店 sandbox (strict about the shop's
 * leaf categories, property values, images in its 素材中心, specs and prices in 分; 19-digit product ids).
 */

const clock = new TestClock();
const alibaba = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], now: clock.now });
const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, seedOrders: 0, rateLimit: 100_000 });
/** The goods' images are on 1688's CDN: the job reads them through this (a 1×1 PNG). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** How the 拼多多 gateway answers pdd.goods.add: normally, or the answer lost after the add was made. */
let addAnswer: 'ok' | 'lost' = 'ok';
/** The same for pdd.goods.information.update (重新发布's edit). */
let editAnswer: 'ok' | 'lost' = 'ok';
const doudian = new DoudianSandbox({
  apps: [DOUDIAN_SANDBOX_APP],
  now: clock.now,
  seedOrders: 0,
  rateLimit: 100_000,
});
/** How the 抖店 gateway answers /product/addV2: normally, lost after the add, or rate-limited once (nothing added). */
let doudianAddAnswer: 'ok' | 'lost' | 'limited' = 'ok';
let t: TestServer;
let alibabaServed: ServedSandbox;
let pddServed: ServedSandbox;
let doudianServed: ServedSandbox;
let connector: PddConnector;
let doudianConnector: DoudianConnector;
let mobiles = 13712800000;

const T_SHIRT = '610000000001';
const CUP = '610000000002';

async function newSeller(
  platformShopId: string,
  platform: 'pinduoduo' | 'douyin' = 'pinduoduo',
): Promise<Seller> {
  const mobile = String(mobiles++);
  const token = await t.login(mobile);
  const api = t.client(() => token);
  const [user] = await t.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [mobile],
  );
  const accountId = user?.account_id ?? 0;
  const { url } = await api.call('/api/supplier/authorise');
  const back = await decideOnAuthorisationPage(url, { shopId: 'b2b-2206600001' });
  await api.call('/api/supplier/authorise-callback', {
    state: back.searchParams.get('state') ?? '',
    code: back.searchParams.get('code') ?? '',
  });
  const douyin = platform === 'douyin';
  const shopConnector: PlatformConnector = douyin ? doudianConnector : connector;
  const shopId = await authorisedShop(t.server.db, shopConnector, douyin ? doudian : pdd, {
    accountId,
    clientId: douyin ? DOUDIAN_SANDBOX_APP.clientId : PDD_SANDBOX_APP.clientId,
    platformShopId,
    now: Math.floor(clock.now() / 1000),
  });
  return { token, api, accountId, shopId };
}

const addCalls = () => pdd.callsOf('pdd.goods.add').filter((call) => call.error === null).length;
const doudianAdds = () => doudian.callsOf('product.addV2').filter((call) => call.error === null).length;

beforeAll(async () => {
  alibabaServed = await serveSandbox(alibaba);
  pddServed = await serveSandbox({
    fetch: async (request) => {
      const body = await request.clone().text();
      const answer = await pdd.fetch(
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.method === 'POST' ? body : undefined,
        }),
      );
      const type = new URLSearchParams(body).get('type');
      if (
        (addAnswer === 'lost' && type === 'pdd.goods.add') ||
        (editAnswer === 'lost' && type === 'pdd.goods.information.update')
      ) {
        return new Response('upstream connect error', { status: 502 });
      }
      return answer;
    },
  });
  connector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(pddServed.url),
    now: clock.now,
  });
  pdd.publishing.reviewMs = 3_600_000;
  doudianServed = await serveSandbox({
    fetch: async (request) => {
      const adding = new URL(request.url).pathname === '/product/addV2';
      if (adding && doudianAddAnswer === 'limited') {
        doudianAddAnswer = 'ok';
        return Response.json({
          code: 60000,
          msg: '触发限流，请稍后重试',
          sub_code: 'isv.flow-limited',
          sub_msg: '接口调用频率超过限制',
          data: null,
        });
      }
      const answer = await doudian.fetch(request);
      if (adding && doudianAddAnswer === 'lost')
        return new Response('upstream connect error', { status: 502 });
      return answer;
    },
  });
  doudianConnector = new DoudianConnector({
    app: DOUDIAN_SANDBOX_APP,
    endpoints: DoudianSandbox.endpoints(doudianServed.url),
    now: clock.now,
  });
  doudian.publishing.reviewMs = 3_600_000;
  t = await startTestServer({
    clock,
    exportWorker: false,
    copyWorker: { idlePollMs: 50 },
    shopSync: false,
    writebackJobs: false,
    purchaseJobs: false,
    platformConnector: async (platform) =>
      platform === 'pinduoduo' ? connector : platform === 'douyin' ? doudianConnector : null,
    publishJobs: {
      idlePollMs: 50,
      reviewPollMs: 50,
      fetchImage: async (url) => {
        expect(url).toMatch(/^https:\/\/cbu01\.alicdn\.com\//);
        return { bytes: PNG, type: 'image/png' };
      },
    },
    platforms: {
      pdd: PddSandbox.endpoints(pddServed.url),
      doudian: DoudianSandbox.endpoints(doudianServed.url),
      alibaba: AlibabaSandbox.endpoints(alibabaServed.url),
    },
  });
  const admin = t.client(await t.login(ADMIN).then((token) => () => token));
  const platform = await admin.call('/api/company/platform-save', {
    name: '1688',
    code: 'alibaba',
    enabled: true,
  });
  await admin.call('/api/company/platform-auth-save', {
    platform_id: platform.id,
    shop_name: '1688 开放平台应用',
    app_key: ALIBABA_SANDBOX_APP.clientId,
    app_secret: ALIBABA_SANDBOX_APP.clientSecret,
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await alibabaServed?.close();
  await pddServed?.close();
  await doudianServed?.close();
});

describe('铺货 to a 拼多多 shop', () => {
  let seller: Seller;
  const onShop = () => pdd.publishing.goodsOf('900001');

  it('publishes a copied goods end to end: 审核中, then 已发布 with the platform goods id; the category and its name are remembered', async () => {
    seller = await newSeller('900001');
    const goodsId = await copied(seller, T_SHIRT);
    // The shop's categories to choose from (the authorised top level).
    expect(await seller.api.call('/api/goods/publish-cats', { shop_id: seller.shopId })).toEqual([
      { cat_id: '239', name: '男装', leaf: false },
      { cat_id: '1917', name: '家居生活', leaf: false },
    ]);
    const started = await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '9813',
      cat_name: '男装 > T恤',
    });
    expect(started).toEqual({ created: 1, existing: 0 });
    const reviewing = await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    expect([reviewing.status, reviewing.reason]).toEqual(['reviewing', null]);
    expect([reviewing.cat_id, reviewing.cat_name]).toEqual(['9813', '男装 > T恤']);

    pdd.publishing.finishReviews();
    const published = await listingOnce(seller, goodsId, ['published', 'failed']);
    const [onPlatform, ...more] = onShop();
    expect(more).toEqual([]);
    expect(published).toMatchObject({
      status: 'published',
      platform_goods_id: onPlatform?.goodsId,
      link: `https://mobile.yangkeduo.com/goods.html?goods_id=${onPlatform?.goodsId}`,
      reason: null,
    });
    // The seller's prices (拼单价, 分) and the supplier's stock per spec; 单买价 above.
    const detail = await seller.api.call('/api/goods/detail', { id: goodsId });
    expect(onPlatform?.skus.map((s) => [s.multiPrice, s.quantity])).toEqual(
      detail.skus.map((s) => [s.price, s.stock]),
    );
    expect(onPlatform?.skus.every((s) => s.price > s.multiPrice)).toBe(true);
    // Publishing the same pair again lists nothing new.
    expect(
      await seller.api.call('/api/goods/publish', { goods_ids: [goodsId], shop_ids: [seller.shopId] }),
    ).toEqual({ created: 0, existing: 1 });

    // A second goods of the same 1688 category goes to the remembered category without a choice; its
    // listing answers the category used, by name.
    const again = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', { goods_ids: [again], shop_ids: [seller.shopId] });
    const remembered = await listingOnce(seller, again, ['reviewing', 'failed']);
    expect([remembered.status, remembered.cat_id, remembered.cat_name]).toEqual([
      'reviewing',
      '9813',
      '男装 > T恤',
    ]);
    expect(onShop().map((g) => g.catId)).toEqual([9813, 9813]);
    // 复制记录 answers the copied goods' title and picture, and each listing's category name.
    const { list } = await seller.api.call('/api/copy/index', { pageIndex: 1, pageSize: 1 });
    const detail2 = await seller.api.call('/api/goods/detail', { id: again });
    expect(list[0]).toMatchObject({
      goods_id: again,
      goods_title: detail2.title,
      goods_image: detail2.images[0],
      listings: [{ cat_id: '9813', cat_name: '男装 > T恤' }],
    });

    // A mapping of before names were kept (no name): the listing shows the id, the next publish fills the name.
    await t.server.db.query('UPDATE listing_category_map SET cat_name = NULL WHERE account_id = $1', [
      seller.accountId,
    ]);
    const old = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', { goods_ids: [old], shop_ids: [seller.shopId] });
    expect((await listingOnce(seller, old, ['reviewing', 'failed'])).cat_name).toBeNull();
    const named = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [named],
      shop_ids: [seller.shopId],
      cat_id: '9813',
      cat_name: '男装 > T恤',
    });
    await listingOnce(seller, named, ['reviewing', 'failed']);
    const [map] = await t.server.db.query<{ cat_name: string | null }>(
      'SELECT cat_name FROM listing_category_map WHERE account_id = $1',
      [seller.accountId],
    );
    expect(map?.cat_name).toBe('男装 > T恤');
  });

  it('商品管理 answers each goods with its listings (shop, state, 货源监控); an unread 货源监控 notification makes it 需处理 until read', async () => {
    const goodsPage = (attention?: 'monitor') =>
      seller.api.call('/api/goods/index', { pageIndex: 1, pageSize: 20, attention });
    const { list, total } = await goodsPage();
    // The goods published so far: one 已发布, the others under review (each with its one listing).
    expect(total).toBe(list.length);
    expect(list.every((g) => g.listings.length === 1)).toBe(true);
    expect(list.map((g) => g.listings.map((l) => [l.shop_id, l.status, l.attention]))).toEqual(
      expect.arrayContaining([[[seller.shopId, 'published', false]], [[seller.shopId, 'reviewing', false]]]),
    );
    const published = list.find((g) => g.listings[0]?.status === 'published');
    const [listing] = published?.listings ?? [];
    expect(listing).toMatchObject({
      shop_id: seller.shopId,
      shop_name: expect.any(String),
      status: 'published',
      attention: false,
    });
    expect(await goodsPage('monitor')).toEqual({ list: [], total: 0 });

    // The monitor tells the seller about the listing (and about another listing, whose id starts alike).
    for (const id of [listing?.id ?? 0, Number(`${listing?.id}0`)]) {
      await notify(t.server.db, {
        accountId: seller.accountId,
        kind: 'listing_monitor',
        key: `listing:${id}:off-sale`,
        title: '货源监控：T恤',
        body: '货源已下架或不存在，商品已下架',
        link: '/shop/goods',
        shopId: seller.shopId,
      });
    }
    const attention = await goodsPage('monitor');
    expect(attention.total).toBe(1);
    expect(attention.list.map((g) => [g.id, g.listings.map((l) => l.attention)])).toEqual([
      [published?.id, [true]],
    ]);
    await seller.api.call('/api/notification/read-all');
    expect(await goodsPage('monitor')).toEqual({ list: [], total: 0 });
  });

  it('an order of the listed goods on the platform is bought as the goods SKU and its 货源, without 关联货源', async () => {
    const goodsId = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '9813',
    });
    await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    pdd.publishing.finishReviews();
    const published = await listingOnce(seller, goodsId, ['published', 'failed']);
    const detail = await seller.api.call('/api/goods/detail', { id: goodsId });
    const index = detail.skus.length > 1 ? 1 : 0;
    const second = detail.skus[index];
    // A buyer orders the listed goods' second SKU; the order sync stores it.
    const placed = pdd.placeOrder('900001', {
      items: [pdd.publishing.orderItemOf(published.platform_goods_id ?? '', index, 2)],
    });
    const auth = await connector.exchangeCode(
      pdd.issueCode(PDD_SANDBOX_APP.clientId, '900001', 'http://127.0.0.1:8080/shop/authorised'),
    );
    const order = await connector.orderDetail(auth.accessToken, placed.orderNo);
    await storePlatformOrders(
      t.server.db,
      { id: seller.shopId, accountId: seller.accountId },
      [order],
      Math.floor(clock.now() / 1000),
    );
    const [row] = await t.server.db.query<{ id: number }>(
      'SELECT id FROM orders WHERE platform_order_no = $1',
      [placed.orderNo],
    );
    const { items } = await seller.api.call('/api/purchase/items', { id: row?.id ?? 0 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 2, goods_title: detail.title, spec: second?.spec });
    expect(items[0]?.sku_id).toEqual(expect.any(Number));
    expect(items[0]?.source?.offer_id).toBe(T_SHIRT);
    expect(items[0]?.source?.spec_id).toBe(second?.source?.spec_id);
  });

  it('商品复制 with shops chosen publishes the copy to each once copied; the dialog reads templates and properties', async () => {
    expect(
      await seller.api.call('/api/goods/publish-options', { shop_id: seller.shopId, cat_id: '9901' }),
    ).toMatchObject({
      templates: [
        { id: '71001', name: '全国包邮' },
        { id: '71002', name: '偏远地区不包邮' },
      ],
      properties: expect.arrayContaining([expect.objectContaining({ name: '容量', required: true })]),
    });
    const before = onShop().length;
    await seller.api.call('/api/copy/create', {
      shop_id: seller.shopId,
      urls: [link(CUP)],
      publish: [{ shop_id: seller.shopId, cat_id: '9901', properties: { 容量: '500ml' } }],
    });
    let record: CopyRecord | undefined;
    for (let i = 0; i < 600 && record?.listings[0]?.status !== 'reviewing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      record = (await seller.api.call('/api/copy/index', { pageIndex: 1, pageSize: 1 })).list[0];
    }
    expect(record).toMatchObject({
      status: 'succeeded',
      publish_shop_ids: [seller.shopId],
      listings: [
        { shop_id: seller.shopId, status: 'reviewing', cat_id: '9901', properties: { 容量: '500ml' } },
      ],
    });
    expect(onShop()).toHaveLength(before + 1);
    // A shop that cannot be published to is refused before anything is queued.
    const other = await t.post(
      '/api/copy/create',
      { shop_id: seller.shopId, urls: [link(CUP)], publish: [{ shop_id: 999_999 }] },
      { token: seller.token },
    );
    expect(other.status).toBe(404);
  });

  it('a missing required property fails with its name; 重新发布 with it filled publishes; a rejected review says why', async () => {
    const cup = await copied(seller, CUP);
    const before = onShop().length;
    await seller.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [seller.shopId],
      cat_id: '9901',
    });
    const failed = await listingOnce(seller, cup, ['failed', 'reviewing']);
    expect([failed.status, failed.reason]).toEqual(['failed', PUBLISH_FAILURES.property('容量')]);
    expect(onShop()).toHaveLength(before);

    await seller.api.call('/api/goods/republish', { id: failed.id, properties: { 容量: '500ml' } });
    expect((await listingOnce(seller, cup, ['reviewing', 'failed'])).status).toBe('reviewing');
    pdd.publishing.finishReviews();
    const published = await listingOnce(seller, cup, ['published', 'failed']);
    expect(published.platform_goods_id).toBe(onShop().at(-1)?.goodsId);
    expect(onShop()).toHaveLength(before + 1);
    // 重新发布 is for a failed listing only.
    const res = await t.post('/api/goods/republish', { id: published.id }, { token: seller.token });
    expect(res.status).toBe(409);

    // The platform's review refuses the next one: 发布失败 with its words.
    pdd.publishing.rejectNextReview('商品主图含有违规文字');
    const second = await copied(seller, CUP);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [second],
      shop_ids: [seller.shopId],
      cat_id: '9901',
      properties: { 容量: '500ml' },
    });
    await listingOnce(seller, second, ['reviewing', 'failed']);
    pdd.publishing.finishReviews();
    const rejected = await listingOnce(seller, second, ['published', 'failed']);
    expect(rejected.reason).toBe(PUBLISH_FAILURES.rejected('商品主图含有违规文字'));
  });

  it('重新发布 of goods the review rejected edits and resubmits the same goods with the new choices; a lost edit never adds', async () => {
    clock.advance(1000); // a new second of the shop's publish budget (the test clock stands still)
    const cup = await copied(seller, CUP);
    pdd.publishing.rejectNextReview('标题含有违规词');
    await seller.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [seller.shopId],
      cat_id: '9901',
      properties: { 容量: '500ml' },
    });
    await listingOnce(seller, cup, ['reviewing', 'failed']);
    pdd.publishing.finishReviews();
    const rejected = await listingOnce(seller, cup, ['published', 'failed']);
    expect(rejected.reason).toBe(PUBLISH_FAILURES.rejected('标题含有违规词'));
    const goodsId = rejected.platform_goods_id ?? '';
    const firstCommit = pdd.publishing.goods.get(goodsId)?.commitId;
    const before = onShop().length;
    const adds = addCalls();

    // The answer of the edit is lost: 结果未知, and nothing is added then or on its own later.
    editAnswer = 'lost';
    try {
      await seller.api.call('/api/goods/republish', { id: rejected.id, properties: { 容量: '750ml' } });
      const unknown = await listingOnce(seller, cup, ['failed', 'reviewing']);
      expect([unknown.status, unknown.reason]).toEqual(['failed', PUBLISH_FAILURES.unknownEdit]);
    } finally {
      editAnswer = 'ok';
    }
    expect([onShop().length, addCalls()]).toEqual([before, adds]);
    pdd.publishing.finishReviews();

    // 重新发布 again: the same goods edited (another freight template) and reviewed again, then 已发布.
    await seller.api.call('/api/goods/republish', { id: rejected.id, cost_template_id: '71002' });
    expect((await listingOnce(seller, cup, ['reviewing', 'failed'])).status).toBe('reviewing');
    const edited = pdd.publishing.goods.get(goodsId);
    expect([edited?.costTemplateId, edited?.commitId === firstCommit]).toEqual(['71002', false]);
    pdd.publishing.finishReviews();
    const published = await listingOnce(seller, cup, ['published', 'failed']);
    expect([published.status, published.platform_goods_id]).toEqual(['published', goodsId]);
    expect([onShop().length, addCalls()]).toEqual([before, adds]);

    // A process that died right after an edit: the lease runs out with the fence set; no add follows.
    clock.advance(1000); // a new second of the shop's publish budget (the test clock stands still)
    const crashed = await copied(seller, CUP);
    await t.server.db.query(
      `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, attempts, lease_until, add_sent_at,
         platform_goods_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'publishing', 1, 0, 1, $4, 1, 1)`,
      [seller.accountId, crashed, seller.shopId, goodsId],
    );
    const taken = await listingOnce(seller, crashed, ['failed', 'reviewing']);
    expect([taken.status, taken.reason]).toEqual(['failed', PUBLISH_FAILURES.unknownEdit]);
    expect([onShop().length, addCalls()]).toEqual([before, adds]);
  });

  it('a category the shop may not use is refused by the platform, in the seller’s words', async () => {
    const other = await newSeller('900002');
    const cup = await copied(other, CUP);
    await other.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [other.shopId],
      cat_id: '9901',
      properties: { 容量: '500ml' },
    });
    const refused = await listingOnce(other, cup, ['failed', 'reviewing']);
    expect(refused.status).toBe('failed');
    expect(refused.reason).toContain('类目不存在或店铺无该类目发布权限');
    expect(pdd.publishing.goodsOf('900002')).toEqual([]);
  });

  it('an add whose answer is lost, or a process that died after the add, never lists twice', async () => {
    const shirt = await copied(seller, T_SHIRT);
    const before = onShop().length;
    addAnswer = 'lost';
    try {
      await seller.api.call('/api/goods/publish', { goods_ids: [shirt], shop_ids: [seller.shopId] });
      const unknown = await listingOnce(seller, shirt, ['failed', 'reviewing']);
      expect([unknown.status, unknown.reason]).toEqual(['failed', PUBLISH_FAILURES.unknown]);
    } finally {
      addAnswer = 'ok';
    }
    // The platform made it once; nothing tried again on its own.
    expect(onShop()).toHaveLength(before + 1);

    // A process that died right after the add: its claim's lease runs out with the fence set.
    const crashed = await copied(seller, T_SHIRT);
    const adds = addCalls();
    await t.server.db.query(
      `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, attempts, lease_until, add_sent_at,
         created_at, updated_at)
       VALUES ($1, $2, $3, 'publishing', 1, 0, 1, 1, 1)`,
      [seller.accountId, crashed, seller.shopId],
    );
    const taken = await listingOnce(seller, crashed, ['failed', 'reviewing']);
    expect([taken.status, taken.reason]).toEqual(['failed', PUBLISH_FAILURES.unknown]);
    expect(addCalls()).toBe(adds);
    expect(onShop()).toHaveLength(before + 1);
  });

  it("keeps within 拼多多's documented pdd.goods.add limit per shop: a shop past its window waits for the next", async () => {
    const shirt = await copied(seller, T_SHIRT);
    const adds = addCalls();
    const nowS = Math.floor(clock.now() / 1000);
    // The shop has spent this second's window (as ten units in it would).
    await t.server.db.query(
      `INSERT INTO rate_limits (key, window_ends_at, hits) VALUES ($1, $2, 10)
       ON CONFLICT (key) DO UPDATE SET window_ends_at = EXCLUDED.window_ends_at, hits = EXCLUDED.hits`,
      [`budget:pdd_publish_shop:${seller.shopId}`, nowS + 1],
    );
    await seller.api.call('/api/goods/publish', { goods_ids: [shirt], shop_ids: [seller.shopId] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = await listingOnce(seller, shirt, ['queued', 'publishing', 'reviewing', 'failed']);
    expect([waiting.status, addCalls()]).toEqual(['queued', adds]);
    clock.advance(1000);
    expect((await listingOnce(seller, shirt, ['reviewing', 'failed'])).status).toBe('reviewing');
    expect(addCalls()).toBe(adds + 1);
  });
});

describe('铺货 to a 抖店 shop', () => {
  let seller: Seller;
  const onShop = () => doudian.publishing.productsOf('77001');

  it('publishes a copied goods end to end: 审核中, then 已发布 with the 19-digit product id; prices in 分', async () => {
    seller = await newSeller('77001', 'douyin');
    const goodsId = await copied(seller, T_SHIRT);
    // The shop's categories (/shop/getShopCategory), the top level and under 服饰内衣.
    expect(await seller.api.call('/api/goods/publish-cats', { shop_id: seller.shopId })).toEqual([
      { cat_id: '20000', name: '服饰内衣', leaf: false },
      { cat_id: '30000', name: '家居日用', leaf: false },
    ]);
    expect(
      await seller.api.call('/api/goods/publish-cats', { shop_id: seller.shopId, parent_cat_id: '20000' }),
    ).toEqual([{ cat_id: '20100', name: 'T恤', leaf: true }]);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '20100',
    });
    const reviewing = await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    expect([reviewing.status, reviewing.reason]).toEqual(['reviewing', null]);

    doudian.publishing.finishReviews();
    const published = await listingOnce(seller, goodsId, ['published', 'failed']);
    const [onPlatform, ...more] = onShop();
    expect(more).toEqual([]);
    expect(onPlatform?.productId).toMatch(/^\d{19}$/);
    expect(published).toMatchObject({
      status: 'published',
      platform_goods_id: onPlatform?.productId,
      link: `https://haohuo.jinritemai.com/views/product/detail?id=${onPlatform?.productId}`,
      reason: null,
    });
    // The offer's 材质 as the category's option; the seller's prices (分) and the supplier's stock.
    expect(onPlatform?.properties['1795']).toEqual([{ value: 5001, name: '纯棉', diy_type: 0 }]);
    const detail = await seller.api.call('/api/goods/detail', { id: goodsId });
    expect(onPlatform?.skus.map((s) => [s.price, s.stock, s.code])).toEqual(
      detail.skus.map((s) => [s.price, s.stock, s.outer_sku_id]),
    );
    // 客服电话: the owner's login mobile while 代发设置's 抖店客服电话 is empty.
    const [owner] = await t.server.db.query<{ mobile: string }>(
      'SELECT u.mobile FROM users u JOIN seller_accounts a ON a.owner_user_id = u.id WHERE a.id = $1',
      [seller.accountId],
    );
    expect(onPlatform?.mobile).toBe(owner?.mobile);
  });

  it('sends 代发设置’s 抖店客服电话 as the product’s 客服电话 (mobile) in /product/addV2', async () => {
    const { version } = await seller.api.call('/api/setting/index');
    await seller.api.call('/api/setting/update', { doudian_service_phone: '0571-88886666', version });
    const goodsId = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '20100',
    });
    const listing = await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    expect([listing.status, listing.reason]).toEqual(['reviewing', null]);
    const added = onShop().find((p) => p.outerProductId === `consign-${listing.id}`);
    expect(added?.mobile).toBe('0571-88886666');
  });

  it('a property missing or not among the options fails naming it; 重新发布 fixed publishes; a rejected review says why', async () => {
    const cup = await copied(seller, CUP);
    const before = onShop().length;
    await seller.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [seller.shopId],
      cat_id: '30100',
    });
    const missing = await listingOnce(seller, cup, ['failed', 'reviewing']);
    expect([missing.status, missing.reason]).toEqual(['failed', DOUDIAN_PUBLISH_FAILURES.property('容量')]);

    await seller.api.call('/api/goods/republish', {
      id: missing.id,
      properties: { 容量: '500ml', 材质: '钛合金' },
    });
    const refused = await listingOnce(seller, cup, ['failed', 'reviewing']);
    expect(refused.reason).toBe(
      DOUDIAN_PUBLISH_FAILURES.propertyValue('材质', ['304不锈钢', '316不锈钢', '玻璃']),
    );
    expect(onShop()).toHaveLength(before);

    await seller.api.call('/api/goods/republish', { id: missing.id, properties: { 容量: '500ml' } });
    expect((await listingOnce(seller, cup, ['reviewing', 'failed'])).status).toBe('reviewing');
    expect(onShop().at(-1)?.properties).toMatchObject({
      '2101': [{ value: 6001, name: '304不锈钢', diy_type: 0 }],
      '2102': [{ value: 0, name: '500ml', diy_type: 0 }],
    });

    doudian.publishing.rejectNextReview('主图含有违规文字');
    const second = await copied(seller, CUP);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [second],
      shop_ids: [seller.shopId],
      cat_id: '30100',
      properties: { 容量: '500ml' },
    });
    await listingOnce(seller, second, ['reviewing', 'failed']);
    doudian.publishing.finishReviews();
    const rejected = await listingOnce(seller, second, ['published', 'failed']);
    expect(rejected.reason).toBe(DOUDIAN_PUBLISH_FAILURES.rejected('主图含有违规文字'));
  });

  it('重新发布 of a product the review rejected edits and resubmits the same product with the new choices', async () => {
    const cup = await copied(seller, CUP);
    doudian.publishing.rejectNextReview('标题含有违规词');
    await seller.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [seller.shopId],
      cat_id: '30100',
      properties: { 容量: '500ml' },
    });
    await listingOnce(seller, cup, ['reviewing', 'failed']);
    doudian.publishing.finishReviews();
    const rejected = await listingOnce(seller, cup, ['published', 'failed']);
    expect(rejected.reason).toBe(DOUDIAN_PUBLISH_FAILURES.rejected('标题含有违规词'));
    const productId = rejected.platform_goods_id ?? '';
    const before = onShop().length;
    const adds = doudianAdds();

    await seller.api.call('/api/goods/republish', {
      id: rejected.id,
      properties: { 容量: '500ml', 材质: '316不锈钢' },
    });
    expect((await listingOnce(seller, cup, ['reviewing', 'failed'])).status).toBe('reviewing');
    expect(doudian.publishing.products.get(productId)?.properties['2101']).toEqual([
      { value: 6002, name: '316不锈钢', diy_type: 0 },
    ]);
    doudian.publishing.finishReviews();
    const published = await listingOnce(seller, cup, ['published', 'failed']);
    expect([published.status, published.platform_goods_id]).toEqual(['published', productId]);
    expect([onShop().length, doudianAdds()]).toEqual([before, adds]);
  });

  it('a category the shop may not use is refused by the platform, in the seller’s words', async () => {
    const other = await newSeller('77002', 'douyin');
    const cup = await copied(other, CUP);
    await other.api.call('/api/goods/publish', {
      goods_ids: [cup],
      shop_ids: [other.shopId],
      cat_id: '30100',
      properties: { 容量: '500ml' },
    });
    const refused = await listingOnce(other, cup, ['failed', 'reviewing']);
    expect(refused.status).toBe('failed');
    expect(refused.reason).toContain('店铺无该类目经营资质');
    expect(doudian.publishing.productsOf('77002')).toEqual([]);
  });

  it('a refused add is tried again and creates one product; a lost answer is never tried again', async () => {
    const shirt = await copied(seller, T_SHIRT);
    const before = onShop().length;
    doudianAddAnswer = 'limited';
    await seller.api.call('/api/goods/publish', {
      goods_ids: [shirt],
      shop_ids: [seller.shopId],
      cat_id: '20100',
    });
    // Back to 发布中 with the platform's words, the fence cleared, due after the backoff.
    let waiting: Listing | undefined;
    for (let i = 0; i < 400 && !waiting?.reason; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const { list } = await seller.api.call('/api/goods/listings', {
        pageIndex: 1,
        pageSize: 1,
        goods_id: shirt,
      });
      waiting = list[0];
    }
    expect([waiting?.status, waiting?.reason]).toEqual(['queued', '抖店接口调用过于频繁，稍后自动重试']);
    expect(onShop()).toHaveLength(before);
    // Due now rather than after the backoff (the queue's clock is the database's).
    await t.server.db.query('UPDATE goods_listings SET next_attempt_at = 0 WHERE id = $1', [waiting?.id]);
    expect((await listingOnce(seller, shirt, ['reviewing', 'failed'])).status).toBe('reviewing');
    expect(onShop()).toHaveLength(before + 1);

    const lost = await copied(seller, T_SHIRT);
    doudianAddAnswer = 'lost';
    try {
      await seller.api.call('/api/goods/publish', {
        goods_ids: [lost],
        shop_ids: [seller.shopId],
        cat_id: '20100',
      });
      const unknown = await listingOnce(seller, lost, ['failed', 'reviewing']);
      expect([unknown.status, unknown.reason]).toEqual(['failed', DOUDIAN_PUBLISH_FAILURES.unknown]);
    } finally {
      doudianAddAnswer = 'ok';
    }
    expect(onShop()).toHaveLength(before + 2);
  });
});

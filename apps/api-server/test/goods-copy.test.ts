import type { CopyRecord, GoodsDetail } from '@consign/api-client';
import { COPY_URLS_MAX, markedUpPrice } from '@consign/api-client';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_REFUSALS } from '../src/db/copy';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { ADMIN, envelope, startTestServer, TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';

/**
 * 商品复制 of 1688 offers, 商品编辑's SKUs with their 货源, and the offer read behind both, through the real
 * server, its database and the 1688 sandbox on a loopback port: links that are not 1688 offers are
 * refused by name before any job exists; the copy job reads each offer through the seller's 1688
 * account into a goods draft (SKUs, supply prices, 货源, the seller's price rule) or fails it with its
 * own reason, never writing half a product.
 */

let t: TestServer;
let sandbox: AlibabaSandbox;
let served: ServedSandbox;
let mobiles = 13712700000;

const T_SHIRT = '610000000001';
const CUP = '610000000002';
const REMOVED = '610000000003';
/** Each account's 1688 reads per minute here (a few, so that a test spends them quickly). */
const BUDGET = 10;
const link = (id: string) => `https://detail.1688.com/offer/${id}.html`;

interface Seller {
  token: string;
  api: ReturnType<TestServer['client']>;
  shopId: number;
  accountId: number;
}

async function newSeller(): Promise<Seller> {
  const token = await t.login(String(mobiles++));
  const api = t.client(() => token);
  const [user] = await t.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [String(mobiles - 1)],
  );
  const accountId = user?.account_id ?? 0;
  const [shop] = await t.server.db.query<{ id: number }>(
    `INSERT INTO shops (name, platform, auth_status, created_at, account_id)
     VALUES ('复制店', 'pinduoduo', 'authorized', 0, $1) RETURNING id`,
    [accountId],
  );
  return { token, api, shopId: shop?.id ?? 0, accountId };
}

async function connect1688(seller: Seller) {
  const { url } = await seller.api.call('/api/supplier/authorise');
  const back = await decideOnAuthorisationPage(url, { shopId: 'b2b-2206600001' });
  await seller.api.call('/api/supplier/authorise-callback', {
    state: back.searchParams.get('state') ?? '',
    code: back.searchParams.get('code') ?? '',
  });
}

/** The seller's copy jobs once none is queued or running (oldest first). */
async function finishedCopies(seller: Seller): Promise<CopyRecord[]> {
  for (let i = 0; i < 600; i++) {
    const page = await seller.api.call('/api/copy/index', { pageIndex: 1, pageSize: 100 });
    if (page.list.every((job) => job.status === 'succeeded' || job.status === 'failed')) {
      return [...page.list].reverse();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('copy jobs did not finish');
}

const goodsCount = async (accountId: number) => {
  const [row] = await t.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM goods WHERE account_id = $1',
    [accountId],
  );
  return row?.n ?? -1;
};

beforeAll(async () => {
  const clock = new TestClock();
  sandbox = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], now: clock.now });
  served = await serveSandbox(sandbox);
  t = await startTestServer({
    clock,
    exportWorker: false,
    copyWorker: { idlePollMs: 100 },
    budgets: { offer_read: { calls: BUDGET } },
    platforms: {
      pdd: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
      doudian: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
      alibaba: AlibabaSandbox.endpoints(served.url),
    },
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await served?.close();
});

describe('without a 1688 app or account', () => {
  it('the offer read and the copy say 1688 is not set up; nothing is copied', async () => {
    const seller = await newSeller();
    const read = await t.post('/api/goods/supplier-offer', { offer: T_SHIRT }, { token: seller.token });
    expect({ status: read.status, msg: (await envelope(read)).msg }).toEqual({
      status: 409,
      msg: '1688未启用或未配置开放平台应用，请联系管理员',
    });
    const { created } = await seller.api.call('/api/copy/create', {
      shop_id: seller.shopId,
      urls: [link(T_SHIRT)],
    });
    expect(created).toBe(1);
    const [job] = await finishedCopies(seller);
    expect(job).toMatchObject({
      status: 'failed',
      goods_id: null,
      error: '1688未启用或未配置开放平台应用，请联系管理员',
    });
    expect(await goodsCount(seller.accountId)).toBe(0);
  });

  it('the operator registers the 1688 app (全局设置)', async () => {
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
    expect(await t.server.platforms.supplier()).not.toBeNull();
  });

  it('a seller without a connected 1688 account is told to connect it, per link', async () => {
    const seller = await newSeller();
    const read = await t.post('/api/goods/supplier-offer', { offer: link(T_SHIRT) }, { token: seller.token });
    expect({ status: read.status, msg: (await envelope(read)).msg }).toEqual({
      status: 409,
      msg: '未连接1688采购账号，请先在代发设置中连接',
    });
    await seller.api.call('/api/copy/create', { shop_id: seller.shopId, urls: [link(T_SHIRT), link(CUP)] });
    const jobs = await finishedCopies(seller);
    expect(jobs.map((job) => [job.status, job.error])).toEqual([
      ['failed', '未连接1688采购账号，请先在代发设置中连接'],
      ['failed', '未连接1688采购账号，请先在代发设置中连接'],
    ]);
    expect(await goodsCount(seller.accountId)).toBe(0);
  });
});

describe('商品复制 of 1688 offers', () => {
  it('refuses every entry that is not a 1688 offer link by name, before any job; repeats of one offer once', async () => {
    const seller = await newSeller();
    const urls = [
      'https://www.example.com/not-a-product',
      'https://item.taobao.com/item.htm?id=610000000001',
      'not a link at all',
      `http://detail.1688.com/offer/${T_SHIRT}.html?spm=a26352`,
      `https://m.1688.com/offer/${T_SHIRT}.html`,
      `https://detail.m.1688.com/page/index.html?offerId=${CUP}`,
      'https://detail.1688.com.evil.example/offer/610000000001.html',
    ];
    const result = await seller.api.call('/api/copy/create', { shop_id: seller.shopId, urls });
    expect(result).toEqual({
      created: 2,
      refused: [
        { url: urls[0], reason: COPY_REFUSALS.notOffer },
        { url: urls[1], reason: COPY_REFUSALS.notOffer },
        { url: urls[2], reason: COPY_REFUSALS.notOffer },
        { url: urls[4], reason: COPY_REFUSALS.repeated },
        { url: urls[6], reason: COPY_REFUSALS.notOffer },
      ],
    });
    const jobs = await t.server.db.query<{ source_url: string; offer_id: string }>(
      'SELECT source_url, offer_id FROM copy_records WHERE account_id = $1 ORDER BY id',
      [seller.accountId],
    );
    expect(jobs).toEqual([
      { source_url: link(T_SHIRT), offer_id: T_SHIRT },
      { source_url: link(CUP), offer_id: CUP },
    ]);

    // Nothing a 1688 offer: nothing queued, every entry named.
    const none = await seller.api.call('/api/copy/create', {
      shop_id: seller.shopId,
      urls: ['https://www.example.com/not-a-product'],
    });
    expect(none).toEqual({
      created: 0,
      refused: [{ url: 'https://www.example.com/not-a-product', reason: COPY_REFUSALS.notOffer }],
    });
  });

  it('500 links at once are refused whole with the limit in words; nothing is queued', async () => {
    const seller = await newSeller();
    const urls = Array.from({ length: 500 }, (_, i) => link(String(620_000_000_000 + i)));
    const res = await t.post('/api/copy/create', { shop_id: seller.shopId, urls }, { token: seller.token });
    expect(res.status).toBe(422);
    expect((await envelope(res)).msg).toContain(`一次最多复制 ${COPY_URLS_MAX} 个链接`);
    const queued = await t.server.db.query('SELECT 1 FROM copy_records WHERE account_id = $1', [
      seller.accountId,
    ]);
    expect(queued).toHaveLength(0);
  });

  it('copies each offer into a draft with its SKUs, supply prices and 货源, priced by the seller’s rule', async () => {
    const seller = await newSeller();
    await connect1688(seller);
    const settings = await seller.api.call('/api/setting/index');
    await seller.api.call('/api/setting/update', {
      default_markup_percent: 35,
      price_rounding: 'nine',
      version: settings.version,
    });
    const missing = '619999999999';
    await seller.api.call('/api/copy/create', {
      shop_id: seller.shopId,
      urls: [link(T_SHIRT), link(CUP), link(REMOVED), link(missing)],
    });
    const jobs = await finishedCopies(seller);
    expect(jobs.map((job) => [job.source_url, job.status, job.error])).toEqual([
      [link(T_SHIRT), 'succeeded', null],
      [link(CUP), 'succeeded', null],
      [link(REMOVED), 'failed', '1688商品已下架或不存在，无法复制'],
      [link(missing), 'failed', '1688商品不存在或已下架'],
    ]);
    // Only the two copied offers wrote goods.
    expect(await goodsCount(seller.accountId)).toBe(2);

    // 18.50 元 + 35 % = 24.975 -> 24.98 -> .9 rule: 24.98 is past 24.90, so 25.90; 19.90 -> 26.87 -> 26.90.
    expect(markedUpPrice(1850, 35, 'nine')).toBe(2590);
    const shirt = await seller.api.call('/api/goods/detail', { id: jobs[0]?.goods_id ?? 0 });
    const offer = sandbox.offers.get(T_SHIRT);
    expect(shirt).toMatchObject({
      shop_id: seller.shopId,
      title: offer?.subject,
      status: 'draft',
      source_url: link(T_SHIRT),
      images: (offer?.images ?? []).map((path) => `https://cbu01.alicdn.com/${path}`),
      price: 2590,
      stock: 200,
    });
    expect(shirt.skus).toEqual(
      (offer?.specs ?? []).map((spec) => ({
        spec: spec.attributes.map((a) => a.value).join(','),
        price: spec.priceFen === 1850 ? 2590 : 2690,
        stock: spec.stock,
        outer_sku_id: '',
        source: { offer_id: T_SHIRT, spec_id: spec.specId, quantity: 1, cost: spec.priceFen },
      })),
    );
    // An offer without specs: one SKU of the offer's own price, its 货源 without a spec.
    const cup = await seller.api.call('/api/goods/detail', { id: jobs[1]?.goods_id ?? 0 });
    expect(cup.skus).toEqual([
      {
        spec: '',
        price: markedUpPrice(2390, 35, 'nine'),
        stock: 50,
        outer_sku_id: '',
        source: { offer_id: CUP, spec_id: null, quantity: 1, cost: 2390 },
      },
    ]);
    expect(markedUpPrice(2390, 35, 'nine')).toBe(3290);
  });

  it('a 1688 error fails the copy with a clear reason and writes nothing', async () => {
    const seller = await newSeller();
    await connect1688(seller);
    // The test clock stands still: with a limit of 0 the second's first call passes, the next are throttled.
    sandbox.setRateLimit(0);
    try {
      // Reads younger than the cache's time to live are not sent to 1688: start with none.
      await t.server.db.query('DELETE FROM offer_reads');
      await seller.api.call('/api/goods/supplier-offer', { offer: T_SHIRT });
      await t.server.db.query('DELETE FROM offer_reads');
      const throttled = await t.post(
        '/api/goods/supplier-offer',
        { offer: T_SHIRT },
        { token: seller.token },
      );
      expect({ status: throttled.status, msg: (await envelope(throttled)).msg }).toEqual({
        status: 502,
        msg: '暂时无法读取1688商品（1688繁忙或连接失败），请稍后再试',
      });
      await seller.api.call('/api/copy/create', { shop_id: seller.shopId, urls: [link(T_SHIRT)] });
      const [job] = await finishedCopies(seller);
      expect(job).toMatchObject({
        status: 'failed',
        goods_id: null,
        error: '暂时无法读取1688商品（1688繁忙或连接失败），请稍后再试',
      });
    } finally {
      sandbox.setRateLimit(50);
    }
    expect(await goodsCount(seller.accountId)).toBe(0);
    const skus = await t.server.db.query('SELECT 1 FROM goods_skus WHERE account_id = $1', [
      seller.accountId,
    ]);
    expect(skus).toHaveLength(0);
  });
});

describe('商品编辑: SKUs and their 货源', () => {
  it('reads a 1688 offer by link or id through the seller’s account; bad text and removed offers are clear', async () => {
    const seller = await newSeller();
    await connect1688(seller);
    const byLink = await seller.api.call('/api/goods/supplier-offer', { offer: link(T_SHIRT) });
    expect(byLink).toMatchObject({ offer_id: T_SHIRT, on_sale: true, price: 1850, stock: 200 });
    expect(byLink.specs.map((spec) => [spec.spec, spec.price, spec.stock])).toEqual([
      ['白色,L', 1850, 120],
      ['白色,XL', 1850, 80],
      ['藏青,XL', 1990, 0],
    ]);
    expect(await seller.api.call('/api/goods/supplier-offer', { offer: ` ${CUP} ` })).toMatchObject({
      offer_id: CUP,
      specs: [],
      price: 2390,
    });
    expect((await seller.api.call('/api/goods/supplier-offer', { offer: REMOVED })).on_sale).toBe(false);

    const bad = await t.post(
      '/api/goods/supplier-offer',
      { offer: 'https://item.taobao.com/item.htm?id=1' },
      { token: seller.token },
    );
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).msg).toContain('请填写1688商品链接或商品ID');
    const missing = await t.post(
      '/api/goods/supplier-offer',
      { offer: '619999999999' },
      { token: seller.token },
    );
    expect({ status: missing.status, msg: (await envelope(missing)).msg }).toEqual({
      status: 409,
      msg: '1688商品不存在或已下架',
    });

    // 1688 answers productInfo only for offers in the buyer's 铺货列表: each was added before its first
    // read, remembered for the account, and not added again on the next read past the cache.
    const relations = await t.server.db.query<{ offer_id: string }>(
      'SELECT offer_id FROM offer_relations WHERE account_id = $1 ORDER BY 1',
      [seller.accountId],
    );
    expect(relations.map((r) => r.offer_id)).toEqual([T_SHIRT, CUP, REMOVED, '619999999999'].sort());
    await t.server.db.query('DELETE FROM offer_reads WHERE offer_id = $1', [T_SHIRT]);
    const from = sandbox.calls.length;
    await seller.api.call('/api/goods/supplier-offer', { offer: T_SHIRT });
    expect(sandbox.calls.slice(from).map((c) => c.api)).toEqual([ALIBABA_APIS.productInfo]);
  });

  it('adds, edits, reorders and removes SKUs with their 货源 at the product’s version; logged; stale is 409', async () => {
    const seller = await newSeller();
    const goods = await seller.api.call('/api/goods/save', {
      shop_id: seller.shopId,
      title: '手工商品',
      price: 2900,
      stock: 10,
      status: 'draft',
      images: ['/static/goods/1.svg'],
    });
    const source = {
      offer_id: T_SHIRT,
      spec_id: 'b7f1c0de000000000000000000000001',
      quantity: 2,
      cost: 1850,
    };
    const first = await seller.api.call('/api/goods/sku-save', {
      id: goods.id,
      version: goods.version,
      skus: [
        { spec: '白色,L', price: 3900, stock: 5, outer_sku_id: 'W-L', source },
        { spec: '黑色,L', price: 3900, stock: 0, outer_sku_id: '', source: null },
      ],
    });
    expect(first.version).toBe(goods.version + 1);
    expect(first.skus.map((sku) => sku.spec)).toEqual(['白色,L', '黑色,L']);
    // The goods list shows the SKUs' lowest price and their stock together, no longer the product's own.
    expect({ price: first.price, stock: first.stock }).toEqual({ price: 3900, stock: 5 });

    // Reorder, edit one (its 货源 removed), drop none, add one.
    const second = await seller.api.call('/api/goods/sku-save', {
      id: goods.id,
      version: first.version,
      skus: [
        { spec: '黑色,L', price: 4100, stock: 3, outer_sku_id: 'B-L', source: { ...source, quantity: 1 } },
        { spec: '白色,L', price: 3900, stock: 5, outer_sku_id: 'W-L', source: null },
        { spec: '白色,XL', price: 3900, stock: 1, outer_sku_id: '', source: null },
      ],
    });
    const detail: GoodsDetail = await seller.api.call('/api/goods/detail', { id: goods.id });
    expect(detail).toEqual(second);
    expect({ price: detail.price, stock: detail.stock }).toEqual({ price: 3900, stock: 9 });
    expect(detail.skus).toEqual([
      { spec: '黑色,L', price: 4100, stock: 3, outer_sku_id: 'B-L', source: { ...source, quantity: 1 } },
      { spec: '白色,L', price: 3900, stock: 5, outer_sku_id: 'W-L', source: null },
      { spec: '白色,XL', price: 3900, stock: 1, outer_sku_id: '', source: null },
    ]);
    const [entry] = await t.server.db.query<{ action: string; target_type: string; target_id: number }>(
      `SELECT action, target_type, target_id FROM operation_log WHERE account_id = $1 ORDER BY id DESC LIMIT 1`,
      [seller.accountId],
    );
    expect(entry).toEqual({ action: 'goods.sku-save', target_type: 'goods', target_id: goods.id });

    // The save at the old version (another tab) is stale and changes nothing; so is the goods form's.
    const stale = await t.post(
      '/api/goods/sku-save',
      { id: goods.id, version: first.version, skus: [] },
      { token: seller.token },
    );
    expect(stale.status).toBe(409);
    const staleForm = await t.post(
      '/api/goods/save',
      { ...goods, title: '旧页面', version: goods.version },
      { token: seller.token },
    );
    expect(staleForm.status).toBe(409);
    expect((await seller.api.call('/api/goods/detail', { id: goods.id })).skus).toHaveLength(3);

    // Remove them all.
    const emptied = await seller.api.call('/api/goods/sku-save', {
      id: goods.id,
      version: second.version,
      skus: [],
    });
    expect(emptied.skus).toEqual([]);
    // Without SKUs the product keeps the last price and stock it showed.
    expect({ price: emptied.price, stock: emptied.stock }).toEqual({ price: 3900, stock: 9 });
  });

  it('refuses bad SKUs with a 422 and keeps the product as it was', async () => {
    const seller = await newSeller();
    const goods = await seller.api.call('/api/goods/save', {
      shop_id: seller.shopId,
      title: '手工商品',
      price: 2900,
      stock: 10,
      status: 'draft',
      images: ['/static/goods/1.svg'],
    });
    const sku = { spec: '白色', price: 100, stock: 1, outer_sku_id: '', source: null };
    const bad = [
      [sku, sku],
      [{ ...sku, price: 0 }],
      [{ ...sku, stock: -1 }],
      [{ ...sku, spec: 'x'.repeat(201) }],
      [{ ...sku, source: { offer_id: 'abc', spec_id: null, quantity: 1, cost: 1 } }],
      [{ ...sku, source: { offer_id: T_SHIRT, spec_id: null, quantity: 0, cost: 1 } }],
      Array.from({ length: 201 }, (_, i) => ({ ...sku, spec: `规格${i}` })),
    ];
    for (const skus of bad) {
      const res = await t.post(
        '/api/goods/sku-save',
        { id: goods.id, version: goods.version, skus },
        { token: seller.token },
      );
      expect(res.status).toBe(422);
      expect((await envelope(res)).msg).toBeTruthy();
    }
    const after = await seller.api.call('/api/goods/detail', { id: goods.id });
    expect(after).toMatchObject({ version: goods.version, skus: [] });
  });
});

describe('平台精选', () => {
  it('the operator curates 1688 offers; a seller sees them through their 1688 account and copies one', async () => {
    const operator = t.client(await t.login(ADMIN).then((token) => () => token));
    const adminToken = await t.login(ADMIN);
    for (const offer of [link(T_SHIRT), CUP, REMOVED]) {
      await operator.call('/api/company/featured-save', { offer });
    }
    const again = await t.post('/api/company/featured-save', { offer: T_SHIRT }, { token: adminToken });
    expect((await envelope(again)).msg).toBe('该1688商品已在平台精选中');
    const bad = await t.post(
      '/api/company/featured-save',
      { offer: 'https://www.example.com/x' },
      { token: adminToken },
    );
    expect(bad.status).toBe(422);
    expect((await operator.call('/api/company/featured-list')).map((entry) => entry.offer_id)).toEqual([
      T_SHIRT,
      CUP,
      REMOVED,
    ]);
    // An offer read lately (the tests above: offer_reads) shows at once, one 1688 marks removed as such.
    const [shirt, , removed] = await operator.call('/api/company/featured-list');
    expect(shirt).toMatchObject({ title: sandbox.offers.get(T_SHIRT)?.subject, price: 1850, on_sale: true });
    expect(removed).toMatchObject({ title: '', price: 0, on_sale: false });

    // A seller without a 1688 account is told to connect it; a seller is not an operator.
    const stranger = await newSeller();
    const unconnected = await t.post('/api/featured/index', {}, { token: stranger.token });
    expect({ status: unconnected.status, msg: (await envelope(unconnected)).msg }).toEqual({
      status: 409,
      msg: '未连接1688采购账号，请先在代发设置中连接',
    });
    const forbidden = await t.post('/api/company/featured-save', { offer: CUP }, { token: stranger.token });
    expect(forbidden.status).toBe(403);

    const seller = await newSeller();
    await connect1688(seller);
    expect(await seller.api.call('/api/featured/index')).toEqual([
      {
        offer_id: T_SHIRT,
        title: sandbox.offers.get(T_SHIRT)?.subject,
        image: 'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg',
        price: 1850,
        on_sale: true,
      },
      {
        offer_id: CUP,
        title: sandbox.offers.get(CUP)?.subject,
        image: 'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0003.jpg',
        price: 2390,
        on_sale: true,
      },
      { offer_id: REMOVED, title: '', image: '', price: 0, on_sale: false },
    ]);
    // The operators' list shows what those reads said, without calling 1688 again.
    const reads = () => sandbox.callsOf(ALIBABA_APIS.productInfo, ALIBABA_SANDBOX_APP.clientId).length;
    const before = reads();
    const curated = await operator.call('/api/company/featured-list');
    expect(reads()).toBe(before);
    expect(
      curated.map(({ offer_id, title, image, price, on_sale }) => ({
        offer_id,
        title,
        image,
        price,
        on_sale,
      })),
    ).toEqual(await seller.api.call('/api/featured/index'));
    expect(curated.every((entry) => (entry.read_at ?? 0) > 0)).toBe(true);

    // One click copies through the same copy job.
    await seller.api.call('/api/copy/create', { shop_id: seller.shopId, urls: [link(CUP)] });
    const [job] = await finishedCopies(seller);
    expect(job).toMatchObject({ status: 'succeeded', source_url: link(CUP) });

    await operator.call('/api/company/featured-del', { offer_id: REMOVED });
    expect((await seller.api.call('/api/featured/index')).map((offer) => offer.offer_id)).toEqual([
      T_SHIRT,
      CUP,
    ]);
  });
});

describe('1688 quota: one account cannot spend every account’s reads', () => {
  it('offer reads are cached and shared, one read per offer in flight, and each account has its own budget', async () => {
    sandbox.setRateLimit(50); // a new second's window for the app's calls
    const a = await newSeller();
    const b = await newSeller();
    await connect1688(a);
    await connect1688(b);
    await t.server.db.query('DELETE FROM offer_reads');
    const reads = () => sandbox.callsOf(ALIBABA_APIS.productInfo, ALIBABA_SANDBOX_APP.clientId).length;
    const before = reads();

    // A loops on 平台精选 (T_SHIRT and CUP, above) while B reads its 货源: 40 requests, 2 reads of 1688.
    const loop = Array.from({ length: 20 }, () =>
      t.post('/api/featured/index', {}, { token: a.token }).then((res) => res.status),
    );
    const sources = Array.from({ length: 20 }, (_, i) =>
      t
        .post('/api/goods/supplier-offer', { offer: i % 2 ? T_SHIRT : CUP }, { token: b.token })
        .then((res) => res.status),
    );
    expect(await Promise.all(loop)).toEqual(Array(20).fill(200));
    expect(await Promise.all(sources)).toEqual(Array(20).fill(200));
    expect(reads() - before).toBe(2);

    // 0610000000001 is 610000000001: the same offer, the same cache row, no read of 1688.
    const zero = await b.api.call('/api/goods/supplier-offer', { offer: `0${T_SHIRT}` });
    expect(zero.offer_id).toBe(T_SHIRT);
    expect(reads() - before).toBe(2);
    const rows = await t.server.db.query<{ offer_id: string }>('SELECT offer_id FROM offer_reads ORDER BY 1');
    expect(rows.map((row) => row.offer_id)).toEqual([T_SHIRT, CUP]);
    const operator = await t.login(ADMIN);
    const listed = await t.post('/api/company/featured-save', { offer: `00${CUP}` }, { token: operator });
    expect((await envelope(listed)).msg).toBe('该1688商品已在平台精选中');

    // A spends its budget on offers nobody has read: then 429 for A only.
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) {
      const res = await t.post(
        '/api/goods/supplier-offer',
        { offer: `6199999990${i + 10}` },
        { token: a.token },
      );
      statuses.push(res.status);
      if (res.status === 429) expect((await envelope(res)).msg).toBe('操作过于频繁，请稍后再试');
    }
    expect(statuses.filter((status) => status === 409).length).toBeLessThanOrEqual(BUDGET);
    expect(statuses.at(-1)).toBe(429);
    const sent = reads();
    // What is cached still answers A; B reads 1688 as before.
    expect((await a.api.call('/api/featured/index')).map((offer) => offer.on_sale)).toEqual([true, true]);
    const missing = await t.post('/api/goods/supplier-offer', { offer: '619999999999' }, { token: b.token });
    expect(missing.status).toBe(409);
    expect(reads()).toBe(sent + 1);

    // A's copies wait while its budget is spent: queued, not failed, 1688 not read; copied once it has room.
    await t.server.db.query('DELETE FROM offer_reads');
    expect((await a.api.call('/api/copy/create', { shop_id: a.shopId, urls: [link(CUP)] })).created).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the copy job looks every 100 ms
    const waiting = (await a.api.call('/api/copy/index', { pageIndex: 1, pageSize: 100 })).list;
    expect(waiting.map((job) => job.status)).toEqual(['queued']);
    expect(reads()).toBe(sent + 1);
    await t.server.db.query('DELETE FROM rate_limits WHERE key = $1', [`budget:offer_read:${a.accountId}`]);
    expect((await finishedCopies(a)).map((job) => job.status)).toEqual(['succeeded']);
    expect(reads()).toBe(sent + 2);
  });
});

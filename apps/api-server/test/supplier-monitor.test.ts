import type { Listing } from '@consign/api-client';
import { markedUpPrice } from '@consign/api-client/contract';
import {
  ALIBABA_SANDBOX_APP,
  ALIBABA_SANDBOX_PATHS,
  AlibabaSandbox,
} from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from '@consign/platform-sandboxes/doudian';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopTokens } from '../src/db/shop-tokens';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { PlatformError } from '../src/platforms/connector';
import { DoudianConnector, doudianListingCalls } from '../src/platforms/doudian';
import { PddConnector } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { ADMIN, startTestServer, TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { copied, listingOnce, type Seller } from './publish-helpers';
import { authorisedShop } from './writeback-helpers';

/**
 * 货源监控 through the real server, its database and queue, the 1688 sandbox (the supplier changes an
 * offer through its control endpoint) and the 拼多多 sandbox (strict about the update calls, and keeping
 * the goods' prices, stock and sale state to read back): a published listing's price follows a rise by
 * the markup rule; a rise past 允许采购价上浮 is not applied and notified; the stock follows (cap,
 * margin); 仅提醒 only notifies; a price that would lose money is never applied; an offer off sale
 * delists the listing; each applied change is in 操作日志 as 系统 with before and after. The same rules
 * on a 抖店 listing through the 抖店 sandbox (/sku/editPrice, /sku/syncStock, /product/setOffline|setOnline).
 */

const clock = new TestClock();
const alibaba = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], now: clock.now });
const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, seedOrders: 0, rateLimit: 100_000 });
/** The goods' images are on 1688's CDN: the job reads them through this (a 1×1 PNG). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let t: TestServer;
let alibabaServed: ServedSandbox;
let pddServed: ServedSandbox;
let connector: PddConnector;
const doudian = new DoudianSandbox({
  apps: [DOUDIAN_SANDBOX_APP],
  now: clock.now,
  seedOrders: 0,
  rateLimit: 100_000,
});
let doudianServed: ServedSandbox;
let doudianConnector: DoudianConnector;
let mobiles = 13712900000;

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
  const shopId = await authorisedShop(
    t.server.db,
    douyin ? doudianConnector : connector,
    douyin ? doudian : pdd,
    {
      accountId,
      clientId: douyin ? DOUDIAN_SANDBOX_APP.clientId : PDD_SANDBOX_APP.clientId,
      platformShopId,
      now: Math.floor(clock.now() / 1000),
    },
  );
  return { token, api, accountId, shopId };
}

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
      return answer;
    },
  });
  connector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(pddServed.url),
    now: clock.now,
  });
  pdd.publishing.reviewMs = 3_600_000;
  doudianServed = await serveSandbox(doudian);
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
    // Looked at every 100 ms of real time (the queue's clock); the offer cache's 5 minutes pass with the test clock.
    monitorJobs: { intervalMs: 100, idlePollMs: 50, concurrency: 2 },
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

/** Polls `read` until `done` holds of its answer (the monitor looks every 100 ms). */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 400; i++) {
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)}`);
}

/** The supplier changes the offer, through the 1688 sandbox's control endpoint; then the cache's 5 minutes pass. */
async function supplierChanges(form: Record<string, string>) {
  const res = await fetch(`${alibabaServed.url}${ALIBABA_SANDBOX_PATHS.offers}`, {
    method: 'POST',
    body: new URLSearchParams(form),
  });
  expect(res.status).toBe(200);
  clock.advance(301_000);
}

/** The account's 货源监控 entries of 操作日志, newest first. */
async function monitorLog(accountId: number) {
  return t.server.db.query<{ actor_name: string; target_type: string; changes: unknown }>(
    `SELECT actor_name, target_type, changes FROM operation_log
     WHERE account_id = $1 AND action = 'goods.monitor' ORDER BY id DESC`,
    [accountId],
  );
}

describe('货源监控 of a published 拼多多 listing', () => {
  let seller: Seller;
  let listing: Listing;
  let specs: string[];
  const onShop = () => {
    const goods = pdd.publishing.goods.get(listing.platform_goods_id ?? '');
    if (!goods) throw new Error('not on the shop');
    return goods;
  };
  const notifications = async () =>
    (await seller.api.call('/api/notification/index', { pageIndex: 1, pageSize: 50 })).list.filter(
      (n) => n.kind === 'listing_monitor',
    );
  const settings = async (change: Record<string, unknown>) => {
    const { version } = await seller.api.call('/api/setting/index');
    await seller.api.call('/api/setting/update', { version, ...change });
  };
  const reads = () => alibaba.callsOf(ALIBABA_APIS.productInfo).length;

  beforeAll(async () => {
    seller = await newSeller('900001');
    const goodsId = await copied(seller, T_SHIRT);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '9813',
    });
    await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    pdd.publishing.finishReviews();
    await listingOnce(seller, goodsId, ['published', 'failed']);
    listing = await until(
      () => listingOnce(seller, goodsId, ['published']),
      (l) => l.monitor_looked_at !== null,
      'first look',
    );
    const offer = alibaba.offers.get(T_SHIRT);
    specs = offer?.specs.map((s) => s.specId) ?? [];
  }, 60_000);

  it('a first look changes nothing that already matches, and one read of the offer serves the looks within 5 minutes', async () => {
    // The copy priced by the same markup rule, the stock the supplier's: nothing to change.
    expect(listing.monitor_change).toBeNull();
    expect(onShop().skus.map((s) => [s.multiPrice, s.quantity])).toEqual([
      [markedUpPrice(1850, 30, 'none'), 120],
      [markedUpPrice(1850, 30, 'none'), 80],
      [markedUpPrice(1990, 30, 'none'), 0],
    ]);
    const before = reads();
    const looked = listing.monitor_looked_at ?? 0;
    clock.advance(2_000);
    await until(
      () => listingOnce(seller, listing.goods_id, ['published']),
      (l) => (l.monitor_looked_at ?? 0) > looked,
      'another look',
    );
    expect(reads()).toBe(before);
  });

  it('商品管理 answers the goods with its listing’s 货源监控 state; nothing needs the seller yet', async () => {
    const { list } = await seller.api.call('/api/goods/index', { pageIndex: 1, pageSize: 20 });
    expect(list.map((g) => g.listings)).toEqual([
      [
        {
          id: listing.id,
          shop_id: seller.shopId,
          shop_name: listing.shop_name,
          status: 'published',
          monitor_looked_at: expect.any(Number),
          monitor_change: null,
          monitor_changed_at: null,
          attention: false,
        },
      ],
    ]);
    expect(
      await seller.api.call('/api/goods/index', { pageIndex: 1, pageSize: 20, attention: 'monitor' }),
    ).toEqual({ list: [], total: 0 });
  });

  it('a price rise within 允许采购价上浮 is followed by the markup rule (拼单价 and 单买价), logged as 系统 with before and after', async () => {
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[0] ?? '', price_fen: '1950' });
    const followed = markedUpPrice(1950, 30, 'none');
    await until(
      () => onShop().skus[0]?.multiPrice,
      (p) => p === followed,
      'price followed',
    );
    expect(onShop().skus[0]?.price).toBe(Math.ceil(followed * 1.1));
    expect(onShop().skus[1]?.multiPrice).toBe(markedUpPrice(1850, 30, 'none'));

    const [entry] = await until(
      () => monitorLog(seller.accountId),
      (log) => JSON.stringify(log[0]?.changes ?? []).includes('"after":1950'),
      'logged',
    );
    expect(entry).toMatchObject({ actor_name: '系统', target_type: 'listing' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', before: markedUpPrice(1850, 30, 'none'), after: followed },
        { field: 'supplier_cost', before: 1850, after: 1950 },
      ]),
    );
    const shown = await until(
      () => listingOnce(seller, listing.goods_id, ['published']),
      (l) => l.monitor_change?.includes('售价') === true,
      'the listing shows its last change',
    );
    expect(shown.monitor_changed_at).not.toBeNull();
  });

  it('a rise past 允许采购价上浮 is not applied, and the seller is notified', async () => {
    const price = onShop().skus[0]?.multiPrice;
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[0] ?? '', price_fen: '2500' });
    const [told] = await until(
      notifications,
      (list) => list.some((n) => n.body.includes('允许采购价上浮')),
      'notified',
    );
    expect(told?.link).toBe('/shop/goods');
    expect(onShop().skus[0]?.multiPrice).toBe(price);
  });

  it('需处理: a price not applied keeps the goods in 商品管理’s 需处理 (and its count) after the notification is read', async () => {
    await seller.api.call('/api/notification/read-all');
    const attention = await until(
      () => seller.api.call('/api/goods/index', { pageIndex: 1, pageSize: 20, attention: 'monitor' }),
      (page) => page.total > 0,
      '需处理',
    );
    expect(attention.total).toBe(1);
    expect(attention.list[0]?.listings[0]).toMatchObject({
      attention: true,
      monitor_change: expect.stringContaining('允许采购价上浮'),
    });
  });

  it('the stock follows the supplier’s, at most the cap, minus the safety margin', async () => {
    await settings({ monitor_stock_cap: 1000, monitor_stock_margin: 5 });
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[1] ?? '', stock: '1500' });
    await until(
      () => onShop().skus[1]?.quantity,
      (q) => q === 995,
      'capped stock',
    );
    // The margin applies to the other specs too (120 - 5); the empty one stays 0.
    expect(onShop().skus.map((s) => s.quantity)).toEqual([115, 995, 0]);
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[1] ?? '', stock: '30' });
    await until(
      () => onShop().skus[1]?.quantity,
      (q) => q === 25,
      'stock down',
    );
    const log = await until(
      () => monitorLog(seller.accountId),
      (log) => JSON.stringify(log[0]?.changes ?? []).includes('"before":995'),
      'logged',
    );
    // Each change logged once, with what it was and what it became (the margin's first, or with the cap).
    const stockChanges = log
      .map((e) => JSON.stringify(e.changes))
      .filter((c) => c.includes('"stock"'))
      .sort();
    const once = (before: number, after: number) => JSON.stringify([{ after, field: 'stock', before }]);
    expect(new Set(stockChanges).size).toBe(stockChanges.length);
    expect(stockChanges).toContain(once(995, 25));
    expect(stockChanges).toContain(once(120, 115));
  });

  it('仅提醒 only notifies; the price stays', async () => {
    await settings({ monitor_price: 'warn' });
    const price = onShop().skus[1]?.multiPrice;
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[1] ?? '', price_fen: '1800' });
    await until(notifications, (list) => list.some((n) => n.body.includes('仅提醒')), 'notified');
    expect(onShop().skus[1]?.multiPrice).toBe(price);
  });

  it('a price that would make the margin negative (after 平台扣点) is never applied, only notified', async () => {
    await settings({ monitor_price: 'follow', default_markup_percent: 0 });
    await t.server.db.query(
      `INSERT INTO platform_fee_rates (account_id, platform, rate) VALUES ($1, 'pinduoduo', 500)`,
      [seller.accountId],
    );
    const price = onShop().skus[2]?.multiPrice;
    await supplierChanges({ offer_id: T_SHIRT, spec_id: specs[2] ?? '', price_fen: '2000' });
    await until(notifications, (list) => list.some((n) => n.body.includes('亏损')), 'notified');
    expect(onShop().skus[2]?.multiPrice).toBe(price);
  });

  it('an offer taken off sale delists the listing (notified, logged); back on sale lists it again', async () => {
    await supplierChanges({ offer_id: T_SHIRT, on_sale: '0' });
    await until(
      () => onShop().onSale,
      (on) => on === false,
      'delisted',
    );
    await until(notifications, (list) => list.some((n) => n.body.includes('商品已下架')), 'notified');
    const [entry] = await until(
      () => monitorLog(seller.accountId),
      (log) => JSON.stringify(log[0]?.changes).includes('on_sale'),
      'logged',
    );
    expect(entry).toMatchObject({
      actor_name: '系统',
      changes: [{ field: 'on_sale', before: true, after: false }],
    });
    await supplierChanges({ offer_id: T_SHIRT, on_sale: '1' });
    await until(
      () => onShop().onSale,
      (on) => on === true,
      'listed again',
    );
  });
});

describe('货源监控 of a published 抖店 listing', () => {
  let seller: Seller;
  let listing: Listing;
  const onShop = () => {
    const product = doudian.publishing.products.get(listing.platform_goods_id ?? '');
    if (!product) throw new Error('not on the shop');
    return product;
  };
  const notifications = async () =>
    (await seller.api.call('/api/notification/index', { pageIndex: 1, pageSize: 50 })).list.filter(
      (n) => n.kind === 'listing_monitor',
    );
  beforeAll(async () => {
    seller = await newSeller('77001', 'douyin');
    const goodsId = await copied(seller, CUP);
    await seller.api.call('/api/goods/publish', {
      goods_ids: [goodsId],
      shop_ids: [seller.shopId],
      cat_id: '30100',
      properties: { 容量: '500ml' },
    });
    await listingOnce(seller, goodsId, ['reviewing', 'failed']);
    doudian.publishing.finishReviews();
    await listingOnce(seller, goodsId, ['published', 'failed']);
    listing = await until(
      () => listingOnce(seller, goodsId, ['published']),
      (l) => l.monitor_looked_at !== null,
      'first look',
    );
  }, 60_000);

  it('a first look changes nothing that already matches; a price rise is followed by the markup rule (one price), logged', async () => {
    expect(listing.monitor_change).toBeNull();
    expect(onShop().skus.map((s) => [s.price, s.stock])).toEqual([[markedUpPrice(2390, 30, 'none'), 50]]);
    await supplierChanges({ offer_id: CUP, price_fen: '2500' });
    const followed = markedUpPrice(2500, 30, 'none');
    await until(
      () => onShop().skus[0]?.price,
      (p) => p === followed,
      'price followed',
    );
    const [entry] = await until(
      () => monitorLog(seller.accountId),
      (log) => JSON.stringify(log[0]?.changes ?? []).includes('"after":2500'),
      'logged',
    );
    expect(entry).toMatchObject({ actor_name: '系统', target_type: 'listing' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', before: markedUpPrice(2390, 30, 'none'), after: followed },
        { field: 'supplier_cost', before: 2390, after: 2500 },
      ]),
    );
  });

  it('the stock follows the supplier’s (minus the safety margin)', async () => {
    const { version } = await seller.api.call('/api/setting/index');
    await seller.api.call('/api/setting/update', { version, monitor_stock_margin: 2 });
    await supplierChanges({ offer_id: CUP, stock: '70' });
    await until(
      () => onShop().skus[0]?.stock,
      (q) => q === 68,
      'stock followed',
    );
  });

  it('a price that would make the margin negative after 抖店’s 扣点 is never applied, only notified', async () => {
    const { version } = await seller.api.call('/api/setting/index');
    await seller.api.call('/api/setting/update', { version, default_markup_percent: 0 });
    await t.server.db.query(
      `INSERT INTO platform_fee_rates (account_id, platform, rate) VALUES ($1, 'douyin', 500)`,
      [seller.accountId],
    );
    const price = onShop().skus[0]?.price;
    await supplierChanges({ offer_id: CUP, price_fen: '2550' });
    await until(notifications, (list) => list.some((n) => n.body.includes('亏损')), 'notified');
    expect(onShop().skus[0]?.price).toBe(price);
  });

  it('an offer taken off sale takes the product off sale (notified, logged); back on sale puts it on sale again', async () => {
    expect(onShop().offline).toBe(false);
    await supplierChanges({ offer_id: CUP, on_sale: '0' });
    await until(
      () => onShop().offline,
      (off) => off,
      'off sale',
    );
    await until(notifications, (list) => list.some((n) => n.body.includes('商品已下架')), 'notified');
    await supplierChanges({ offer_id: CUP, on_sale: '1' });
    await until(
      () => onShop().offline,
      (off) => !off,
      'on sale again',
    );
  });

  it('the sandbox answers the calls as 抖店 does: an unknown product or SKU, or a quoted int64 id, is refused', async () => {
    const tokens = await openShopTokens(t.server.db, new SecretBox(DEV_DATA_KEY), seller.shopId);
    const token = tokens?.accessToken ?? '';
    const productId = listing.platform_goods_id ?? '';
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => (error instanceof PlatformError ? [error.kind, error.platformMessage] : error),
      );
    const [sku] = await doudianListingCalls.skus(doudianConnector, token, productId);
    expect(sku?.skuId).toBe(onShop().skus[0]?.skuId);
    expect(await refusal(doudianListingCalls.skus(doudianConnector, token, '3700000000000000001'))).toEqual([
      'business',
      expect.stringContaining('商品不存在'),
    ]);
    expect(
      await refusal(
        doudianListingCalls.price(doudianConnector, token, productId, '3800000000000000001', 100),
      ),
    ).toEqual(['business', expect.stringContaining('sku不存在')]);
    expect(
      await refusal(
        doudianConnector.call('/sku/syncStock', { product_id: productId, code: 'x', stock_num: 1 }, token),
      ),
    ).toEqual(['business', expect.stringContaining('int64')]);
  });
});

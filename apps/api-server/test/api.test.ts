import {
  type ApiClient,
  ApiError,
  HttpError,
  isBannerActive,
  SERVICE_PHONE_MESSAGE,
} from '@consign/api-client';
import {
  afterSaleOrderSchema,
  apiRoutes,
  copyRecordSchema,
  goodsSchema,
  orderSchema,
  shopSchema,
} from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_REFUSALS } from '../src/db/copy';
import { SEED_COUNTS } from '../src/db/seed';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

let t: TestServer;
let admin: ApiClient;
let user: ApiClient;
let userToken: string;

beforeAll(async () => {
  t = await startTestServer();
  const adminToken = await t.login(ADMIN);
  userToken = await t.login(USER);
  admin = t.client(() => adminToken);
  user = t.client(() => userToken);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('session', () => {
  it('answers the seeded admin and the normal user', async () => {
    const me = await admin.call('/api/user/info');
    expect(me).toMatchObject({ mobile: ADMIN, nickname: '管理员', is_manage: true });
    expect(apiRoutes['/api/user/info'].data.safeParse(me).success).toBe(true);
    expect(await user.call('/api/user/info')).toMatchObject({ mobile: USER, nickname: '', is_manage: false });
  });

  it('creates a new user on the first login of an unknown mobile', async () => {
    const token = await t.login('13712345678');
    const me = await t.client(() => token).call('/api/user/info');
    expect(me).toMatchObject({ mobile: '13712345678', is_manage: false, nickname: '' });
  });

  it('accepts a mobile with spaces and normalises it', async () => {
    const token = await t.login('139 0000 0000');
    expect((await t.client(() => token).call('/api/user/info')).mobile).toBe(USER);
  });
});

describe('company config (public)', () => {
  it('publishes the branding and three banners, exactly one of them active now', async () => {
    const config = await t.client().call('/api/default/config');
    expect(apiRoutes['/api/default/config'].data.safeParse(config).success).toBe(true);
    expect(config.short_name).toBe('Consign');
    expect(config.ad_list).toHaveLength(3);
    const nowS = Math.floor(t.clock.now() / 1000);
    expect(config.ad_list.filter((b) => isBannerActive(b, nowS))).toHaveLength(1);
    expect(config.ad_list.every((b) => b.ad_login_image_url.startsWith('/static/banners/'))).toBe(true);
    const svg = await fetch(`${t.url}${config.ad_list[0]?.ad_login_image_url}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('lists', () => {
  it('pages through the seeded orders, newest first, with masked receiver mobiles', async () => {
    const first = await user.call('/api/order/index', { pageIndex: 1, pageSize: 20 });
    expect(first.total).toBe(SEED_COUNTS.orders);
    expect(first.list).toHaveLength(20);
    for (const order of first.list) expect(orderSchema.safeParse(order).success).toBe(true);
    expect(first.list[0]?.receiver.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const times = first.list.map((o) => o.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await user.call('/api/order/index', { pageIndex: 24, pageSize: 20 });
    expect(last.list).toHaveLength(SEED_COUNTS.orders - 23 * 20);
    const beyond = await user.call('/api/order/index', { pageIndex: 99, pageSize: 20 });
    expect(beyond).toEqual({ list: [], total: SEED_COUNTS.orders });
  });

  it('filters orders by status, shop, keyword and date range', async () => {
    const all = await user.call('/api/order/index', { pageIndex: 1, pageSize: 100 });
    const sample = all.list[0];
    if (!sample) throw new Error('no orders');
    const byStatus = await user.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 100,
      status: sample.status,
    });
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.total).toBeLessThan(SEED_COUNTS.orders);
    expect(byStatus.list.every((o) => o.status === sample.status)).toBe(true);
    const byShop = await user.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 100,
      shop_id: String(sample.shop_id),
    });
    expect(byShop.list.every((o) => o.shop_id === sample.shop_id)).toBe(true);
    const byNo = await user.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 20,
      keyword: sample.order_no,
    });
    expect(byNo.list.map((o) => o.order_no)).toEqual([sample.order_no]);
    const day = new Date((sample.created_at + 8 * 3600) * 1000).toISOString().slice(0, 10);
    const byDay = await user.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 100,
      start_date: day,
      end_date: day,
    });
    expect(byDay.list.some((o) => o.id === sample.id)).toBe(true);
    // Empty strings are "no filter", as they come from the address bar.
    expect(
      (await user.call('/api/order/index', { pageIndex: 1, pageSize: 1, keyword: '', status: '' })).total,
    ).toBe(SEED_COUNTS.orders);
  });

  it('treats LIKE wildcards in a keyword literally', async () => {
    expect((await user.call('/api/order/index', { pageIndex: 1, pageSize: 1, keyword: '%' })).total).toBe(0);
    expect((await user.call('/api/order/index', { pageIndex: 1, pageSize: 1, keyword: '_' })).total).toBe(0);
  });

  it('lists after-sale orders, shops, goods and copy records with their seeded counts', async () => {
    const after = await user.call('/api/order/after-sale', { pageIndex: 1, pageSize: 20 });
    expect(after.total).toBe(SEED_COUNTS.afterSales);
    expect(after.list.every((a) => afterSaleOrderSchema.safeParse(a).success)).toBe(true);
    const shops = await user.call('/api/shop/index', { pageIndex: 1, pageSize: 100 });
    expect(shops.total).toBe(SEED_COUNTS.shops);
    expect(shops.list.every((s) => shopSchema.safeParse(s).success)).toBe(true);
    const ungrouped = await user.call('/api/shop/index', { pageIndex: 1, pageSize: 100, group_id: 0 });
    expect(ungrouped.list.every((s) => s.group_id === null && s.group_name === '')).toBe(true);
    const goods = await user.call('/api/goods/index', { pageIndex: 1, pageSize: 20 });
    expect(goods.total).toBeGreaterThanOrEqual(SEED_COUNTS.goods);
    expect(goods.list.every((g) => goodsSchema.safeParse(g).success)).toBe(true);
    const copies = await user.call('/api/copy/index', { pageIndex: 1, pageSize: 20, status: 'failed' });
    expect(copies.total).toBeGreaterThan(0);
    expect(copies.list.every((c) => copyRecordSchema.safeParse(c).success && c.status === 'failed')).toBe(
      true,
    );
  });
});

describe('shop groups', () => {
  it('creates, renames, moves a shop into and deletes a group', async () => {
    const group = await user.call('/api/shop/group-save', { name: '测试分组' });
    expect(group).toMatchObject({ name: '测试分组', shop_count: 0 });
    const renamed = await user.call('/api/shop/group-save', {
      id: group.id,
      name: '测试分组2',
      version: group.version,
    });
    expect(renamed).toMatchObject({ name: '测试分组2', version: group.version + 1 });
    const shop1 = (await user.call('/api/shop/index', { pageIndex: 1, pageSize: 1 })).list[0];
    const moved = await user.call('/api/shop/move', {
      shop_id: 1,
      group_id: group.id,
      version: shop1?.version ?? 0,
    });
    expect(moved).toMatchObject({ id: 1, group_id: group.id, group_name: '测试分组2' });
    const groups = await user.call('/api/shop/group-index', { pageIndex: 1, pageSize: 100, keyword: '测试' });
    expect(groups.list).toEqual([{ id: group.id, name: '测试分组2', shop_count: 1, version: 2 }]);
    await expect(
      user.call('/api/shop/group-save', { name: '测试分组2' }, { silent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(await user.call('/api/shop/group-del', { id: group.id })).toEqual({ id: group.id });
    const shop = await user.call('/api/shop/index', { pageIndex: 1, pageSize: 1 });
    expect(shop.list[0]).toMatchObject({ id: 1, group_id: null, group_name: '' });
    await expect(
      user.call('/api/shop/group-del', { id: group.id }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answers 404 for a move into a missing group or of a missing shop', async () => {
    await expect(
      user.call('/api/shop/move', { shop_id: 1, group_id: 99999, version: 1 }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      user.call('/api/shop/move', { shop_id: 99999, group_id: null, version: 1 }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('goods', () => {
  it('creates, reads and updates a product', async () => {
    const created = await user.call('/api/goods/save', {
      shop_id: 2,
      title: '手工测试商品',
      price: 1999,
      stock: 5,
      status: 'draft',
      images: ['/static/goods/1.svg'],
    });
    expect(created).toMatchObject({ shop_id: 2, title: '手工测试商品', price: 1999, source_url: '' });
    const updated = await user.call('/api/goods/save', {
      ...created,
      id: created.id,
      price: 2599,
      status: 'on_sale',
    });
    expect(updated).toMatchObject({ id: created.id, price: 2599, status: 'on_sale' });
    expect(await user.call('/api/goods/detail', { id: created.id })).toEqual({ ...updated, skus: [] });
    await expect(
      user.call('/api/goods/detail', { id: 999999 }, { skipErrorHandler: true }),
    ).rejects.toBeInstanceOf(HttpError);
  });
});

describe('copy jobs', () => {
  it('queues 1688 offer links, refuses other links by name; without 1688 set up a job fails with the reason', async () => {
    const result = await user.call('/api/copy/create', {
      shop_id: 3,
      urls: [
        'https://detail.1688.com/offer/700000001.html',
        'https://detail.1688.com/offer/700000001.html',
        'https://item.taobao.com/item.htm?id=fail-1',
      ],
    });
    expect(result).toEqual({
      created: 1,
      refused: [{ url: 'https://item.taobao.com/item.htm?id=fail-1', reason: COPY_REFUSALS.notOffer }],
    });
    let jobs = await user.call('/api/copy/index', { pageIndex: 1, pageSize: 1, shop_id: 3 });
    for (let i = 0; i < 100 && jobs.list.some((j) => j.status === 'queued' || j.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      jobs = await user.call('/api/copy/index', { pageIndex: 1, pageSize: 1, shop_id: 3 });
    }
    expect(jobs.list[0]).toMatchObject({
      source_url: 'https://detail.1688.com/offer/700000001.html',
      status: 'failed',
      goods_id: null,
      error: '1688未启用或未配置开放平台应用，请联系管理员',
    });
  });
});

describe('settings', () => {
  it('reads and partially updates the settings', async () => {
    const before = await user.call('/api/setting/index');
    const after = await user.call('/api/setting/update', {
      auto_purchase: !before.auto_purchase,
      sync_interval_minutes: 60,
      version: before.version,
    });
    expect(after).toEqual({
      ...before,
      auto_purchase: !before.auto_purchase,
      sync_interval_minutes: 60,
      version: before.version + 1,
    });
    expect(await user.call('/api/setting/index')).toEqual(after);
  });

  it('saves 抖店客服电话 (a mobile, a fixed line, a 400 number) and refuses anything else in Chinese', async () => {
    const token = await t.login('13712340069');
    const seller = t.client(() => token);
    const start = await seller.call('/api/setting/index');
    expect(start.doudian_service_phone).toBe('');
    let version = start.version;
    for (const [typed, saved] of [
      ['0571-88886666', '0571-88886666'],
      ['400 123 4567', '4001234567'],
      ['13912345678', '13912345678'],
      ['', ''],
    ]) {
      const after = await seller.call('/api/setting/update', { doudian_service_phone: typed, version });
      expect(after.doudian_service_phone).toBe(saved);
      version = after.version;
    }
    for (const bad of ['12345', '0571-123', '88886666', '1391234567a', `0${'1'.repeat(40)}`]) {
      const res = await t.post('/api/setting/update', { doudian_service_phone: bad, version }, { token });
      expect({ bad, status: res.status, msg: (await envelope(res)).msg }).toEqual({
        bad,
        status: 422,
        msg: `参数校验失败：字段 doudian_service_phone：${SERVICE_PHONE_MESSAGE}`,
      });
    }
    expect((await seller.call('/api/setting/index')).version).toBe(version);
  });
});

describe('company (admin)', () => {
  it('updates the profile and publishes it in the config', async () => {
    const profile = await admin.call('/api/company/index');
    const saved = await admin.call('/api/company/update', { ...profile, short_name: '云仓' });
    expect(saved.short_name).toBe('云仓');
    expect((await t.client().call('/api/default/config')).short_name).toBe('云仓');
    await admin.call('/api/company/update', { ...profile, version: saved.version });
  });

  it('creates, updates and deletes a banner', async () => {
    const banner = await admin.call('/api/company/ad-save', {
      name: '新活动',
      ad_login_image_url: '/static/banners/1.svg',
    });
    expect(banner).toMatchObject({ name: '新活动', ad_url: '', begin_time: null, end_time: null });
    const updated = await admin.call(
      '/api/company/ad-save',
      { ...banner, id: banner.id, name: '新活动2' },
      { query: { from: 'test' } },
    );
    expect(updated.name).toBe('新活动2');
    expect((await t.client().call('/api/default/config')).ad_list.map((b) => b.name)).toContain('新活动2');
    expect(await admin.call('/api/company/ad-del', {}, { query: { id: banner.id } })).toEqual({
      id: banner.id,
    });
    await expect(
      admin.call('/api/company/ad-del', {}, { ...{ skipErrorHandler: true }, query: { id: banner.id } }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('manages platforms and their authorisations without ever answering app_secret', async () => {
    const platform = await admin.call('/api/company/platform-save', {
      name: '小红书',
      code: 'xiaohongshu',
      enabled: true,
    });
    const auth = await admin.call('/api/company/platform-auth-save', {
      platform_id: platform.id,
      shop_name: '小红书旗舰店',
      app_key: 'xhs_1',
      app_secret: 'top-secret',
    });
    expect(auth).toMatchObject({ platform_id: platform.id, status: 'active' });
    expect(JSON.stringify(auth)).not.toContain('top-secret');
    const platforms = await admin.call('/api/company/platform-list');
    expect(apiRoutes['/api/company/platform-list'].data.safeParse(platforms).success).toBe(true);
    expect(platforms.find((p) => p.id === platform.id)).toEqual(platform);
    expect(platforms.map((p) => p.code)).toContain('taobao');
    await expect(
      user.call('/api/company/platform-list', {}, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 403,
    });
    const list = await admin.call(
      '/api/company/platform-auth-list',
      {},
      { query: { platform_id: platform.id } },
    );
    expect(list.map((a) => a.id)).toEqual([auth.id]);
    expect(JSON.stringify(list)).not.toContain('top-secret');
    expect(await admin.call('/api/company/platform-auth-del', {}, { query: { id: auth.id } })).toEqual({
      id: auth.id,
    });
    expect(await admin.call('/api/company/platform-del', {}, { query: { id: platform.id } })).toEqual({
      id: platform.id,
    });
    expect((await admin.call('/api/company/platform-list')).map((p) => p.id)).not.toContain(platform.id);
    await expect(
      admin.call(
        '/api/company/platform-save',
        { name: '淘宝2', code: 'taobao', enabled: true },
        { query: { silent: true } },
      ),
    ).rejects.toBeInstanceOf(ApiError);
  });
});

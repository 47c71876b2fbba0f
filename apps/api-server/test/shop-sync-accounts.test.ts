import {
  DOUDIAN_SANDBOX_APP,
  DoudianSandbox,
  PDD_SANDBOX_APP,
  PddSandbox,
} from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_RULES } from '../src/db/shop-sync';
import type { PlatformCode } from '../src/platforms/connector';
import { ADMIN, envelope, startTestServer, TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { syncNow } from './sync-helpers';

/**
 * The shop sync keeps accounts apart: two sellers each authorise a 拼多多 and a 抖店 shop through the
 * API (the platforms' pages on the sandboxes served on loopback), buyers order in all four shops and
 * ask for refunds, the sync runs, and each seller's own API lists exactly the orders and 售后订单 of its
 * own shops; the other seller's are absent from its lists and 404 by id. On PGlite and, with
 * TEST_DATABASE_URL, on Postgres.
 */

const clock = new TestClock();
let t: TestServer;
let pdd: PddSandbox;
let doudian: DoudianSandbox;
const served: ServedSandbox[] = [];

interface Seller {
  token: string;
  /** Consign shop id per platform. */
  shops: Record<PlatformCode, number>;
  /** The platform order numbers placed in its shops. */
  orders: string[];
  /** Those whose buyer asked for a refund. */
  refunds: string[];
}

const sandboxOf = (platform: PlatformCode) => (platform === 'pinduoduo' ? pdd : doudian);

async function registerApps(admin: string) {
  const api = t.client(() => admin);
  const platforms = await api.call('/api/company/platform-list');
  for (const [code, app] of [
    ['pinduoduo', PDD_SANDBOX_APP],
    ['douyin', DOUDIAN_SANDBOX_APP],
  ] as const) {
    const platform = platforms.find((p) => p.code === code);
    if (!platform) throw new Error(`no platform ${code}`);
    await api.call('/api/company/platform-auth-save', {
      platform_id: platform.id,
      shop_name: `${code} 开放平台应用`,
      app_key: app.clientId,
      app_secret: app.clientSecret,
      service_id: 'serviceId' in app ? app.serviceId : '',
    });
  }
}

/** 添加店铺 through the API, 同意授权 on the platform's page, the callback: the new shop's id. */
async function authorise(token: string, platform: PlatformCode, platformShopId: string): Promise<number> {
  const started = await envelope(await t.post('/api/shop/authorise', { platform }, { token }));
  expect(started.errorCode, started.msg).toBe(0);
  const back = await decideOnAuthorisationPage((started.data as { url: string }).url, {
    shopId: platformShopId,
  });
  const res = await t.post(
    '/api/shop/authorise-callback',
    { platform, state: back.searchParams.get('state') ?? '', code: back.searchParams.get('code') ?? '' },
    { token },
  );
  const answer = await envelope(res);
  expect({ status: res.status, msg: answer.msg }).toEqual({ status: 200, msg: undefined });
  return (answer.data as { id: number }).id;
}

async function newSeller(mobile: string, pddShop: string, doudianShop: string): Promise<Seller> {
  const token = await t.login(mobile);
  return {
    token,
    shops: {
      pinduoduo: await authorise(token, 'pinduoduo', pddShop),
      douyin: await authorise(token, 'douyin', doudianShop),
    },
    orders: [],
    refunds: [],
  };
}

/** Each seller's shops synced by the job runner (立即同步 with the seller's own token). */
async function syncAll(sellers: Seller[]) {
  clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
  for (const seller of sellers) {
    for (const shopId of Object.values(seller.shops)) {
      const state = await syncNow(t, seller.token, shopId);
      expect(state.sync_error).toBeNull();
    }
  }
}

const orderList = (seller: Seller) =>
  t.client(() => seller.token).call('/api/order/index', { pageIndex: 1, pageSize: 100 });
const afterSaleList = (seller: Seller) =>
  t.client(() => seller.token).call('/api/order/after-sale', { pageIndex: 1, pageSize: 100 });

beforeAll(async () => {
  // The test clock stands still: rate limits far above what the sync calls; no seeded orders.
  pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, seedOrders: 0, rateLimit: 100_000 });
  doudian = new DoudianSandbox({
    apps: [DOUDIAN_SANDBOX_APP],
    now: clock.now,
    seedOrders: 0,
    rateLimit: 100_000,
    // The service's registered callback: this server's PUBLIC_URL + the admin's return path.
    services: [
      {
        serviceId: DOUDIAN_SANDBOX_APP.serviceId,
        appKey: DOUDIAN_SANDBOX_APP.clientId,
        callbackUrl: () => `${t.server.publicUrl}/shop/authorised/douyin`,
      },
    ],
  });
  served.push(await serveSandbox(pdd), await serveSandbox(doudian));
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    shopSync: { pollMs: 50 },
    platforms: {
      pdd: PddSandbox.endpoints(served[0]?.url ?? ''),
      doudian: DoudianSandbox.endpoints(served[1]?.url ?? ''),
    },
  });
  await registerApps(await t.login(ADMIN));
}, 180_000);

afterAll(async () => {
  await t?.stop();
  for (const s of served) await s.close();
});

describe('the shop sync between seller accounts', () => {
  it("lands each account's platform orders and 售后订单 under its own shops only", {
    timeout: 180_000,
  }, async () => {
    const a = await newSeller('13712400001', '900001', '77001');
    const b = await newSeller('13712400002', '900002', '77002');
    const sellers = [a, b];
    const platformShop: Record<PlatformCode, [string, string]> = {
      pinduoduo: ['900001', '900002'],
      douyin: ['77001', '77002'],
    };

    // Buyers order in all four shops, then ask for refunds: A on 抖店, B on 拼多多.
    for (const [i, seller] of sellers.entries()) {
      for (const platform of ['pinduoduo', 'douyin'] as const) {
        for (let n = 0; n < 2; n++) {
          seller.orders.push(sandboxOf(platform).placeOrder(platformShop[platform][i] as string).orderNo);
        }
      }
    }
    await syncAll(sellers);
    const refund = (seller: Seller, platform: PlatformCode, index: number) => {
      const orderNo = seller.orders[index] as string;
      sandboxOf(platform).refundOrder(orderNo);
      seller.refunds.push(orderNo);
    };
    refund(a, 'douyin', 2);
    refund(b, 'pinduoduo', 0);
    await syncAll(sellers);

    const lists = await Promise.all(sellers.map(orderList));
    for (const [i, seller] of sellers.entries()) {
      const list = lists[i]?.list ?? [];
      // Exactly its own platform orders, each under its own shop of that platform.
      expect(list.map((o) => o.platform_order_no).sort()).toEqual([...seller.orders].sort());
      for (const order of list) {
        const onPdd = pdd.orders.get(order.platform_order_no ?? '') !== undefined;
        expect(order.shop_id).toBe(seller.shops[onPdd ? 'pinduoduo' : 'douyin']);
      }
      // The other seller's orders: 404 by id, through the detail and the after-sale detail.
      const other = lists[1 - i]?.list ?? [];
      expect(other).toHaveLength(4);
      for (const order of other) {
        const res = await t.post('/api/order/detail', { id: order.id }, { token: seller.token });
        expect({ status: res.status, msg: (await envelope(res)).msg }).toEqual({
          status: 404,
          msg: '记录不存在',
        });
      }

      // 售后订单: exactly its own refund, on its own shop.
      const afterSales = (await afterSaleList(seller)).list;
      const own = list.filter((o) => seller.refunds.includes(o.platform_order_no ?? ''));
      // 平台订单号 with it (the list leads with it), and its keyword finds the request.
      const view = (s: { order_no: string; platform_order_no?: string | null; shop_id: number }) => ({
        order_no: s.order_no,
        platform_order_no: s.platform_order_no,
        shop_id: s.shop_id,
      });
      expect(afterSales.map(view)).toEqual(own.map(view));
      expect(afterSales.every((s) => s.status === 'pending' && s.platform_order_no)).toBe(true);
      const byPlatformNo = await t
        .client(() => seller.token)
        .call('/api/order/after-sale', {
          pageIndex: 1,
          pageSize: 10,
          keyword: own[0]?.platform_order_no ?? '',
        });
      expect(byPlatformNo.list.map((s) => s.order_no)).toEqual([own[0]?.order_no]);
    }
    for (const [i, seller] of sellers.entries()) {
      const others = (await afterSaleList(sellers[1 - i] as Seller)).list;
      expect(others).toHaveLength(1);
      const res = await t.post(
        '/api/order/after-sale-detail',
        { id: others[0]?.id },
        { token: seller.token },
      );
      expect(res.status).toBe(404);
    }
  });
});

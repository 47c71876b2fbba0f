import type { DashboardSummary, OrderDetail, Page, Shop } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_RULES } from '../src/db/shop-sync';
import { openShopTokens, storeShopTokens } from '../src/db/shop-tokens';
import { windowsOf } from '../src/jobs/shop-sync';
import { PDD_MAX_LOOKBACK_SECONDS, PDD_MAX_WINDOW_SECONDS } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import {
  envelope,
  seededPostgresDatabase,
  startTestServer,
  TEST_POSTGRES,
  TestClock,
  type TestServer,
  USER,
} from './helpers';
import { authorisedShop, PlatformUnderTest, syncNow, syncState, until } from './sync-helpers';

/**
 * The shop order sync (jobs/shop-sync.ts) through the real server, its database and the 拼多多 sandbox
 * served on loopback (behind a switch that can make it fail): orders placed on the "platform" appear
 * after a sync with every field right; faults back off, say why, write nothing half, and the next run
 * catches up.
 */

const clock = new TestClock();
let t: TestServer;
let platform: PlatformUnderTest;
let token: string;
let shopId: number;

const nowS = () => Math.floor(clock.now() / 1000);
const box = new SecretBox(DEV_DATA_KEY);

interface StoredOrder {
  id: number;
  order_no: string;
  source: string;
  status: string;
  amount: number;
  goods: {
    title: string;
    sku: string;
    quantity: number;
    price: number;
    goods_id: string;
    sku_id: string;
    outer_sku_id: string;
    outer_goods_id: string;
  }[];
  goods_titles: string;
  buyer_name: string;
  receiver_name: string;
  receiver_mobile: string;
  receiver_address: string;
  receiver_region: { province: string; city: string; district: string };
  receiver_cipher: { name: string; mobile: string; address: string };
  created_at: number;
  paid_at: number | null;
  ship_by: number | null;
  pre_sale: boolean;
  freight: number;
  discount: number;
  buyer_message: string;
  platform_status: string;
  refund_status: string;
  platform_updated_at: number;
}

async function stored(orderNo: string): Promise<StoredOrder[]> {
  return t.server.db.query<StoredOrder>(
    'SELECT * FROM orders WHERE shop_id = $1 AND platform_order_no = $2',
    [shopId, orderNo],
  );
}
async function orderCount(): Promise<number> {
  const [row] = await t.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE shop_id = $1',
    [shopId],
  );
  return row?.n ?? 0;
}
/** 店铺设置's 同步失败 view (its shops) and 工作台's count of it. */
async function syncFailed(): Promise<{ ids: number[]; counted: number | undefined }> {
  const call = async <T>(path: string, body: Record<string, unknown>) =>
    (await envelope(await t.post(path, body, { token }))).data as T;
  const list = await call<Page<Shop>>('/api/shop/index', {
    pageIndex: 1,
    pageSize: 100,
    attention: 'sync_failed',
  });
  const glance = await call<DashboardSummary>('/api/dashboard/summary', {});
  return { ids: list.list.map((shop) => shop.id), counted: glance.shops?.sync_failed };
}
/** Places an order now and lets the platform's settle time pass, so the next window reaches it. */
function place(overrides: Parameters<PlatformUnderTest['sandbox']['placeOrder']>[1] = {}) {
  const order = platform.sandbox.placeOrder('900001', overrides);
  clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
  return order;
}

/** This server's `shopSync.fallbackSeconds`: 10 minutes, so the account's 5 and 15 both show. */
const FALLBACK_SECONDS = 600;

beforeAll(async () => {
  platform = await PlatformUnderTest.start(clock);
  t = await startTestServer({
    clock,
    platformConnector: async (code) => (code === 'pinduoduo' ? platform.connector : null),
    // The server's fallback (`SHOP_SYNC_FALLBACK_SECONDS`) longer than the account's 5 minutes.
    shopSync: { pollMs: 50, fallbackSeconds: FALLBACK_SECONDS },
  });
  token = await t.login(USER);
  shopId = await authorisedShop(t, platform);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await platform?.close();
});

describe('the shop order sync', () => {
  it('plans windows within the platform limits, overlapping, up to now', () => {
    const connector = {
      maxWindowSeconds: PDD_MAX_WINDOW_SECONDS,
      maxLookbackSeconds: PDD_MAX_LOOKBACK_SECONDS,
    };
    const now = 1_764_000_000;
    const first = windowsOf(connector, null, now);
    expect(first[0]?.start).toBe(now - SYNC_RULES.settleSeconds - SYNC_RULES.firstSyncSeconds);
    expect(first.at(-1)?.end).toBe(now);
    for (const [i, w] of first.entries()) {
      expect(w.end - w.start).toBeLessThanOrEqual(PDD_MAX_WINDOW_SECONDS);
      if (i > 0) expect(w.start).toBe((first[i - 1]?.end ?? 0) - SYNC_RULES.overlapSeconds);
    }
    // From a cursor: the overlap before it (longer than the settle time the cursor stays behind).
    expect(SYNC_RULES.overlapSeconds).toBeGreaterThan(SYNC_RULES.settleSeconds);
    expect(windowsOf(connector, now - 3600, now)[0]?.start).toBe(now - 3600 - SYNC_RULES.overlapSeconds);
    expect(windowsOf(connector, now - SYNC_RULES.settleSeconds, now)).toEqual([
      { start: now - SYNC_RULES.settleSeconds - SYNC_RULES.overlapSeconds, end: now },
    ]);
    expect(windowsOf(connector, now, now)).toEqual([]);
    // A cursor older than the lookback starts a minute inside it.
    expect(windowsOf(connector, now - 200 * 86_400, now)[0]?.start).toBe(now - PDD_MAX_LOOKBACK_SECONDS + 60);
  });

  it('brings in an order placed on the platform with every field right, and the shop shows its sync', async () => {
    const old = platform.sandbox.placeOrder('900001', { createdAt: nowS() - 30 * 3600 });
    const recent = platform.sandbox.placeOrder('900001', { createdAt: nowS() - 20 * 3600 });
    const order = place({
      buyerMessage: '请用顺丰，谢谢 🙏',
      freightFen: 800,
      discountFen: 150,
      preSale: true,
      items: [
        {
          goodsId: '3051001',
          skuId: '30510012',
          name: '加厚珊瑚绒毛毯 秋冬款',
          spec: '灰色,180x200cm',
          quantity: 2,
          priceFen: 7990,
          outerSkuId: 'SKU-3051001-2',
          outerGoodsId: 'SPU-3051001',
        },
      ],
    });
    const state = await syncNow(t, token, shopId);
    expect(state.sync_error).toBeNull();
    expect(state.sync_succeeded_at).toBe(nowS());
    expect(state.sync_cursor).toBe(nowS() - SYNC_RULES.settleSeconds);

    // The first sync reaches 24 h back: the order of 20 h ago is in, the one of 30 h ago is not.
    expect(await stored(recent.orderNo)).toHaveLength(1);
    expect(await stored(old.orderNo)).toHaveLength(0);

    const [row] = await stored(order.orderNo);
    expect(row).toBeDefined();
    if (!row) return;
    expect(row.order_no).toMatch(/^DD\d{18}$/);
    expect(row).toMatchObject({
      source: 'sync',
      status: 'pending',
      amount: 2 * 7990 - 150 + 800,
      freight: 800,
      discount: 150,
      buyer_message: '请用顺丰，谢谢 🙏',
      pre_sale: true,
      ship_by: order.createdAt + 5 * 86_400,
      created_at: order.createdAt,
      paid_at: order.paidAt,
      platform_status: '1',
      refund_status: 'none',
      platform_updated_at: order.updatedAt,
      receiver_region: {
        province: order.receiver.province,
        city: order.receiver.city,
        district: order.receiver.district,
      },
      receiver_cipher: order.cipher,
    });
    expect(row.goods).toEqual([
      {
        title: '加厚珊瑚绒毛毯 秋冬款',
        image: '',
        quantity: 2,
        sku: '灰色,180x200cm',
        price: 7990,
        goods_id: '3051001',
        sku_id: '30510012',
        outer_sku_id: 'SKU-3051001-2',
        outer_goods_id: 'SPU-3051001',
      },
    ]);
    // The receiver masked as the platform gives it; never the plain text.
    const plain = order.receiver;
    expect(row.receiver_name).toBe(`${[...plain.name][0]}${'*'.repeat([...plain.name].length - 1)}`);
    expect(row.receiver_mobile).toBe(`${plain.mobile.slice(0, 3)}****${plain.mobile.slice(7)}`);
    expect(row.receiver_address.startsWith(`${plain.province}${plain.city}${plain.district}`)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(plain.mobile);
    expect(JSON.stringify(row)).not.toContain(plain.address);

    // Through the API: the order's detail, and the shop's sync in the shop list.
    const detail = await envelope(await t.post('/api/order/detail', { id: row.id }, { token }));
    const d = detail.data as OrderDetail;
    expect(d.platform_order_no).toBe(order.orderNo);
    expect(d.buyer_message).toBe('请用顺丰，谢谢 🙏');
    expect(d.goods[0]).toMatchObject({ sku: '灰色,180x200cm', price: 7990, outer_sku_id: 'SKU-3051001-2' });
    expect(d.receiver.mobile).toBe(row.receiver_mobile);
    const shops = (
      await envelope(await t.post('/api/shop/index', { pageIndex: 1, pageSize: 100 }, { token }))
    ).data as Page<Shop>;
    const shop = shops.list.find((s) => s.id === shopId);
    expect(shop?.sync).toEqual({
      last_sync_at: nowS(),
      last_success_at: nowS(),
      lag_seconds: SYNC_RULES.settleSeconds,
      last_error: null,
      failures: 0,
      syncing: false,
      next_sync_at: nowS() + FALLBACK_SECONDS,
      last_inserted: 2,
      last_updated: 0,
    });
    // A shop never authorised has no sync.
    expect(shops.list.find((s) => s.id !== shopId)?.sync).toBeNull();

    // 预售订单: the pre-sale filter of the order list.
    const preSale = (
      await envelope(await t.post('/api/order/index', { pageIndex: 1, pageSize: 50, pre_sale: 1 }, { token }))
    ).data as Page<{ id: number; pre_sale: boolean; ship_by: number | null; platform_order_no: string }>;
    expect(preSale.list.map((o) => o.platform_order_no)).toContain(order.orderNo);
    expect(preSale.list.every((o) => o.pre_sale)).toBe(true);
    expect(preSale.list.find((o) => o.id === row.id)?.ship_by).toBe(order.createdAt + 5 * 86_400);
  });

  it('brings in an order placed a moment ago with the next sync, while the cursor stays the settle time behind', async () => {
    await syncNow(t, token, shopId);
    const order = platform.sandbox.placeOrder('900001');
    // syncNow moves the clock past the floor between two syncs (61 s), well within the settle time.
    const state = await syncNow(t, token, shopId);
    expect(state.sync_error).toBeNull();
    expect(await stored(order.orderNo)).toHaveLength(1);
    expect(state.sync_cursor).toBe(nowS() - SYNC_RULES.settleSeconds);
  });

  it('stores an order seen again once, and an older version never overwrites a newer one', async () => {
    const order = place();
    await syncNow(t, token, shopId);
    const before = await orderCount();
    // The next run starts 5 minutes before the cursor: the order's window is read again.
    clock.advance(60_000);
    const calls = platform.listCalls.length;
    await syncNow(t, token, shopId);
    expect(platform.listCalls.length).toBeGreaterThan(calls);
    expect(await orderCount()).toBe(before);
    expect(await stored(order.orderNo)).toHaveLength(1);
  });

  it('reads an amount as a string, a missing optional field, emoji and very long names correctly', async () => {
    const longName = `超长商品名🎁${'加厚珊瑚绒毛毯😀'.repeat(40)}`;
    const order = place({
      buyerMessage: '',
      freightFen: 0,
      discountFen: 0,
      items: [
        {
          goodsId: '1',
          skuId: '11',
          name: longName,
          spec: '🎨'.repeat(100),
          quantity: 1,
          priceFen: 1990,
          outerSkuId: '',
          outerGoodsId: '',
        },
      ],
    });
    platform.transform = (json) => {
      const answer = json.order_sn_increment_get_response as { order_sn_list: Record<string, unknown>[] };
      for (const entry of answer.order_sn_list) {
        entry.pay_amount = String(entry.pay_amount); // "19.9"
        for (const item of entry.item_list as Record<string, unknown>[]) item.goods_price = '19.90';
        delete entry.buyer_memo;
        delete entry.pre_sale_time;
        delete entry.last_ship_time;
        delete entry.town;
      }
    };
    try {
      const state = await syncNow(t, token, shopId);
      expect(state.sync_error).toBeNull();
    } finally {
      platform.transform = null;
    }
    const [row] = await stored(order.orderNo);
    expect(row?.amount).toBe(1990);
    expect(row?.goods[0]?.price).toBe(1990);
    expect(row?.buyer_message).toBe('');
    expect(row?.ship_by).toBeNull();
    const title = row?.goods[0]?.title ?? '';
    expect(title.length).toBeLessThanOrEqual(120);
    expect(longName.startsWith(title)).toBe(true);
    expect(title).not.toMatch(/[\uD800-\uDBFF]$/); // never half an emoji
    expect(row?.goods[0]?.sku).toBe('🎨'.repeat(60));
    // The API answers it (the contract's limits hold).
    const detail = await t.post('/api/order/detail', { id: row?.id }, { token });
    expect(detail.status).toBe(200);
  });

  it('misses no order when one moves between pages while the sync pages (three pages, read from the last)', async () => {
    const base = nowS();
    const placed = Array.from({ length: 250 }, (_, i) =>
      platform.sandbox.placeOrder('900001', { createdAt: base + i }),
    );
    clock.advance((250 + SYNC_RULES.settleSeconds + 10) * 1000);
    // Just before page 3 is read (after page 1 gave the total), an order of the first page changes (a
    // refund): it leaves the window and the orders after it move one place forward. Paging forwards
    // (1, 2, then 3) would miss the order that moved from page 3 onto page 2.
    let moved: string | null = null;
    platform.beforeList = (call) => {
      if (call.page === 3 && !moved) {
        const target = placed[200];
        if (target) {
          platform.sandbox.refundOrder(target.orderNo);
          moved = target.orderNo;
        }
      }
    };
    try {
      await syncNow(t, token, shopId);
    } finally {
      platform.beforeList = null;
    }
    expect(moved).not.toBeNull();
    const numbers = placed.map((o) => o.orderNo);
    const [row] = await t.server.db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT platform_order_no)::int AS distinct FROM orders
       WHERE shop_id = $1 AND platform_order_no = ANY($2::text[])`,
      [shopId, numbers],
    );
    expect(row).toEqual({ n: 250, distinct: 250 });
  });

  it('opens the 售后订单 on a platform refund and finishes it when refunded', async () => {
    const order = place();
    await syncNow(t, token, shopId);
    platform.sandbox.refundOrder(order.orderNo);
    clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
    await syncNow(t, token, shopId);
    const afterSales = () =>
      t.server.db.query<{ type: string; status: string; reason: string; refund_amount: number }>(
        `SELECT a.type, a.status, a.reason, a.refund_amount FROM after_sales a JOIN orders o ON o.id = a.order_id
         WHERE o.shop_id = $1 AND o.platform_order_no = $2`,
        [shopId, order.orderNo],
      );
    const [row] = await stored(order.orderNo);
    expect(row?.refund_status).toBe('in_progress');
    expect(await afterSales()).toEqual([
      { type: 'refund', status: 'pending', reason: '买家在拼多多申请退款', refund_amount: row?.amount },
    ]);
    platform.sandbox.refundOrder(order.orderNo, 'refunded');
    clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
    await syncNow(t, token, shopId);
    expect((await afterSales()).map((a) => a.status)).toEqual(['finished']);
    expect((await stored(order.orderNo))[0]?.refund_status).toBe('refunded');
  });

  it('follows the platform forward: cancelled there -> 已取消, shipped there -> 已发货, with the timeline', async () => {
    const cancelled = place();
    const shipped = place();
    await syncNow(t, token, shopId);
    const change = (
      orderNo: string,
      edit: (o: NonNullable<ReturnType<typeof platform.sandbox.orders.get>>) => void,
    ) => {
      const order = platform.sandbox.orders.get(orderNo);
      if (!order) throw new Error('no sandbox order');
      edit(order);
      order.updatedAt = nowS();
    };
    change(cancelled.orderNo, (o) => {
      o.status = 'cancelled';
    });
    change(shipped.orderNo, (o) => {
      o.status = 'shipped';
      o.shipment = { carrierId: '44', carrierCode: 'SF', trackingNo: 'SF1234567890123', at: nowS() };
    });
    clock.advance((SYNC_RULES.settleSeconds + 10) * 1000);
    await syncNow(t, token, shopId);
    const [c] = await stored(cancelled.orderNo);
    const [s] = await stored(shipped.orderNo);
    expect(c?.status).toBe('cancelled');
    expect(s?.status).toBe('shipped');
    const events = await t.server.db.query<{
      order_id: number;
      actor: string;
      action: string;
      details: unknown;
    }>(
      'SELECT order_id, actor, action, details FROM order_events WHERE order_id = ANY($1::int[]) ORDER BY action',
      [[c?.id, s?.id]],
    );
    expect(events).toEqual([
      { order_id: c?.id, actor: '拼多多', action: 'cancel', details: { reason: '买家已在平台取消订单' } },
      {
        order_id: s?.id,
        actor: '拼多多',
        action: 'ship',
        details: { tracking_no: 'SF1234567890123', note: '已在平台发货' },
      },
    ]);
    const [row] = await t.server.db.query<{ tracking_no: string; cancel_reason: string | null }>(
      'SELECT tracking_no, cancel_reason FROM orders WHERE id = $1',
      [s?.id],
    );
    expect(row?.tracking_no).toBe('SF1234567890123');
  });

  it.each([
    ['html', '拼多多返回了无法识别的内容，稍后自动重试'],
    ['garbage', '拼多多返回了无法识别的内容，稍后自动重试'],
    ['error500', '拼多多服务暂时不可用，稍后自动重试'],
    ['reset', '连接拼多多超时或失败，稍后自动重试'],
  ] as const)(
    'backs off on %s, says why, writes nothing, and the next run catches up',
    async (mode, message) => {
      const before = await syncState(t, shopId);
      const order = place();
      platform.mode = mode;
      let failed: Awaited<ReturnType<typeof syncState>>;
      try {
        failed = await syncNow(t, token, shopId);
        expect(failed.sync_error).toBe(message);
        expect(failed.sync_failures).toBe(1);
        expect(failed.sync_cursor).toBe(before.sync_cursor);
        expect(failed.sync_due_at).toBe(nowS() + SYNC_RULES.baseBackoffSeconds);
        expect(await stored(order.orderNo)).toHaveLength(0);
        // A second failure in a row waits twice as long.
        failed = await syncNow(t, token, shopId);
        expect(failed.sync_failures).toBe(2);
        expect(failed.sync_due_at).toBe(nowS() + 2 * SYNC_RULES.baseBackoffSeconds);
        const shops = (
          await envelope(await t.post('/api/shop/index', { pageIndex: 1, pageSize: 100 }, { token }))
        ).data as Page<Shop>;
        expect(shops.list.find((s) => s.id === shopId)?.sync?.last_error).toBe(message);
        // 店铺设置's 同步失败 view holds it, and 工作台 counts that view.
        expect(await syncFailed()).toEqual({ ids: [shopId], counted: 1 });
      } finally {
        platform.mode = 'ok';
      }
      const recovered = await syncNow(t, token, shopId);
      expect(recovered.sync_error).toBeNull();
      expect(recovered.sync_failures).toBe(0);
      expect(await stored(order.orderNo)).toHaveLength(1);
      expect(await syncFailed()).toEqual({ ids: [], counted: 0 });
    },
  );

  it('backs off when the platform never answers (the 15 s timeout)', { timeout: 90_000 }, async () => {
    const order = place();
    platform.mode = 'hang';
    try {
      const failed = await syncNow(t, token, shopId);
      expect(failed.sync_error).toBe('连接拼多多超时或失败，稍后自动重试');
      expect(await stored(order.orderNo)).toHaveLength(0);
    } finally {
      platform.mode = 'ok';
    }
    await syncNow(t, token, shopId);
    expect(await stored(order.orderNo)).toHaveLength(1);
  });

  it('keeps nothing of a window that fails half way, and reads it again whole', async () => {
    const base = nowS();
    const placed = Array.from({ length: 150 }, (_, i) =>
      platform.sandbox.placeOrder('900001', { createdAt: base + i }),
    );
    clock.advance((150 + SYNC_RULES.settleSeconds + 10) * 1000);
    const before = await syncState(t, shopId);
    // The first page answers; the second call fails.
    platform.failFromListCall = platform.listCalls.length + 2;
    platform.failMode = 'error500';
    try {
      const failed = await syncNow(t, token, shopId);
      expect(failed.sync_error).toBe('拼多多服务暂时不可用，稍后自动重试');
      expect(failed.sync_cursor).toBe(before.sync_cursor);
    } finally {
      platform.failFromListCall = 0;
    }
    const numbers = placed.map((o) => o.orderNo);
    const count = async () =>
      (
        await t.server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND platform_order_no = ANY($2::text[])',
          [shopId, numbers],
        )
      )[0]?.n;
    expect(await count()).toBe(0);
    await syncNow(t, token, shopId);
    expect(await count()).toBe(150);
  });

  it('backs off when the platform throttles the app, and catches up', async () => {
    const order = place();
    // The app's one call of the hour is spent (by another shop of the app, say).
    platform.sandbox.setRateLimit(1, 3600);
    const tokens = await openShopTokens(t.server.db, box, shopId);
    await platform.connector.listChangedOrders(
      tokens?.accessToken ?? '',
      { start: nowS() - 60, end: nowS() },
      1,
    );
    try {
      const failed = await syncNow(t, token, shopId);
      expect(failed.sync_error).toBe('拼多多接口调用过于频繁，稍后自动重试');
      expect(await stored(order.orderNo)).toHaveLength(0);
    } finally {
      platform.sandbox.setRateLimit(PlatformUnderTest.rateLimit, 1);
    }
    await syncNow(t, token, shopId);
    expect(await stored(order.orderNo)).toHaveLength(1);
  });

  it('refreshes an expired token and goes on; refreshes one about to expire before syncing', async () => {
    const order = place();
    const before = await openShopTokens(t.server.db, box, shopId);
    platform.sandbox.expireAccessTokens();
    const refreshes = platform.sandbox.callsOf('pdd.pop.auth.token.refresh').length;
    const state = await syncNow(t, token, shopId);
    expect(state.sync_error).toBeNull();
    expect(platform.sandbox.callsOf('pdd.pop.auth.token.refresh')).toHaveLength(refreshes + 1);
    const after = await openShopTokens(t.server.db, box, shopId);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(await stored(order.orderNo)).toHaveLength(1);

    // Expiring within the refresh-ahead time: refreshed before the first list call.
    await t.server.db.query('UPDATE shops SET auth_expires_at = $2 WHERE id = $1', [shopId, nowS() + 600]);
    const listed = platform.listCalls.length;
    await syncNow(t, token, shopId);
    expect(platform.sandbox.callsOf('pdd.pop.auth.token.refresh')).toHaveLength(refreshes + 2);
    const newest = await openShopTokens(t.server.db, box, shopId);
    expect(platform.listCalls.slice(listed).every((call) => call.token === newest?.accessToken)).toBe(true);
  });

  it("syncs at the server's fallback or the account's longer 订单同步间隔, and 立即同步 at most once a minute", async () => {
    const save = async (minutes: number) => {
      const settings = (await envelope(await t.post('/api/setting/index', {}, { token }))).data as {
        version: number;
      };
      const saved = await t.post(
        '/api/setting/update',
        { version: settings.version, sync_interval_minutes: minutes },
        { token },
      );
      expect(saved.status).toBe(200);
    };
    // 5 minutes (the default): the server's longer fallback (`SHOP_SYNC_FALLBACK_SECONDS`) wins.
    await save(5);
    expect((await syncNow(t, token, shopId)).sync_due_at).toBe(nowS() + FALLBACK_SECONDS);
    await save(15);
    const state = await syncNow(t, token, shopId);
    expect(state.sync_due_at).toBe(nowS() + 15 * 60);
    // Asked again within the minute: due a minute after the last start, not at once.
    const started = nowS();
    clock.advance(20_000);
    const again = await t.post('/api/shop/sync', { id: shopId }, { token });
    expect(again.status).toBe(200);
    expect((await syncState(t, shopId)).sync_due_at).toBe(started + SYNC_RULES.floorSeconds);
  });

  it('on a refused refresh marks the shop 授权已过期, says 请重新授权, and stops syncing it', async () => {
    // Not due until 立即同步 (the last case left it due a minute after its run): else the runner may
    // sync first and mark the shop expired before 立即同步 is asked.
    await t.server.db.query('UPDATE shops SET sync_due_at = $2 WHERE id = $1', [shopId, nowS() + 3600]);
    const tokens = await openShopTokens(t.server.db, box, shopId);
    platform.sandbox.expireAccessTokens();
    await storeShopTokens(t.server.db, box, shopId, {
      accessToken: tokens?.accessToken ?? '',
      refreshToken: 'a-refresh-token-the-platform-refuses',
      expiresAt: nowS() + 86_400,
      refreshExpiresAt: null,
    });
    const state = await syncNow(t, token, shopId);
    expect(state.auth_status).toBe('expired');
    expect(state.sync_error).toBe('拼多多店铺授权已失效，请重新授权');
    // The bell says so, and opens 店铺设置.
    const bell = await envelope(
      await t.post('/api/notification/index', { pageIndex: 1, pageSize: 20 }, { token }),
    );
    expect((bell.data as { list: { title: string; body: string; link: string }[] }).list).toContainEqual(
      expect.objectContaining({
        title: '店铺订单同步失败',
        body: expect.stringContaining('拼多多店铺授权已失效，请重新授权'),
        link: expect.stringMatching(/^\/shop\/setting\?keyword=/),
      }),
    );
    const again = await t.post('/api/shop/sync', { id: shopId }, { token });
    expect(again.status).toBe(409);
    expect(await envelope(again)).toEqual({ errorCode: 1, msg: '店铺授权已过期，请重新授权后再同步' });
    // Due or not, an expired shop is not claimed.
    await t.server.db.query('UPDATE shops SET sync_due_at = 0 WHERE id = $1', [shopId]);
    const calls = platform.listCalls.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(platform.listCalls.length).toBe(calls);
  });
});

/**
 * Two instances on one Postgres, each with its own job runner, both woken for the same shops at once:
 * the lease lets one sync a shop at a time, so no window of a shop is fetched twice (the platform
 * counts the calls) and every order is stored once.
 */
describe.skipIf(!TEST_POSTGRES)('two instances on one Postgres', () => {
  const clock2 = new TestClock();
  let a: TestServer;
  let b: TestServer;
  let platform2: PlatformUnderTest;
  let database: { url: string; drop(): Promise<void> };
  /** What the syncs said about failing or losing a lease: the message of a failed assertion. */
  const syncLog: string[] = [];

  beforeAll(async () => {
    platform2 = await PlatformUnderTest.start(clock2);
    database = await seededPostgresDatabase(TEST_POSTGRES ?? '');
    const options = (name: string) => ({
      dataDir: 'memory://unused',
      databaseUrl: database.url,
      clock: clock2,
      platformConnector: async (code: string) => (code === 'pinduoduo' ? platform2.connector : null),
      shopSync: { pollMs: 20, concurrency: 4 },
      logLevel: 'debug' as const,
      logWrite: (line: string) => {
        if (/shop sync|job/.test(line)) syncLog.push(`${name} ${line.trim()}`);
      },
    });
    [a, b] = await Promise.all([startTestServer(options('a')), startTestServer(options('b'))]);
  }, 120_000);

  afterAll(async () => {
    await a?.stop({ keepData: true });
    await b?.stop({ keepData: true });
    await database?.drop();
    await platform2?.close();
  });

  it('never syncs one shop twice in one window', { timeout: 120_000 }, async () => {
    const shops = [
      await authorisedShop(a, platform2, '900001'),
      await authorisedShop(a, platform2, '900002'),
    ];
    const placed: string[] = [];
    const base = Math.floor(clock2.now() / 1000);
    for (const shop of ['900001', '900002']) {
      for (let i = 0; i < 30; i++) {
        placed.push(platform2.sandbox.placeOrder(shop, { createdAt: base - 20 * 3600 + i * 2000 }).orderNo);
      }
    }
    // The clock stands still from here (what is due is read on it; the leases are on the database's).
    const login = await a.login(USER);
    // Due now on both; 立即同步 on both instances at once, twice each.
    await a.server.db.query('UPDATE shops SET sync_due_at = NULL WHERE id = ANY($1::int[])', [shops]);
    const calls = shops.flatMap((id) =>
      [a, b, a, b].map((on) => on.post('/api/shop/sync', { id }, { token: login })),
    );
    expect((await Promise.all(calls)).map((res) => res.status)).toEqual(Array(8).fill(200));
    await until(async () => {
      const rows = await a.server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM shops WHERE id = ANY($1::int[]) AND sync_succeeded_at IS NOT NULL
           AND sync_lease_token IS NULL`,
        [shops],
      );
      return rows[0]?.n === 2;
    }, 'both shops synced');
    const seen = new Map<string, number>();
    for (const call of platform2.listCalls) {
      const key = `${call.token}|${call.start}|${call.end}|${call.page}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    // 24 h in windows of 30 minutes overlapping by 5: about 58 windows per shop, each one call.
    expect(seen.size).toBeGreaterThan(100);
    const twice = [...seen.entries()].filter(([, n]) => n > 1);
    // On a failure the first line (all a CI summary shows) carries the claims and lost leases.
    expect(twice, `${JSON.stringify({ twice: twice.slice(0, 3), log: syncLog })}`).toEqual([]);
    const [row] = await a.server.db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT platform_order_no)::int AS distinct FROM orders
       WHERE platform_order_no = ANY($1::text[])`,
      [placed],
    );
    expect(row).toEqual({ n: 60, distinct: 60 });
  });
});

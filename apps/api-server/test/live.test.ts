import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/db/notifications';
import { storePlatformOrders } from '../src/db/platform-order';
import type { PlatformOrder } from '../src/platforms/connector';
import { LIVE_MESSAGES } from '../src/routes/live';
import { ADMIN, envelope, type LiveStream, openLive, startTestServer, type TestServer } from './helpers';

/**
 * Live pages (docs/design.md#live-pages): `/api/live/stream` streams the changes of the caller's account, of
 * the topics the caller may read, once their transaction committed; coalesced, bounded per session,
 * ended when the session ends. The writes are the data functions the background work calls, on the
 * server's own database. On Postgres the same suite runs over LISTEN/NOTIFY (and instances.test.ts
 * carries a change from one instance to the other).
 */
let t: TestServer;
let owner: string;
let ownerId: number;
/** A member of the demo account whose role holds nothing (no order:view). */
let bare: string;
/** The owner of a second account. */
let stranger: string;
let strangerAccount: number;
let shop: { id: number; accountId: number };
const open: LiveStream[] = [];

const live = async (token: string) => {
  const stream = await openLive(t, token);
  open.push(stream);
  return stream;
};

const raise = (accountId: number, key: string) =>
  notify(t.server.db, { accountId, kind: 'shop_auth', key, title: '授权即将过期', body: '', link: '' });

function platformOrder(orderNo: string): PlatformOrder {
  const now = Math.floor(t.clock.now() / 1000);
  return {
    platform: 'pinduoduo',
    orderNo,
    platformStatus: '1',
    stage: 'to_ship',
    platformRefundStatus: '0',
    refund: 'none',
    preSale: false,
    shipBy: null,
    createdAt: now,
    paidAt: now,
    updatedAt: now,
    goodsFen: 1000,
    freightFen: 0,
    discountFen: 0,
    paidFen: 1000,
    buyerMessage: '',
    sellerMemo: '',
    items: [
      {
        name: '实时测试商品',
        spec: '',
        quantity: 1,
        priceFen: 1000,
        goodsId: '1',
        skuId: '1',
        outerSkuId: '',
        outerGoodsId: '',
      },
    ],
    receiver: {
      nameMasked: '张*',
      mobileMasked: '138****0000',
      addressMasked: '某路**号',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      cipher: { name: '', mobile: '', address: '' },
    },
    shipment: null,
  };
}

/** Lets whatever would come arrive (the coalescing window is 100 ms here). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  t = await startTestServer({
    copyWorker: false,
    shopSync: false,
    purchaseJobs: false,
    authExpirySweep: false,
    live: { coalesceMs: 100, heartbeatMs: 300, streamsPerSession: 3 },
  });
  owner = await t.login(ADMIN);
  const admin = t.client(() => owner);
  const role = await admin.call('/api/team/role-save', { name: '无订单权限', permissions: [] });
  await admin.call('/api/team/member-save', { mobile: '13712340071', nickname: '实时', role_id: role.id });
  bare = await t.login('13712340071');
  stranger = await t.login('13712340072');
  const one = async (sql: string, params: unknown[]) =>
    (await t.server.db.query<{ id: number }>(sql, params))[0]?.id ?? 0;
  ownerId = await one('SELECT account_id AS id FROM users WHERE mobile = $1', [ADMIN]);
  strangerAccount = await one('SELECT account_id AS id FROM users WHERE mobile = $1', ['13712340072']);
  shop = {
    id: await one(
      "SELECT id FROM shops WHERE account_id = $1 AND platform = 'pinduoduo' ORDER BY id LIMIT 1",
      [ownerId],
    ),
    accountId: ownerId,
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  await t?.stop();
});

describe('/api/live/stream', () => {
  it("carries a change to the streams of its account only, and an order's to those with order:view", async () => {
    const [mine, member, other] = await Promise.all([live(owner), live(bare), live(stranger)]);

    await raise(ownerId, `live:${Date.now()}`);
    await t.server.db.transaction((tx) =>
      storePlatformOrders(tx, shop, [platformOrder(`LIVE${Date.now()}`)], 0),
    );
    await mine.waitFor('notifications');
    await mine.waitFor('orders');
    await member.waitFor('notifications');
    await settle();
    expect(member.events).not.toContain('orders');
    expect(other.events.filter((e) => e !== ':')).toEqual(['ready']);

    await raise(strangerAccount, `live:${Date.now()}`);
    await other.waitFor('notifications');
    await settle();
    expect(mine.events.filter((e) => e === 'notifications')).toHaveLength(1);
  });

  it('says nothing of a rolled-back change, and coalesces a burst', async () => {
    const mine = await live(owner);
    await t.server.db
      .transaction(async (tx) => {
        await notify(tx, {
          accountId: ownerId,
          kind: 'shop_auth',
          key: 'live:rolled',
          title: '回滚',
          body: '',
          link: '',
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await settle();
    expect(mine.events).not.toContain('notifications');

    for (let i = 0; i < 10; i++) await raise(ownerId, `live:burst:${i}:${Date.now()}`);
    await mine.waitFor('notifications');
    await settle();
    const told = mine.events.filter((e) => e === 'notifications').length;
    // The first at once, the rest of the burst at the end of the window (or two windows on a slow run).
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(3);
    await mine.close();
  });

  it("carries a member's own write through the API to a colleague's page, and a refused one not at all", async () => {
    const [page, member] = await Promise.all([live(owner), live(bare)]);
    const colleague = t.client(() => owner);
    const orderNo = `LIVEAPI${Date.now()}`;
    // The order arrives with no page listening: its own event is long past when the page watches.
    await t.server.db.transaction((tx) => storePlatformOrders(tx, shop, [platformOrder(orderNo)], 0));
    await page.waitFor('orders');
    await settle();
    const id = (
      await t.server.db.query<{ id: number }>('SELECT id FROM orders WHERE platform_order_no = $1', [orderNo])
    )[0]?.id;
    const orders = () => page.events.filter((e) => e === 'orders').length;
    const seen = orders();

    // A refused write (an order of no one) rolls back and says nothing.
    const refused = await t.post('/api/order/cancel', { id: 999_999_999, reason: '缺货' }, { token: owner });
    expect((await envelope(refused)).errorCode).not.toBe(0);
    await settle();
    expect(orders()).toBe(seen);

    // 取消 in the call's one transaction, then a write of another topic: each reaches the page.
    await colleague.call('/api/order/cancel', { id: id ?? 0, reason: '缺货' });
    await page.waitFor('orders', { count: seen + 1 });
    await colleague.call('/api/shop/group-save', { name: `实时分组${Date.now()}` });
    await page.waitFor('shops');
    await member.waitFor('shops');
    expect(member.events).not.toContain('orders');
    expect(member.events).toContain('shops');
  });

  it('refuses a stream past the limit per session with a clear error, and counts a closed one out', async () => {
    const session = await t.login('13712340072');
    const streams = await Promise.all([live(session), live(session), live(session)]);
    const refused = await t.post('/api/live/stream', {}, { token: session });
    expect(refused.status).toBe(429);
    expect((await envelope(refused)).msg).toBe(LIVE_MESSAGES.tooManyStreams);
    await streams[0]?.close();
    // The server sees the cut and counts the stream out.
    const again = await (async () => {
      for (let i = 0; i < 50; i++) {
        const res = await t.post('/api/live/stream', {}, { token: session });
        if (res.status === 200) return res.status;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return 429;
    })();
    expect(again).toBe(200);
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('is refused without a session, heartbeats, and ends with signed-out once the session ends', async () => {
    expect((await t.post('/api/live/stream', {})).status).toBe(401);
    const token = await t.login('13712340073');
    const stream = await live(token);
    await stream.waitFor(':');
    await t.client(() => token).call('/api/default/logout');
    await stream.waitFor('signed-out');
    await stream.ended;
  });
});

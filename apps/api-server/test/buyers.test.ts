import { BLACKLIST_CONFIRM_MESSAGE } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BLACKLIST, SEED_REPEAT_BUYERS } from '../src/db/seed';
import { ADMIN, envelope, startTestServer, type TestServer } from './helpers';

/**
 * 买家管理 and 黑名单 through the real HTTP API: buyers derived from the orders (grouped by
 * buyer name and receiver mobile), searched and sorted; a blacklisted buyer's orders flagged and
 * filterable, and 采购 of them refused (409) until confirmed; lifting the blacklist removes the flag.
 * Another account's buyers and blacklist are covered by the isolation walker (isolation.test.ts).
 */

let t: TestServer;
let owner: string;
const db = () => t.server.db;
const page = { pageIndex: 1, pageSize: 100 };

type Buyer = {
  id: number;
  buyer_name: string;
  mobile: string;
  order_count: number;
  spend: number;
  last_order_at: number;
  blacklisted: boolean;
};
type OrderItem = {
  id: number;
  status: string;
  blacklisted: boolean;
  buyer_name: string;
  shop_id: number;
  receiver: { mobile: string };
};

async function call<T>(path: string, body: Record<string, unknown>) {
  const res = await t.post(path, body, { token: owner });
  const answer = await envelope(res);
  return { status: res.status, msg: answer.msg, data: answer.data as T };
}
const buyers = async (body: Record<string, unknown> = {}) =>
  (await call<{ list: Buyer[]; total: number }>('/api/buyer/index', { ...page, ...body })).data;
const orders = async (body: Record<string, unknown> = {}) =>
  (await call<{ list: OrderItem[]; total: number }>('/api/order/index', { ...page, ...body })).data;

let seq = 0;
/** Inserts a demo-account order of buyer `name` / `mobile`. */
async function addOrder(name: string, mobile: string, amount: number, createdAt: number, status = 'pending') {
  seq += 1;
  const [shop] = await db().query<{ id: number }>(
    'SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1',
  );
  const [row] = await db().query<{ id: number }>(
    `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
       receiver_name, receiver_mobile, receiver_address, created_at)
     VALUES (1, $1, $2, '[]', '测试商品', $3, $4, $5, $5, $6, '测试地址 1 号', $7) RETURNING id`,
    [`BUYER-T-${seq}`, shop?.id, amount, status, name, mobile, createdAt],
  );
  if (!row) throw new Error('no order');
  return row.id;
}

let repeatPending = 0;
let repeatCompleted = 0;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  owner = await t.login(ADMIN);
  repeatCompleted = await addOrder('回头客甲', '13900001111', 10_000, 2_000_000_000, 'completed');
  await addOrder('回头客甲', '13900001111', 25_000, 2_000_000_100, 'shipped');
  repeatPending = await addOrder('回头客甲', '13900001111', 5_000, 2_000_000_200);
  // Same name, another mobile: another buyer.
  await addOrder('回头客甲', '13900002222', 1_000, 1_000_000_000);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('the seed', () => {
  it('has repeat buyers with 3 to 6 orders each over several shops, two of them sharing a name', async () => {
    const { list } = await buyers({ sort: 'orders', pageSize: 20 });
    for (const seeded of SEED_REPEAT_BUYERS) {
      const buyer = list.find(
        (b) => b.mobile === `${seeded.mobile.slice(0, 3)}****${seeded.mobile.slice(-4)}`,
      );
      expect(buyer, seeded.mobile).toMatchObject({ buyer_name: seeded.name, order_count: seeded.orders });
      const own = await orders({ keyword: seeded.name });
      const shops = new Set(
        own.list.filter((o) => o.receiver.mobile === buyer?.mobile).map((o) => o.shop_id),
      );
      expect(shops.size, seeded.name).toBeGreaterThanOrEqual(2);
    }
    expect(SEED_REPEAT_BUYERS.every((b) => b.orders >= 3 && b.orders <= 6)).toBe(true);
    const names = SEED_REPEAT_BUYERS.map((b) => b.name);
    expect(new Set(names).size).toBeLessThan(names.length);
  });

  it('has a blacklisted buyer with a reason whose open orders (待采购 and 已采购) list with blacklisted=1', async () => {
    const entries = await call<{ list: { buyer_name: string; reason: string }[] }>(
      '/api/buyer/blacklist-index',
      page,
    );
    expect(entries.data.list).toContainEqual(
      expect.objectContaining({ buyer_name: SEED_BLACKLIST.name, reason: SEED_BLACKLIST.reason }),
    );
    const flagged = await orders({ blacklisted: 1 });
    expect(flagged.list.length).toBeGreaterThan(0);
    expect(flagged.list.every((o) => o.blacklisted && o.buyer_name === SEED_BLACKLIST.name)).toBe(true);
    expect(flagged.list.map((o) => o.status)).toEqual(expect.arrayContaining(['pending', 'purchased']));
  });

  it('has orders on at least 20 of the last 30 days (the 工作台 chart)', async () => {
    const summary = await call<{ days: { orders: number }[] }>('/api/dashboard/summary', {});
    expect(summary.data.days).toHaveLength(30);
    expect(summary.data.days.filter((d) => d.orders > 0).length).toBeGreaterThanOrEqual(20);
  });
});

describe('买家管理', () => {
  it('groups the orders by buyer name and receiver mobile, with count, spend, latest order and masked mobile', async () => {
    const { list, total } = await buyers({ keyword: '回头客甲' });
    expect(total).toBe(2);
    const repeat = list.find((b) => b.order_count === 3);
    expect(repeat).toEqual({
      id: repeatPending,
      buyer_name: '回头客甲',
      mobile: '139****1111',
      order_count: 3,
      spend: 40_000,
      last_order_at: 2_000_000_200,
      blacklisted: false,
    });
    expect(list.map((b) => b.mobile).sort()).toEqual(['139****1111', '139****2222']);
  });

  it('finds a buyer by the whole mobile, and every derived total matches the orders', async () => {
    const { list } = await buyers({ keyword: '13900002222' });
    expect(list.map((b) => [b.buyer_name, b.order_count, b.spend])).toEqual([['回头客甲', 1, 1_000]]);
    const all = await buyers({ pageSize: 100 });
    const [sum] = await db().query<{ n: number; groups: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (buyer_name, receiver_mobile))::int AS groups
       FROM orders WHERE account_id = 1`,
    );
    expect(all.total).toBe(sum?.groups);
  });

  it('查看订单: buyer_id lists exactly that buyer’s orders, not those of another buyer of the same name', async () => {
    const [mine, other] = [
      await buyers({ keyword: '13900001111' }),
      await buyers({ keyword: '13900002222' }),
    ];
    const mineId = mine.list[0]?.id;
    const own = await orders({ buyer_id: mineId });
    expect(own.total).toBe(3);
    expect(own.list.every((o) => o.buyer_name === '回头客甲' && o.receiver.mobile === '139****1111')).toBe(
      true,
    );
    const theirs = await orders({ buyer_id: other.list[0]?.id });
    expect(theirs.list.map((o) => o.receiver.mobile)).toEqual(['139****2222']);
    // The seed's two 周婷婷: each buyer's count, from their own orders.
    for (const seeded of SEED_REPEAT_BUYERS.filter((b) => b.name === '周婷婷')) {
      const [buyer] = (await buyers({ keyword: seeded.mobile })).list;
      expect((await orders({ buyer_id: buyer?.id })).total).toBe(seeded.orders);
    }
    // With the other filters: the same SQL (the export and the batches share it).
    expect((await orders({ buyer_id: mineId, status: 'completed' })).total).toBe(1);
    // An id that is no order of the account: nothing.
    expect((await orders({ buyer_id: 999_999 })).total).toBe(0);
  });

  it('sorts by order count, spend or latest order, each descending', async () => {
    for (const [sort, key] of [
      ['orders', 'order_count'],
      ['spend', 'spend'],
      ['last_order', 'last_order_at'],
    ] as const) {
      const { list } = await buyers({ sort });
      const values = list.map((b) => b[key]);
      expect(values, sort).toEqual([...values].sort((a, b) => b - a));
    }
    expect((await buyers({ sort: 'orders' })).list[0]?.order_count).toBeGreaterThanOrEqual(3);
    expect((await buyers({ sort: 'last_order' })).list[0]?.id).toBe(repeatPending);
    expect((await call('/api/buyer/index', { ...page, sort: 'name' })).status).toBe(422);
  });
});

describe('a masked mobile is matched only by all 11 digits', () => {
  it('in 买家管理, 黑名单 and 地址管理 a part of the mobile finds nothing by it, the whole number finds the row', async () => {
    await addOrder('掩码买家', '15600008164', 3_000, 1_500_000_000);
    expect(
      (
        await call('/api/buyer/blacklist-save', {
          mobile: '15600008164',
          buyer_name: '掩码买家',
          reason: '掩码测试',
        })
      ).status,
    ).toBe(200);
    const masked = '156****8164';
    const lists = {
      buyers: async (keyword: string) => (await buyers({ keyword })).list.map((b) => b.mobile),
      blacklist: async (keyword: string) =>
        (
          await call<{ list: { mobile: string }[] }>('/api/buyer/blacklist-index', { ...page, keyword })
        ).data.list.map((e) => e.mobile),
      receivers: async (keyword: string) =>
        (
          await call<{ list: { mobile: string }[] }>('/api/order/receivers', { ...page, keyword })
        ).data.list.map((r) => r.mobile),
    };
    for (const [name, list] of Object.entries(lists)) {
      // What recovering the hidden digits needs: the shown ends with one more digit, any part.
      for (const part of ['8164', '0008164', '1560', '15600', '1560000816', '5600008164', '0']) {
        expect(await list(part), `${name} ${part}`).not.toContain(masked);
      }
      expect(await list('15600008164'), name).toEqual([masked]);
      expect(await list(' 156 0000 8164 '), name).toEqual([masked]);
      // The name still matches in part.
      expect(await list('掩码'), name).toContain(masked);
    }
  });
});

describe('黑名单', () => {
  it('flags a blacklisted buyer’s orders, asks to confirm 采购, and drops the flag when lifted', async () => {
    const saved = await call<{ id: number; version: number; mobile: string; buyer_name: string }>(
      '/api/buyer/blacklist-save',
      { order_id: repeatCompleted, reason: '多次恶意退款' },
    );
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ buyer_name: '回头客甲', mobile: '139****1111', version: 1 });

    // Listed once only.
    const again = await call('/api/buyer/blacklist-save', { mobile: '13900001111', reason: '再来一次' });
    expect(again).toMatchObject({ status: 409, msg: '该买家已在黑名单中' });

    // The buyer list and the order list say so; the filter shows exactly their orders.
    expect((await buyers({ keyword: '13900001111' })).list[0]?.blacklisted).toBe(true);
    // (The seed's blacklisted buyer is flagged too: only this buyer's orders are counted here.)
    const flagged = await orders({ blacklisted: 1, keyword: '回头客甲' });
    expect(flagged.total).toBe(3);
    expect(flagged.list.every((o) => o.blacklisted && o.buyer_name === '回头客甲')).toBe(true);
    const other = (await orders({ keyword: '回头客甲' })).list.filter((o) => !o.blacklisted);
    expect(other).toHaveLength(1);

    // 采购 without the confirmation: 409, and the order is untouched.
    const purchase = { id: repeatPending, supplier: '1688', supplier_order_no: 'CG-B1', cost: 100 };
    const refused = await call('/api/order/purchase', purchase);
    expect(refused).toMatchObject({ status: 409, msg: BLACKLIST_CONFIRM_MESSAGE });
    const [still] = await db().query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      repeatPending,
    ]);
    expect(still?.status).toBe('pending');
    // A batch purchase refuses it row by row.
    const batch = await call<{ results: { id: number; ok: boolean; msg?: string }[] }>(
      '/api/order/batch-purchase',
      { supplier: '1688', items: [{ id: repeatPending, supplier_order_no: 'CG-1', cost: 100 }] },
    );
    expect(batch.status).toBe(200);
    expect(JSON.stringify(batch.data)).toContain(BLACKLIST_CONFIRM_MESSAGE);

    // A stale version changes nothing.
    const stale = await call('/api/buyer/blacklist-del', { id: saved.data.id, version: 2 });
    expect(stale.status).toBe(409);

    // Changing the reason counts a version; lifting at that version removes the flag.
    const edited = await call<{ version: number; reason: string }>('/api/buyer/blacklist-save', {
      id: saved.data.id,
      version: 1,
      reason: '恶意退款三次',
    });
    expect(edited.data).toMatchObject({ version: 2, reason: '恶意退款三次' });
    const log = await db().query<{ action_label: string }>(
      "SELECT action_label FROM operation_log WHERE target_type = 'blacklist' AND target_id = $1 ORDER BY id",
      [saved.data.id],
    );
    expect(log.map((l) => l.action_label)).toEqual(['拉黑买家', '拉黑买家']);
    const lifted = await call('/api/buyer/blacklist-del', { id: saved.data.id, version: 2 });
    expect(lifted.status).toBe(200);
    expect((await orders({ blacklisted: 1, keyword: '回头客甲' })).total).toBe(0);
    expect((await buyers({ keyword: '13900001111' })).list[0]?.blacklisted).toBe(false);

    // Blacklisted again (by mobile): 采购 with the confirmation goes through.
    await call('/api/buyer/blacklist-save', { mobile: '13900001111', reason: '又来了' });
    const confirmed = await call<{ status: string }>('/api/order/purchase', {
      ...purchase,
      confirm_blacklist: true,
    });
    expect(confirmed).toMatchObject({ status: 200, data: { status: 'purchased' } });
  });

  it('refuses a save without a buyer, or with both an order and a mobile', async () => {
    expect((await call('/api/buyer/blacklist-save', { reason: '无' })).status).toBe(422);
    expect(
      (
        await call('/api/buyer/blacklist-save', {
          id: repeatPending,
          mobile: '13900009999',
          reason: '两者',
        })
      ).status,
    ).toBe(422);
    expect((await call('/api/buyer/blacklist-save', { mobile: '123', reason: '号码不对' })).status).toBe(422);
  });
});

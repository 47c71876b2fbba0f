import {
  DASHBOARD_CHART_DAYS,
  type DashboardSummary,
  type LogEntry,
  ORDER_EXCEPTIONS,
  type OrderDetail,
  type Page,
  SETUP_STEPS,
  SHOP_ATTENTIONS,
  type Shop,
  STALE_RECORD_MESSAGE,
} from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BLACKLIST } from '../src/db/seed';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * 工作台 at a glance and 地址管理 through the real HTTP API: each count of
 * `/api/dashboard/summary` equals the total of the list its link opens, the 30-day chart adds up to
 * the order list over those days, another account sees only its own (zero) counts; an order's
 * receiver address is corrected before shipping (timeline and operation log) and refused after.
 */

let t: TestServer;
let owner: string;
let member: string;

async function data<T>(path: string, body: Record<string, unknown>, token = member): Promise<T> {
  const res = await t.post(path, body, { token });
  const answer = await envelope(res);
  expect(res.status, `${path} ${answer.msg ?? ''}`).toBe(200);
  return answer.data as T;
}
const summary = (token = member) => data<DashboardSummary>('/api/dashboard/summary', {}, token);
const total = async (path: string, filters: Record<string, unknown>) =>
  (await data<Page<unknown>>(path, { pageIndex: 1, pageSize: 10, ...filters })).total;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  owner = await t.login(ADMIN);
  member = await t.login(USER);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('/api/dashboard/summary', () => {
  it('each count equals the total of the list with that filter', async () => {
    const s = await summary();
    expect(s.pending).toBeGreaterThan(0);
    expect(s.purchased).toBeGreaterThan(0);
    expect(s.after_sale_pending).toBeGreaterThan(0);
    expect(s.pending).toBe(await total('/api/order/index', { status: 'pending' }));
    expect(s.purchased).toBe(await total('/api/order/index', { status: 'purchased' }));
    expect(s.after_sale_pending).toBe(await total('/api/order/after-sale', { status: 'pending' }));
    expect(s.today_orders).toBe(await total('/api/order/index', { start_date: s.today, end_date: s.today }));
    // 异常订单: each view's count is its list's total.
    for (const [exception, count] of Object.entries(s.exceptions ?? {}))
      expect(count, exception).toBe(await total('/api/order/index', { exception }));
    expect(Object.keys(s.exceptions ?? {}).sort()).toEqual([...ORDER_EXCEPTIONS].sort());
    const todays = await data<Page<{ amount: number }>>('/api/order/index', {
      pageIndex: 1,
      pageSize: 100,
      start_date: s.today,
      end_date: s.today,
    });
    expect(s.today_sales).toBe(todays.list.reduce((sum, o) => sum + o.amount, 0));
    // The balance is 余额明细's.
    expect(s.balance).toBe((await data<{ balance: number }>('/api/balance/summary', {})).balance);
  });

  it("counts the shops of each of 店铺设置's attention views, the list's total", async () => {
    const s = await summary();
    expect(Object.keys(s.shops ?? {}).sort()).toEqual([...SHOP_ATTENTIONS].sort());
    for (const attention of SHOP_ATTENTIONS)
      expect(s.shops?.[attention], attention).toBe(await total('/api/shop/index', { attention }));
    // 需重新授权: the seed's expired shops and the one expiring in 5 days, enabled ones only.
    expect(s.shops?.reauthorise).toBeGreaterThan(1);
    const listed = await data<Page<Shop>>('/api/shop/index', {
      pageIndex: 1,
      pageSize: 100,
      attention: 'reauthorise',
    });
    expect(new Set(listed.list.map((shop) => shop.state))).toEqual(new Set(['expired', 'expiring']));
    const all = await data<Page<Shop>>('/api/shop/index', { pageIndex: 1, pageSize: 100 });
    expect(listed.total).toBe(
      all.list.filter((shop) => shop.state === 'expired' || shop.state === 'expiring').length,
    );
  });

  it('charts the last 30 Asia/Shanghai days, oldest first, adding up to the order list over them', async () => {
    const s = await summary();
    expect(s.days).toHaveLength(DASHBOARD_CHART_DAYS);
    expect(s.days.at(-1)?.date).toBe(s.today);
    const first = s.days[0]?.date ?? '';
    for (let i = 1; i < s.days.length; i++) {
      const step = Date.parse(s.days[i]?.date ?? '') - Date.parse(s.days[i - 1]?.date ?? '');
      expect(step).toBe(86_400_000);
    }
    const ordered = s.days.reduce((sum, d) => sum + d.orders, 0);
    // The seed spreads orders over 180 days: the chart has history to show.
    expect(s.days.filter((d) => d.orders > 0).length).toBeGreaterThan(10);
    expect(ordered).toBe(await total('/api/order/index', { start_date: first, end_date: s.today }));
    expect(s.days.at(-1)?.orders).toBe(s.today_orders);
    expect(s.days.at(-1)?.sales).toBe(s.today_sales);
  });

  it('follows a step: purchasing a pending order moves it from 待采购 to 待发货', async () => {
    const before = await summary();
    const [order] = (
      await data<Page<{ id: number }>>('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'pending' })
    ).list;
    await data('/api/order/purchase', {
      id: order?.id,
      supplier: '1688',
      supplier_order_no: 'CG1',
      cost: 100,
    });
    const after = await summary();
    expect({ pending: after.pending, purchased: after.purchased }).toEqual({
      pending: before.pending - 1,
      purchased: before.purchased + 1,
    });
  });

  it("counts the caller's account only: a new account sees zeros", async () => {
    const stranger = await t.login('13712349911');
    const s = await summary(stranger);
    expect({ ...s, days: undefined }).toEqual({
      today: s.today,
      pending: 0,
      purchased: 0,
      after_sale_pending: 0,
      today_orders: 0,
      today_sales: 0,
      exceptions: { purchase_failed: 0, out_of_stock: 0, unpaid: 0, intercept: 0, writeback_failed: 0 },
      days: undefined,
      balance: 0,
      shops: { reauthorise: 0, sync_failed: 0 },
      setup: { shop: false, supplier: false, sender_address: false, auto_pay: false, top_up: false },
    });
    expect(s.days.every((d) => d.orders === 0 && d.sales === 0)).toBe(true);
  });

  it("ticks 新手指引's steps from the account's own state", async () => {
    const fresh = await t.login('13712349912');
    const steps = async () => (await summary(fresh)).setup;
    expect(Object.values((await steps()) ?? {}).some(Boolean)).toBe(false);
    await data(
      '/api/address/save',
      {
        kind: 'sender',
        name: '张三',
        mobile: '13611112222',
        region: '浙江省 杭州市',
        address: '发货路 1 号',
      },
      fresh,
    );
    const { version } = await data<{ version: number }>('/api/setting/index', {}, fresh);
    await data('/api/setting/update', { auto_pay: true, version }, fresh);
    expect(await steps()).toEqual({
      shop: false,
      supplier: false,
      sender_address: true,
      auto_pay: true,
      top_up: false,
    });
    // The demo account has its shops and sender addresses, no 1688 account and no money yet.
    const demo = await summary(owner);
    expect(SETUP_STEPS.filter((step) => !demo.setup?.[step])).toEqual(['supplier', 'top_up']);
  });
});

describe('/api/order/address', () => {
  const firstIn = async (status: string) =>
    (await data<Page<{ id: number }>>('/api/order/index', { pageIndex: 1, pageSize: 1, status })).list[0]
      ?.id ?? 0;

  it.each(['pending', 'purchased'])(
    'corrects a %s order, shown in its timeline and in the operation log (before/after)',
    async (status) => {
      const id = await firstIn(status);
      const before = await data<OrderDetail>('/api/order/detail', { id });
      const fix = {
        id,
        name: '改地址',
        mobile: '13611112222',
        address: `新地址路 ${status} 8 号`,
        version: before.version,
      };
      expect(await data('/api/order/address', fix)).toEqual({ id, status });
      const after = await data<OrderDetail>('/api/order/detail', { id });
      expect(after.receiver).toEqual({ name: '改地址', mobile: '136****2222', address: fix.address });
      expect(after.events.at(-1)).toMatchObject({
        action: 'address',
        details: { name: '改地址', mobile: '136****2222', address: fix.address },
      });
      expect(after.events).toHaveLength(before.events.length + 1);
      expect(after.version).toBe(before.version + 1);
      const log = await data<Page<LogEntry>>('/api/log/index', { pageIndex: 1, pageSize: 1 }, owner);
      expect(log.list[0]).toMatchObject({
        action_label: '修改收货地址',
        target_id: id,
        target_type: 'order',
      });
      const changes = JSON.stringify(log.list[0]?.changes);
      expect(changes).toContain(before.receiver.address);
      expect(changes).toContain(fix.address);
    },
  );

  it('keeps the mobile when none is given', async () => {
    const id = await firstIn('pending');
    const before = await data<OrderDetail>('/api/order/detail', { id });
    await data('/api/order/address', {
      id,
      name: '只改名',
      address: before.receiver.address,
      version: before.version,
    });
    const after = await data<OrderDetail>('/api/order/detail', { id });
    expect(after.receiver).toEqual({ ...before.receiver, name: '只改名' });
  });

  it('a corrected mobile moves the 黑名单 flag (the blacklist matches the receiver mobile), logged masked', async () => {
    type Listed = { id: number; receiver: { name: string; address: string } };
    const flaggedIds = async () =>
      (
        await data<Page<Listed>>('/api/order/index', { pageIndex: 1, pageSize: 100, blacklisted: 1 })
      ).list.map((o) => o.id);
    // The seed's blacklisted buyer has an open (待采购) order.
    const [order] = (
      await data<Page<Listed>>('/api/order/index', {
        pageIndex: 1,
        pageSize: 1,
        blacklisted: 1,
        status: 'pending',
      })
    ).list;
    if (!order) throw new Error('no blacklisted pending order in the seed');
    const fix = { id: order.id, name: order.receiver.name, address: order.receiver.address };

    const version = async () => (await data<OrderDetail>('/api/order/detail', { id: order.id })).version;
    await data('/api/order/address', { ...fix, mobile: '136 2222 3333', version: await version() });
    expect((await data<OrderDetail>('/api/order/detail', { id: order.id })).blacklisted).toBe(false);
    expect(await flaggedIds()).not.toContain(order.id);
    const log = await data<Page<LogEntry>>('/api/log/index', { pageIndex: 1, pageSize: 1 }, owner);
    const changes = JSON.stringify(log.list[0]?.changes);
    expect(changes).toContain(`${SEED_BLACKLIST.mobile.slice(0, 3)}****${SEED_BLACKLIST.mobile.slice(-4)}`);
    expect(changes).toContain('136****3333');
    expect(changes).not.toContain('13622223333');

    // Back to the blacklisted number: flagged again.
    await data('/api/order/address', { ...fix, mobile: SEED_BLACKLIST.mobile, version: await version() });
    expect((await data<OrderDetail>('/api/order/detail', { id: order.id })).blacklisted).toBe(true);
    expect(await flaggedIds()).toContain(order.id);

    // A mobile that is not a mainland mobile is refused (422) and changes nothing.
    const res = await t.post(
      '/api/order/address',
      { ...fix, mobile: '1112223333', version: await version() },
      { token: member },
    );
    expect(res.status).toBe(422);
    expect((await data<OrderDetail>('/api/order/detail', { id: order.id })).blacklisted).toBe(true);
  });

  it('refuses a correction at a stale version (409) and changes nothing; one of ten at once wins', async () => {
    const id = await firstIn('purchased');
    const before = await data<OrderDetail>('/api/order/detail', { id });
    const post = (name: string, version: number) =>
      t.post('/api/order/address', { id, name, address: '版本路 1 号', version }, { token: member });
    // Without a version: refused by the contract.
    expect(
      (await t.post('/api/order/address', { id, name: '无版本', address: '版本路 1 号' }, { token: member }))
        .status,
    ).toBe(422);
    const stale = await post('旧版本', before.version - 1);
    expect({ status: stale.status, msg: (await envelope(stale)).msg }).toEqual({
      status: 409,
      msg: STALE_RECORD_MESSAGE,
    });
    expect(await data<OrderDetail>('/api/order/detail', { id })).toEqual(before);

    // Ten staff correct the order read at one version, at once: one is saved, nine are told.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await post(`同时${i}`, before.version);
        return { i, status: res.status, msg: (await envelope(res)).msg };
      }),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.msg === STALE_RECORD_MESSAGE)).toHaveLength(9);
    const after = await data<OrderDetail>('/api/order/detail', { id });
    expect(after.receiver.name).toBe(`同时${won[0]?.i}`);
    expect(after.version).toBe(before.version + 1);
    expect(after.events).toHaveLength(before.events.length + 1);
  });

  it.each(['shipped', 'completed', 'cancelled'])(
    'refuses a %s order (409) and changes nothing',
    async (status) => {
      const id = await firstIn(status);
      const before = await data<OrderDetail>('/api/order/detail', { id });
      const res = await t.post(
        '/api/order/address',
        { id, name: '晚了', address: '晚了路 1 号', version: before.version },
        { token: member },
      );
      const answer = await envelope(res);
      expect(res.status).toBe(409);
      expect(answer.msg).toContain('不能修改收货地址');
      expect(await data<OrderDetail>('/api/order/detail', { id })).toEqual(before);
    },
  );
});

describe('/api/order/receivers', () => {
  it("lists the buyers' receiving addresses, masked, newest first, a corrected one included", async () => {
    const [order] = (
      await data<Page<{ id: number }>>('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'pending' })
    ).list;
    const { version } = await data<OrderDetail>('/api/order/detail', { id: order?.id });
    await data('/api/order/address', {
      id: order?.id,
      name: '新收货人',
      address: '收货地址测试路 7 号',
      version,
    });
    const found = await data<Page<{ name: string; mobile: string; address: string; orders: number }>>(
      '/api/order/receivers',
      { pageIndex: 1, pageSize: 10, keyword: '收货地址测试路' },
    );
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ name: '新收货人', address: '收货地址测试路 7 号', orders: 1 });
    expect(found.list[0]?.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const all = await data<Page<{ last_order_at: number }>>('/api/order/receivers', {
      pageIndex: 1,
      pageSize: 20,
    });
    expect(all.total).toBeGreaterThan(20);
    const times = all.list.map((r) => r.last_order_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

import { ORDER_BATCH_MAX, ORDER_STATUSES, ORDER_STEPS, type OrderStep } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_OPEN_SQL } from '../src/db/after-sale';
import { orderIdByNo, shipOrder } from '../src/db/order-steps';
import { scopeOf } from '../src/db/scope';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * Order fulfilment through the real HTTP API: every step from every state (allowed: 200
 * and the timeline grows; refused: 409 naming the current state and nothing changes), two staff
 * taking one step at once (one 200, one 409), batches answered row by row, the after-sale answers
 * and the one-default rule of 发货地址.
 */

let t: TestServer;
let owner: string;
let member: string;
const db = () => t.server.db;

const one = async <T>(sql: string, params: unknown[] = []) => {
  const [row] = await db().query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};
const used = new Set<number>();
/** A demo order in `status` that no other test touched. */
/** An unused order of account 1 in `status`, without an after-sale in progress (purchases refuse those). */
async function orderIn(status: string): Promise<number> {
  const rows = await db().query<{ id: number }>(
    `SELECT o.id FROM orders o WHERE o.account_id = 1 AND o.status = $1 AND NOT ${AFTER_SALE_OPEN_SQL}
     ORDER BY o.id`,
    [status],
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no ${status} order left`);
  used.add(row.id);
  return row.id;
}
const orderRow = (id: number) => one<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [id]);
const eventCount = async (id: number) =>
  (await one<{ n: number }>('SELECT count(*)::int AS n FROM order_events WHERE order_id = $1', [id])).n;
const sender = async () =>
  (
    await one<{ id: number }>(
      "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
    )
  ).id;

/** A valid body of each step for order `id`. */
async function stepBody(step: OrderStep, id: number): Promise<[string, Record<string, unknown>]> {
  switch (step) {
    case 'purchase':
      return ['/api/order/purchase', { id, supplier: '1688 测试店', supplier_order_no: 'CG-T1', cost: 1234 }];
    case 'ship':
      return [
        '/api/order/ship',
        { id, carrier: 'SF', tracking_no: 'SF1234567890123', sender_address_id: await sender() },
      ];
    case 'complete':
      return ['/api/order/complete', { id }];
    case 'cancel':
      return ['/api/order/cancel', { id, reason: '买家申请取消' }];
  }
}

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  owner = await t.login(ADMIN);
  member = await t.login(USER);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('the seed', () => {
  it('has every order state with fitting details and timelines, addresses, and open after-sales of each type', async () => {
    const states = await db().query<{ status: string; n: number; events: number; shipped: number }>(
      `SELECT o.status, count(*)::int AS n, sum((SELECT count(*) FROM order_events e WHERE e.order_id = o.id))::int AS events,
         count(o.tracking_no)::int AS shipped
       FROM orders o WHERE account_id = 1 GROUP BY o.status`,
    );
    const by = Object.fromEntries(states.map((s) => [s.status, s]));
    for (const status of ORDER_STATUSES) expect(by[status]?.n, status).toBeGreaterThan(0);
    expect(by.pending?.events).toBe(0);
    expect(by.completed?.events).toBe((by.completed?.n ?? 0) * 3);
    expect(by.shipped?.shipped).toBe(by.shipped?.n);
    const open = await db().query<{ type: string }>(
      "SELECT DISTINCT type FROM after_sales WHERE account_id = 1 AND status = 'pending' ORDER BY type",
    );
    expect(open.map((r) => r.type)).toEqual(['exchange', 'refund', 'return']);
    const defaults = await db().query<{ kind: string }>(
      'SELECT kind FROM addresses WHERE account_id = 1 AND is_default ORDER BY kind',
    );
    expect(defaults.map((r) => r.kind)).toEqual(['return', 'sender']);
  });
});

describe('the order steps', () => {
  it.each(Object.keys(ORDER_STEPS) as OrderStep[])(
    '%s: allowed from its states (200, timeline grows), refused from the others (409 naming the state, nothing changes)',
    async (step) => {
      for (const status of ORDER_STATUSES) {
        const id = await orderIn(status);
        const [path, body] = await stepBody(step, id);
        const before = await orderRow(id);
        const events = await eventCount(id);
        const res = await t.post(path, body, { token: member });
        const answer = await envelope(res);
        if ((ORDER_STEPS[step].from as readonly string[]).includes(status)) {
          expect({ status: res.status, data: answer.data }, `${step} from ${status}`).toEqual({
            status: 200,
            data: { id, status: ORDER_STEPS[step].to },
          });
          expect(await eventCount(id)).toBe(events + 1);
        } else {
          const label = {
            pending: '待采购',
            purchased: '已采购',
            shipped: '已发货',
            completed: '已完成',
            cancelled: '已取消',
          }[status];
          expect(res.status, `${step} from ${status}`).toBe(409);
          expect(answer.msg).toContain(`「${label}」`);
          expect(await orderRow(id)).toEqual(before);
          expect(await eventCount(id)).toBe(events);
        }
      }
    },
  );

  it('takes an order through 采购, 发货 and 完成; the detail shows the details and the timeline with who did it', async () => {
    const id = await orderIn('pending');
    const api = t.client(() => member);
    await api.call('/api/order/purchase', {
      id,
      supplier: '1688 义乌',
      supplier_order_no: 'CG-100',
      cost: 2500,
    });
    await api.call('/api/order/ship', {
      id,
      carrier: 'JT',
      tracking_no: 'jt1234567890123',
      sender_address_id: await sender(),
    });
    await api.call('/api/order/complete', { id });
    const detail = await api.call('/api/order/detail', { id });
    expect(detail).toMatchObject({
      status: 'completed',
      supplier: '1688 义乌',
      supplier_order_no: 'CG-100',
      cost: 2500,
      carrier: 'JT',
      tracking_no: 'JT1234567890123',
      sender: { name: '云仓发货组' },
    });
    expect(detail.events.map((e) => [e.action, e.actor])).toEqual([
      ['purchase', USER],
      ['ship', USER],
      ['complete', USER],
    ]);
  });

  it('refuses a tracking number that does not fit the carrier (422) and another account’s sender address (404)', async () => {
    const id = await orderIn('purchased');
    const bad = await t.post(
      '/api/order/ship',
      { id, carrier: 'SF', tracking_no: 'YT1234567890123', sender_address_id: await sender() },
      { token: member },
    );
    expect(bad.status).toBe(422);
    expect((await envelope(bad)).msg).toContain('顺丰速运');
    const returnAddress = (
      await one<{ id: number }>("SELECT id FROM addresses WHERE account_id = 1 AND kind = 'return' LIMIT 1")
    ).id;
    const wrongKind = await t.post(
      '/api/order/ship',
      { id, carrier: 'SF', tracking_no: 'SF1234567890123', sender_address_id: returnAddress },
      { token: member },
    );
    expect({ status: wrongKind.status, msg: (await envelope(wrongKind)).msg }).toEqual({
      status: 404,
      msg: '记录不存在',
    });
    expect((await orderRow(id)).status).toBe('purchased');
  });

  it('two staff shipping and cancelling one order at once: one wins, the other gets 409 with the current state', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await orderIn('purchased');
      const [ship, cancel] = await Promise.all([
        t.post(
          '/api/order/ship',
          { id, carrier: 'SF', tracking_no: 'SF1234567890123', sender_address_id: await sender() },
          { token: member },
        ),
        t.post('/api/order/cancel', { id, reason: '缺货' }, { token: owner }),
      ]);
      const statuses = [ship.status, cancel.status].sort();
      expect(statuses).toEqual([200, 409]);
      const row = await orderRow(id);
      const loser = ship.status === 409 ? ship : cancel;
      const label = row.status === 'shipped' ? '已发货' : '已取消';
      expect((await envelope(loser)).msg).toContain(`「${label}」`);
      // Nothing of the loser was written: one timeline entry beside the purchase, and the loser's fields empty.
      expect(await eventCount(id)).toBe(2);
      if (row.status === 'shipped') expect(row.cancel_reason).toBeNull();
      else expect(row.tracking_no).toBeNull();
    }
  });

  it('the same step twice at once: one 200, one 409', async () => {
    const id = await orderIn('pending');
    const body = { id, supplier: '甲', supplier_order_no: 'CG-1', cost: 1 };
    const answers = await Promise.all([
      t.post('/api/order/purchase', body, { token: member }),
      t.post('/api/order/purchase', { ...body, supplier: '乙' }, { token: owner }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await eventCount(id)).toBe(1);
  });
});

describe('shipOrder, the data function the tracking-number import calls', () => {
  it('finds an order by its number in the account only, and ships it from the default sender', async () => {
    const id = await orderIn('purchased');
    const { order_no } = await one<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [id]);
    const scope = scopeOf(db(), 1);
    expect(await orderIdByNo(scope, order_no)).toBe(id);
    expect(await orderIdByNo(scopeOf(db(), 999), order_no)).toBeNull();
    const owner = await one<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [ADMIN]);
    const { row } = await shipOrder(
      scope,
      { id, carrier: 'EMS', tracking_no: '9812345678901' },
      { userId: owner.id },
      1,
    );
    expect(row).toEqual({ id, status: 'shipped' });
    expect(await orderRow(id)).toMatchObject({ carrier: 'EMS', sender: { name: '云仓发货组' } });
    await expect(
      shipOrder(scope, { id, carrier: 'EMS', tracking_no: '9812345678901' }, { userId: owner.id }, 1),
    ).rejects.toMatchObject({ status: 409, message: '订单当前状态为「已发货」，不能发货' });
  });
});

describe('batches', () => {
  it('批量发货 ships the orders it may, and says for each other one why not', async () => {
    const ok1 = await orderIn('purchased');
    const ok2 = await orderIn('purchased');
    const pending = await orderIn('pending');
    const badNumber = await orderIn('purchased');
    const result = await t
      .client(() => member)
      .call('/api/order/batch-ship', {
        carrier: 'SF',
        sender_address_id: await sender(),
        items: [
          { id: ok1, tracking_no: 'SF0000000000001' },
          { id: pending, tracking_no: 'SF0000000000002' },
          { id: ok2, tracking_no: 'SF0000000000003' },
          { id: badNumber, tracking_no: '12345' },
          { id: 999_999, tracking_no: 'SF0000000000004' },
        ],
      });
    expect(result.results.map((r) => [r.id, r.ok, r.message])).toEqual([
      [ok1, true, ''],
      [pending, false, '订单当前状态为「待采购」，不能发货'],
      [ok2, true, ''],
      [badNumber, false, '运单号应为 6-40 位字母或数字'],
      [999_999, false, '记录不存在'],
    ]);
    expect(result).toMatchObject({ succeeded: 2, failed: 3 });
    expect((await orderRow(ok2)).tracking_no).toBe('SF0000000000003');
    expect((await orderRow(pending)).status).toBe('pending');
    expect((await orderRow(badNumber)).status).toBe('purchased');
  });

  it('批量取消 by filter cancels every matching order it may; a filter matching too many is refused first', async () => {
    const [shop] = await db().query<{ shop_id: number; n: number }>(
      `SELECT shop_id, count(*)::int AS n FROM orders WHERE account_id = 1 AND status IN ('pending', 'shipped')
       GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const filter = { shop_id: shop?.shop_id };
    const matching = await db().query<{ id: number; status: string }>(
      'SELECT id, status FROM orders WHERE account_id = 1 AND shop_id = $1',
      [shop?.shop_id],
    );
    for (const row of matching) used.add(row.id);
    // The count the user saw, wrong: refused (409) and nothing changes.
    const snapshot = () =>
      db().query('SELECT id, status, version FROM orders WHERE account_id = 1 AND shop_id = $1 ORDER BY id', [
        shop?.shop_id,
      ]);
    const logCount = () => one<{ n: number }>('SELECT count(*)::int AS n FROM operation_log');
    const [before, logBefore] = [await snapshot(), await logCount()];
    for (const expected_count of [matching.length - 1, matching.length + 1, 0]) {
      const res = await t.post(
        '/api/order/batch-cancel',
        { filter, expected_count, reason: '店铺停业' },
        { token: owner },
      );
      expect({ status: res.status, msg: (await envelope(res)).msg }).toEqual({
        status: 409,
        msg: `订单数量已变化（您看到 ${expected_count} 单，现有 ${matching.length} 单），请刷新后重试`,
      });
    }
    // Without the count, a filter is refused by the contract.
    const bare = await t.post('/api/order/batch-cancel', { filter: {}, reason: '全部' }, { token: owner });
    expect(bare.status).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect(await logCount()).toEqual(logBefore);

    const result = await t
      .client(() => owner)
      .call('/api/order/batch-cancel', { filter, expected_count: matching.length, reason: '店铺停业' });
    expect(result.results).toHaveLength(matching.length);
    const cancellable = matching.filter((r) => r.status === 'pending' || r.status === 'purchased');
    expect(result.succeeded).toBe(cancellable.length);
    for (const r of result.results) {
      const row = matching.find((m) => m.id === r.id);
      expect(r.ok).toBe(row?.status === 'pending' || row?.status === 'purchased');
    }

    // 1,001 matching orders in another account: refused with the count, nothing changes.
    const big = await t.login('13712349001');
    const account = await one<{ account_id: number }>(
      "SELECT account_id FROM users WHERE mobile = '13712349001'",
    );
    const [newShop] = await db().query<{ id: number }>(
      `INSERT INTO shops (name, platform, auth_status, created_at, account_id) VALUES ('大店', 'taobao', 'authorized', 0, $1)
       RETURNING id`,
      [account.account_id],
    );
    // In statements of 100 rows: PGlite runs in this process, and one statement of 1,001 rows (each
    // through the buyer triggers) held the event loop past the keep-alive timeouts of both the
    // server and the client on a loaded machine, and the next request found its socket reset.
    for (let from = 1; from <= ORDER_BATCH_MAX + 1; from += 100) {
      await db().query(
        `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
           receiver_mobile, receiver_address, created_at, account_id)
         SELECT 'BIG' || g, $1, '[]', '', 100, 'pending', '买家', '买家', '13800000000', '地址', g, $2
         FROM generate_series($3::int, least($3::int + 99, $4::int)) g`,
        [newShop?.id, account.account_id, from, ORDER_BATCH_MAX + 1],
      );
    }
    const refused = await t.post(
      '/api/order/batch-cancel',
      { filter: {}, expected_count: ORDER_BATCH_MAX + 1, reason: '太多' },
      { token: big },
    );
    expect({ status: refused.status, msg: (await envelope(refused)).msg }).toEqual({
      status: 400,
      msg: `符合条件的订单有 ${ORDER_BATCH_MAX + 1} 单，超过单次批量处理上限 ${ORDER_BATCH_MAX} 单，请缩小筛选范围`,
    });
    const left = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE account_id = $1 AND status = 'pending'",
      [account.account_id],
    );
    expect(left.n).toBe(ORDER_BATCH_MAX + 1);
  }, 120_000);

  it('批量采购 records the supplier and each order its own supplier order number and cost', async () => {
    const a = await orderIn('pending');
    const c = (
      await one<{ id: number }>(
        `SELECT o.id FROM orders o WHERE o.account_id = 1 AND o.status = 'pending' AND o.id <> $1
           AND NOT ${AFTER_SALE_OPEN_SQL} ORDER BY o.id LIMIT 1`,
        [a],
      )
    ).id;
    const b = await orderIn('completed');
    const result = await t
      .client(() => member)
      .call('/api/order/batch-purchase', {
        supplier: '批发市场',
        items: [
          { id: a, supplier_order_no: 'PF-001', cost: 1234 },
          { id: b, supplier_order_no: 'PF-002', cost: 500 },
          { id: c, supplier_order_no: 'PF-003', cost: 0 },
        ],
      });
    expect(result.results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(await orderRow(a)).toMatchObject({
      status: 'purchased',
      supplier: '批发市场',
      supplier_order_no: 'PF-001',
      cost: 1234,
    });
    expect(await orderRow(c)).toMatchObject({ supplier_order_no: 'PF-003', cost: 0 });
    expect(await orderRow(b)).toMatchObject({ status: 'completed' });
    expect((await orderRow(b)).supplier_order_no).not.toBe('PF-002');
  });

  it('批量采购 checks every row: one bad cost or an empty number refuses the call, nothing changes', async () => {
    const a = await orderIn('pending');
    const before = await orderRow(a);
    for (const item of [
      { id: a, supplier_order_no: 'PF-1', cost: -1 },
      { id: a, supplier_order_no: 'PF-1', cost: 1.5 },
      { id: a, supplier_order_no: '', cost: 100 },
      { id: a, supplier_order_no: 'PF-1' },
    ]) {
      const res = await t.post(
        '/api/order/batch-purchase',
        { supplier: '批发市场', items: [item] },
        { token: member },
      );
      expect(res.status).toBe(422);
    }
    const twice = await t.post(
      '/api/order/batch-purchase',
      {
        supplier: '批发市场',
        items: [
          { id: a, supplier_order_no: 'PF-1', cost: 1 },
          { id: a, supplier_order_no: 'PF-2', cost: 2 },
        ],
      },
      { token: member },
    );
    expect({ status: twice.status, msg: (await envelope(twice)).msg }).toMatchObject({ status: 422 });
    expect(await orderRow(a)).toEqual(before);
  });
});

describe('after-sales', () => {
  const afterSale = (type: string, status: string) =>
    one<{ id: number }>(
      'SELECT id FROM after_sales WHERE account_id = 1 AND type = $1 AND status = $2 ORDER BY id DESC LIMIT 1',
      [type, status],
    ).then((r) => r.id);

  it('同意退款 finishes a refund; a second answer is refused with its state', async () => {
    const id = await afterSale('refund', 'pending');
    const api = t.client(() => member);
    expect(await api.call('/api/order/after-sale-refund', { id })).toEqual({ id, status: 'finished' });
    const again = await t.post('/api/order/after-sale-reject', { id, reason: '晚了' }, { token: member });
    expect({ status: again.status, msg: (await envelope(again)).msg }).toEqual({
      status: 409,
      msg: '售后单当前状态为「已完成」，不能拒绝',
    });
  });

  it('a return: 同意退款 waits for 确认收到退货 (with the return number), then finishes', async () => {
    const id = await afterSale('return', 'pending');
    const early = await t.post('/api/order/after-sale-refund', { id }, { token: member });
    expect(early.status).toBe(409);
    const api = t.client(() => member);
    expect(
      await api.call('/api/order/after-sale-receive', { id, return_tracking_no: 'yt9876543210123' }),
    ).toEqual({
      id,
      status: 'processing',
    });
    expect(await api.call('/api/order/after-sale-refund', { id })).toEqual({ id, status: 'finished' });
    expect(await one('SELECT return_tracking_no, status FROM after_sales WHERE id = $1', [id])).toEqual({
      return_tracking_no: 'YT9876543210123',
      status: 'finished',
    });
  });

  it('拒绝 records the reason; 确认收到退货 of a refund-only request is refused', async () => {
    const id = await afterSale('refund', 'pending');
    const receive = await t.post(
      '/api/order/after-sale-receive',
      { id, return_tracking_no: 'SF1234567890123' },
      { token: member },
    );
    expect(receive.status).toBe(409);
    await t.client(() => member).call('/api/order/after-sale-reject', { id, reason: '已超过售后期' });
    expect(await one('SELECT status, reject_reason FROM after_sales WHERE id = $1', [id])).toEqual({
      status: 'rejected',
      reject_reason: '已超过售后期',
    });
  });
});

describe('售后处理记录', () => {
  const afterSale = (type: string, status: string) =>
    one<{ id: number }>(
      'SELECT id FROM after_sales WHERE account_id = 1 AND type = $1 AND status = $2 ORDER BY id LIMIT 1',
      [type, status],
    ).then((r) => r.id);

  it('records each answer with who, when and its number or reason, shown in the detail with the order', async () => {
    const id = await afterSale('return', 'pending');
    const api = t.client(() => member);
    const fresh = await api.call('/api/order/after-sale-detail', { id });
    expect(fresh).toMatchObject({
      id,
      status: 'pending',
      events: [],
      reject_reason: null,
      return_tracking_no: null,
    });
    const order = await one<{ id: number; order_no: string }>(
      'SELECT o.id, o.order_no FROM orders o JOIN after_sales a ON a.order_id = o.id WHERE a.id = $1',
      [id],
    );
    expect({ order_id: fresh.order_id, order_no: fresh.order_no }).toEqual({
      order_id: order.id,
      order_no: order.order_no,
    });

    await api.call('/api/order/after-sale-receive', { id, return_tracking_no: 'yt1234567890123' });
    await t.client(() => owner).call('/api/order/after-sale-refund', { id });
    const detail = await api.call('/api/order/after-sale-detail', { id });
    expect(detail).toMatchObject({ status: 'finished', return_tracking_no: 'YT1234567890123' });
    expect(detail.handled_at).toBeGreaterThan(0);
    // The member has no nickname: the mobile names them; the owner by their nickname.
    expect(detail.events.map(({ action, actor, details }) => ({ action, actor, details }))).toEqual([
      { action: 'receive', actor: USER, details: { return_tracking_no: 'YT1234567890123' } },
      { action: 'refund', actor: '管理员', details: {} },
    ]);
    expect(detail.events[0]?.created_at).toBeGreaterThan(0);
  });

  it('拒绝 is recorded with its reason; a refused answer adds nothing', async () => {
    const id = await afterSale('refund', 'pending');
    const api = t.client(() => member);
    await api.call('/api/order/after-sale-reject', { id, reason: '商品已签收超过 7 天' });
    const again = await t.post('/api/order/after-sale-refund', { id }, { token: member });
    expect(again.status).toBe(409);
    const detail = await api.call('/api/order/after-sale-detail', { id });
    expect(detail.reject_reason).toBe('商品已签收超过 7 天');
    expect(detail.events.map(({ action, details }) => ({ action, details }))).toEqual([
      { action: 'reject', details: { reason: '商品已签收超过 7 天' } },
    ]);
  });

  it('the seed’s answered requests have their 处理记录', async () => {
    const rejected = await afterSale('refund', 'rejected');
    const detail = await t.client(() => owner).call('/api/order/after-sale-detail', { id: rejected });
    expect(detail.events.map((e) => e.action)).toEqual(['reject']);
    expect(detail.events[0]?.details.reason).toBe(detail.reject_reason);
  });
});

describe('发货地址', () => {
  it('keeps exactly one default per kind: the first is the default, a new default moves it, a deleted default passes on', async () => {
    const token = await t.login('13712349002');
    const api = t.client(() => token);
    const base = {
      kind: 'sender',
      mobile: '13712349002',
      region: '浙江省 杭州市',
      address: '文三路 1 号',
    } as const;
    const first = await api.call('/api/address/save', { ...base, name: '一号仓' });
    expect(first.is_default).toBe(true);
    const second = await api.call('/api/address/save', { ...base, name: '二号仓' });
    expect(second.is_default).toBe(false);
    const third = await api.call('/api/address/save', { ...base, name: '三号仓', is_default: true });
    expect(third.is_default).toBe(true);
    const defaults = async () =>
      (await api.call('/api/address/index', { kind: 'sender' })).filter((a) => a.is_default);
    expect((await defaults()).map((a) => a.name)).toEqual(['三号仓']);
    await api.call('/api/address/del', { id: third.id });
    expect((await defaults()).map((a) => a.name)).toEqual(['二号仓']);
    // The database itself refuses a second default.
    await expect(
      db().query('UPDATE addresses SET is_default = true WHERE id = $1', [first.id]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('a stale address save answers 409 and changes nothing', async () => {
    const api = t.client(() => owner);
    const [address] = await api.call('/api/address/index', { kind: 'return' });
    if (!address) throw new Error('no return address');
    await api.call('/api/address/save', { ...address, name: '改过一次' });
    const stale = await t.post('/api/address/save', { ...address, name: '过期的修改' }, { token: owner });
    expect({ status: stale.status, msg: (await envelope(stale)).msg }).toEqual({
      status: 409,
      msg: '数据已被他人修改，请刷新后重试',
    });
  });
});

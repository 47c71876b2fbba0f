import { shanghaiDateTime } from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry, INSUFFICIENT_BALANCE_MESSAGE } from '../src/db/balance';
import { ADMIN, startTwoInstances, TestClock, type TestServer, type TwoInstances, USER } from './helpers';

/**
 * 代发服务费: operators set it (全局设置), sellers read it; 采购 charges it to the balance in the
 * purchase's transaction, 取消 before shipping refunds it, and a balance that does not cover it refuses
 * the purchase with 余额不足，请先充值 (the order stays 待采购). With TEST_DATABASE_URL: two instances on
 * one Postgres, the concurrent purchases spread over both.
 */

const DEMO_ACCOUNT = 1;
const clock = new TestClock();
let a: TestServer;
let b: TestServer;
let instances: TwoInstances | undefined;
let admin: string;
let member: string;

beforeAll(async () => {
  // Every purchase is admitted however slow the machine (the bound on calls in flight is not tested here).
  const options = { clock, copyWorker: false as const, queueWaitMs: 120_000 };
  instances = await startTwoInstances(options);
  ({ a, b } = instances);
  admin = await a.login(ADMIN);
  member = await a.login(USER);
}, 180_000);

afterAll(() => instances?.stop());

const nowS = () => Math.floor(clock.now() / 1000);
const balance = async () => (await a.client(() => admin).call('/api/balance/summary', {})).balance;

/** Sets the demo account's balance to `fen` with an operator adjustment (an entry, as always). */
async function setBalance(fen: number) {
  const current = await balance();
  if (current !== fen) {
    await appendEntry(
      a.server.db,
      DEMO_ACCOUNT,
      { kind: 'adjust', amount: fen - current, reason: '测试调整' },
      nowS(),
    );
  }
}

/** `count` of the demo account's 待采购 orders (of `platform`, or of any when null). */
async function pendingOrders(platform: string | null, count: number) {
  const rows = await a.server.db.query<{ id: number; order_no: string }>(
    `SELECT o.id, o.order_no FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.account_id = $1 AND o.status = 'pending' AND ($2::text IS NULL OR s.platform = $2::text)
     ORDER BY o.id LIMIT $3`,
    [DEMO_ACCOUNT, platform, count],
  );
  expect(rows).toHaveLength(count);
  return rows;
}

const purchase = (on: TestServer, id: number) =>
  on.post(
    '/api/order/purchase',
    { id, supplier: '1688', supplier_order_no: `CG${id}`, cost: 1_000, confirm_blacklist: true },
    { token: admin },
  );

describe('代发服务费', () => {
  it('operators set the fees, sellers read them, sellers cannot set them', async () => {
    const saved = await a
      .client(() => admin)
      .call('/api/balance/fees-save', { default_fee: 200, platforms: [{ platform: 'pinduoduo', fee: 150 }] });
    expect(saved).toEqual({ default_fee: 200, platforms: [{ platform: 'pinduoduo', fee: 150 }] });
    expect(await a.client(() => member).call('/api/balance/fees', {})).toEqual(saved);
    const refused = await a.post(
      '/api/balance/fees-save',
      { default_fee: 0, platforms: [] },
      { token: member },
    );
    expect(refused.status).toBe(403);
    const bad = await a.post('/api/balance/fees-save', { default_fee: -1, platforms: [] }, { token: admin });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { msg: string }).msg).toContain('服务费不能为负');
  });

  it('采购 charges the fee of the order platform, 取消 refunds it, both in 余额明细', async () => {
    await setBalance(1_000);
    const [pdd] = await pendingOrders('pinduoduo', 1);
    const [other] = await a.server.db.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN shops s ON s.id = o.shop_id
       WHERE o.account_id = $1 AND o.status = 'pending' AND s.platform <> 'pinduoduo' ORDER BY o.id LIMIT 1`,
      [DEMO_ACCOUNT],
    );
    if (!pdd || !other) throw new Error('no pending orders in the seed');
    expect((await purchase(a, pdd.id)).status).toBe(200);
    expect(await balance()).toBe(850);
    expect((await purchase(a, other.id)).status).toBe(200);
    expect(await balance()).toBe(650);
    const cancel = await a.post('/api/order/cancel', { id: pdd.id, reason: '买家取消' }, { token: admin });
    expect(cancel.status).toBe(200);
    expect(await balance()).toBe(800);
    const { list } = await a.client(() => admin).call('/api/balance/entries', { pageIndex: 1, pageSize: 3 });
    expect(list.map((e) => [e.kind, e.amount, e.balance_after, e.order_id])).toEqual([
      ['refund', 150, 800, pdd.id],
      ['charge', -200, 650, other.id],
      ['charge', -150, 850, pdd.id],
    ]);
    const refunds = await a
      .client(() => admin)
      .call('/api/balance/entries', { pageIndex: 1, pageSize: 5, kind: 'refund' });
    expect(refunds.list.every((e) => e.kind === 'refund')).toBe(true);
  });

  it('a balance that does not cover the fee refuses the purchase: 余额不足，请先充值, the order stays 待采购', async () => {
    await setBalance(149);
    const [order] = await pendingOrders('pinduoduo', 1);
    if (!order) throw new Error('no pending order');
    const res = await purchase(a, order.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { msg: string }).msg).toBe(INSUFFICIENT_BALANCE_MESSAGE);
    const [row] = await a.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(row?.status).toBe('pending');
    expect(await balance()).toBe(149);
  });

  it('20 concurrent purchases against a balance covering 12: exactly 12 are purchased, the balance is the sum of the entries', async () => {
    await a.client(() => admin).call('/api/balance/fees-save', { default_fee: 150, platforms: [] });
    await setBalance(12 * 150);
    const orders = await pendingOrders(null, 20);
    const answers = await Promise.all(orders.map((o, i) => purchase(i % 2 ? b : a, o.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(12).fill(200), ...Array(8).fill(409)]);
    const [purchased] = await a.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::int[]) AND status = 'purchased'",
      [orders.map((o) => o.id)],
    );
    expect(purchased?.n).toBe(12);
    const [ledger] = await a.server.db.query<{ balance: number; total: number }>(
      `SELECT (SELECT balance FROM account_balances WHERE account_id = $1) AS balance,
         (SELECT sum(amount) FROM balance_entries WHERE account_id = $1) AS total`,
      [DEMO_ACCOUNT],
    );
    expect(ledger).toEqual({ balance: 0, total: 0 });
  }, 120_000);
  it('a fee change tells the sellers with a shop on a platform whose fee changed, and only them', async () => {
    await a.client(() => admin).call('/api/balance/fees-save', { default_fee: 150, platforms: [] });
    /** A new seller account (signed up by SMS login) with one shop on `platform`. */
    const seller = async (mobile: string, platform: string) => {
      const token = await a.login(mobile);
      const [user] = await a.server.db.query<{ account_id: number }>(
        'SELECT account_id FROM users WHERE mobile = $1',
        [mobile],
      );
      await a.server.db.query(
        `INSERT INTO shops (name, platform, auth_status, created_at, account_id)
         VALUES ('费用测试店', $1, 'authorized', 0, $2)`,
        [platform, user?.account_id],
      );
      return token;
    };
    const pdd = await seller('13712390001', 'pinduoduo');
    const doudian = await seller('13712390002', 'douyin');
    const bell = async (token: string) =>
      (
        await a.client(() => token).call('/api/notification/index', { pageIndex: 1, pageSize: 20 })
      ).list.filter((n) => n.kind === 'fee');
    clock.advance(60_000);
    await a
      .client(() => admin)
      .call('/api/balance/fees-save', { default_fee: 150, platforms: [{ platform: 'pinduoduo', fee: 100 }] });
    const told = await bell(pdd);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('代发服务费调整');
    expect(told[0]?.body).toContain('拼多多订单由 ¥1.50 调整为 ¥1.00');
    expect(told[0]?.body).toContain(`自 ${shanghaiDateTime(nowS())} 起`);
    expect(told[0]?.link).toBe('/system/setting');
    // The demo account has 拼多多 shops too; the 抖店 seller's fee did not change.
    expect((await bell(admin))[0]?.body).toContain('拼多多订单由 ¥1.50 调整为 ¥1.00');
    expect(await bell(doudian)).toEqual([]);
    // Saving the same fees again tells nobody anew.
    clock.advance(60_000);
    await a
      .client(() => admin)
      .call('/api/balance/fees-save', { default_fee: 150, platforms: [{ platform: 'pinduoduo', fee: 100 }] });
    expect(await bell(pdd)).toHaveLength(1);
  });
});

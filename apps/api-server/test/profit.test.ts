import type { ApiClient, FeeRates, Order, Page, ProfitReport } from '@consign/api-client';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COPY } from '../src/export-file';
import { envelope, startTestServer, type TestServer } from './helpers';

/**
 * Cost and profit through the real server and database: 平台扣点 per platform, 成本 and 利润 on every
 * order (integer fen, the fee rounded half up, an order without a cost has no profit), the list's
 * filters by them, 利润报表's sums, the export's 代发单 columns. A fresh account holds a known set of
 * orders whose every figure below is worked out by hand.
 */

const SELLER = '13712345031';
const OTHER = '13712345032';

let t: TestServer;
let token: string;
let api: ApiClient;
let otherToken: string;
let accountId: number;
let pdd: number;
let taobao: number;

const db = () => t.server.db;
/** Unix seconds of `HH:00` Asia/Shanghai on a day of October 2026. */
const at = (day: number, hour = 10) =>
  Date.parse(`2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`) / 1000;

/**
 * The orders, with what each should read once 拼多多 takes 0.6 % (60) and 淘宝 0.5 % (50):
 * fee = round_half_up(amount * rate / 10000), profit = amount - cost - fee.
 */
const ORDERS = [
  // 10000 * 0.006 = 60 -> profit 3940
  {
    no: 'P1',
    shop: 'pdd',
    amount: 10_000,
    cost: 6_000,
    day: 1,
    status: 'purchased',
    title: '保温杯',
    fee: 60,
    profit: 3_940,
  },
  // 12345 * 0.006 = 74.07 -> 74
  {
    no: 'P2',
    shop: 'pdd',
    amount: 12_345,
    cost: 10_000,
    day: 1,
    status: 'shipped',
    title: '保温杯',
    fee: 74,
    profit: 2_271,
  },
  // 100 * 0.005 = 0.5 -> 1 (half up)
  {
    no: 'T1',
    shop: 'taobao',
    amount: 100,
    cost: 50,
    day: 2,
    status: 'completed',
    title: '雨伞',
    fee: 1,
    profit: 49,
  },
  // 99 * 0.005 = 0.495 -> 0
  {
    no: 'T2',
    shop: 'taobao',
    amount: 99,
    cost: 40,
    day: 2,
    status: 'purchased',
    title: '雨伞',
    fee: 0,
    profit: 59,
  },
  // no cost: no profit, 成本未录入
  {
    no: 'P3',
    shop: 'pdd',
    amount: 5_000,
    cost: null,
    day: 3,
    status: 'pending',
    title: '保温杯',
    fee: null,
    profit: null,
  },
  // 3000 * 0.006 = 18 -> a loss
  {
    no: 'P4',
    shop: 'pdd',
    amount: 3_000,
    cost: 4_000,
    day: 3,
    status: 'purchased',
    title: '拖鞋',
    fee: 18,
    profit: -1_018,
  },
  // cancelled: in the list, not in the report. 8000 * 0.006 = 48
  {
    no: 'P5',
    shop: 'pdd',
    amount: 8_000,
    cost: 1_000,
    day: 2,
    status: 'cancelled',
    title: '拖鞋',
    fee: 48,
    profit: 6_952,
  },
  // outside the report's period (September)
  {
    no: 'T3',
    shop: 'taobao',
    amount: 7_000,
    cost: 1_000,
    day: -1,
    status: 'completed',
    title: '雨伞',
    fee: 35,
    profit: 5_965,
  },
] as const;

async function call<T>(path: string, body: Record<string, unknown>, as = token): Promise<T> {
  const res = await t.post(path, body, { token: as });
  const answer = await envelope(res);
  expect(res.status, `${path} ${answer.msg ?? ''}`).toBe(200);
  return answer.data as T;
}

const listed = async (filters: Record<string, unknown> = {}) =>
  call<Page<Order>>('/api/order/index', { pageIndex: 1, pageSize: 100, ...filters });
const numbers = (page: Page<Order>) => page.list.map((o) => o.order_no).sort();

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: { batchSize: 3, idlePollMs: 100 } });
  token = await t.login(SELLER);
  otherToken = await t.login(OTHER);
  api = t.client(() => token);
  const [user] = await db().query<{ account_id: number }>('SELECT account_id FROM users WHERE mobile = $1', [
    SELLER,
  ]);
  accountId = user?.account_id ?? 0;
  const shop = async (name: string, platform: string) => {
    const [row] = await db().query<{ id: number }>(
      `INSERT INTO shops (name, platform, auth_status, created_at, account_id)
       VALUES ($1, $2, 'authorized', 0, $3) RETURNING id`,
      [name, platform, accountId],
    );
    return row?.id ?? 0;
  };
  pdd = await shop('拼多多小店', 'pinduoduo');
  taobao = await shop('淘宝小店', 'taobao');
  for (const o of ORDERS) {
    const created = o.day > 0 ? at(o.day) : Date.parse('2026-09-20T10:00:00+08:00') / 1000;
    await db().query(
      `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
         receiver_mobile, receiver_address, created_at, account_id, cost)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, '买家', '收货人', '13800001111', '地址 1 号', $7, $8, $9)`,
      [
        o.no,
        o.shop === 'pdd' ? pdd : taobao,
        JSON.stringify([{ title: o.title, image: '', quantity: 1 }]),
        o.title,
        o.amount,
        o.status,
        created,
        accountId,
        o.cost,
      ],
    );
  }
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('平台扣点', () => {
  it('starts at 0 for every platform, saves per platform, and is the caller account’s own', async () => {
    const fresh = await call<FeeRates>('/api/setting/fee-rates', {});
    expect(fresh.rates).toEqual(
      ['taobao', 'pinduoduo', 'douyin', 'kuaishou', 'jd'].map((platform) => ({ platform, rate: 0 })),
    );
    const saved = await call<FeeRates>('/api/setting/fee-rates-save', {
      rates: [
        { platform: 'pinduoduo', rate: 60 },
        { platform: 'taobao', rate: 50 },
      ],
    });
    expect(saved.rates.filter((r) => r.rate > 0)).toEqual([
      { platform: 'taobao', rate: 50 },
      { platform: 'pinduoduo', rate: 60 },
    ]);
    expect(await call<FeeRates>('/api/setting/fee-rates', {})).toEqual(saved);
    // Another account still has none.
    const other = await call<FeeRates>('/api/setting/fee-rates', {}, otherToken);
    expect(other.rates.every((r) => r.rate === 0)).toBe(true);
    // The operation log names it.
    const [entry] = await db().query<{ action_label: string; target_type: string }>(
      'SELECT action_label, target_type FROM operation_log WHERE account_id = $1 ORDER BY id DESC LIMIT 1',
      [accountId],
    );
    expect(entry).toEqual({ action_label: '修改平台扣点', target_type: 'fee_rates' });
  });

  it('refuses a rate outside 0..10000, a fraction, a platform twice or an unknown one, changing nothing', async () => {
    const before = await call<FeeRates>('/api/setting/fee-rates', {});
    for (const rates of [
      [{ platform: 'pinduoduo', rate: 10_001 }],
      [{ platform: 'pinduoduo', rate: -1 }],
      [{ platform: 'pinduoduo', rate: 0.5 }],
      [{ platform: 'pinduoduo', rate: '60' }],
      [
        { platform: 'jd', rate: 1 },
        { platform: 'jd', rate: 2 },
      ],
      [{ platform: 'amazon', rate: 1 }],
      [],
    ]) {
      const res = await t.post('/api/setting/fee-rates-save', { rates }, { token });
      expect(res.status, JSON.stringify(rates)).toBe(422);
    }
    expect(await call<FeeRates>('/api/setting/fee-rates', {})).toEqual(before);
  });
});

describe('成本 and 利润 on every order', () => {
  it('the list and the detail show each order’s cost and profit, the fee rounded half up to the fen', async () => {
    const page = await listed();
    expect(page.total).toBe(ORDERS.length);
    const byNo = new Map(page.list.map((o) => [o.order_no, o]));
    for (const o of ORDERS) {
      expect({ no: o.no, cost: byNo.get(o.no)?.cost, profit: byNo.get(o.no)?.profit }).toEqual({
        no: o.no,
        cost: o.cost,
        profit: o.profit,
      });
    }
    const p2 = byNo.get('P2');
    const detail = await call<{ cost: number; profit: number }>('/api/order/detail', { id: p2?.id });
    expect({ cost: detail.cost, profit: detail.profit }).toEqual({ cost: 10_000, profit: 2_271 });
  });

  it('follows the fee rate as it is now (computed, not stored), and a purchase’s cost', async () => {
    await call('/api/setting/fee-rates-save', { rates: [{ platform: 'pinduoduo', rate: 1_000 }] });
    const tenPercent = new Map((await listed()).list.map((o) => [o.order_no, o.profit]));
    // 10000 - 6000 - 1000; 12345 - 10000 - 1234.5 -> 1235 (half up)
    expect([tenPercent.get('P1'), tenPercent.get('P2')]).toEqual([3_000, 1_110]);
    await call('/api/setting/fee-rates-save', { rates: [{ platform: 'pinduoduo', rate: 60 }] });

    const [pending] = await db().query<{ id: number }>(
      "SELECT id FROM orders WHERE account_id = $1 AND order_no = 'P3'",
      [accountId],
    );
    await call('/api/order/purchase', {
      id: pending?.id,
      supplier: '义乌工厂',
      supplier_order_no: 'YW-1',
      cost: 2_500,
    });
    const p3 = (await listed({ keyword: 'P3' })).list[0];
    // 5000 - 2500 - 30
    expect({ cost: p3?.cost, profit: p3?.profit, supplier: p3?.supplier }).toEqual({
      cost: 2_500,
      profit: 2_470,
      supplier: '义乌工厂',
    });
    // Put it back as it was: cost not entered.
    await db().query(
      "UPDATE orders SET status = 'pending', cost = NULL, supplier = NULL, supplier_order_no = NULL WHERE id = $1",
      [pending?.id],
    );
  });

  it('the list filters by profit (at least, at most; no cost matches neither) and by 未录入成本', async () => {
    expect(numbers(await listed({ profit_min: 50 }))).toEqual(['P1', 'P2', 'P5', 'T2', 'T3']);
    expect(numbers(await listed({ profit_max: 49 }))).toEqual(['P4', 'T1']);
    expect(numbers(await listed({ profit_min: '-1018', profit_max: '59' }))).toEqual(['P4', 'T1', 'T2']);
    expect(numbers(await listed({ profit_max: -1 }))).toEqual(['P4']);
    expect(numbers(await listed({ cost_missing: 1 }))).toEqual(['P3']);
    expect(numbers(await listed({ cost_missing: '1', platform: 'taobao' }))).toEqual([]);
    expect(numbers(await listed({ profit_min: 0, platform: 'taobao' }))).toEqual(['T1', 'T2', 'T3']);
    // The status tabs count under the same filter.
    const counts = await call<{ counts: Record<string, number> }>('/api/order/status-counts', {
      profit_min: 50,
    });
    expect(counts.counts).toMatchObject({ purchased: 2, shipped: 1, completed: 1, cancelled: 1, pending: 0 });
    for (const profit_min of ['1.5', 'abc', 20_000_000_000]) {
      const res = await t.post('/api/order/index', { pageIndex: 1, pageSize: 10, profit_min }, { token });
      expect(res.status).toBe(422);
    }
  });
});

describe('利润报表', () => {
  const report = (body: Record<string, unknown>, as = token) =>
    call<ProfitReport>('/api/report/profit', body, as);
  const period = { start_date: '2026-10-01', end_date: '2026-10-05' };

  it('sums the period’s orders (cancelled left out), orders without cost counted apart', async () => {
    const r = await report(period);
    // In the period and not cancelled: P1 P2 T1 T2 P3 P4.
    expect(r.totals).toEqual({
      orders: 6,
      sales: 10_000 + 12_345 + 100 + 99 + 5_000 + 3_000,
      costed_orders: 5,
      costed_sales: 10_000 + 12_345 + 100 + 99 + 3_000,
      cost: 6_000 + 10_000 + 50 + 40 + 4_000,
      fee: 60 + 74 + 1 + 0 + 18,
      service_fee: 0,
      profit: 3_940 + 2_271 + 49 + 59 - 1_018,
      uncosted_orders: 1,
      uncosted_sales: 5_000,
    });
  });

  it('by day: every day of the period, oldest first, adding up to the totals', async () => {
    const r = await report(period);
    expect(r.days.map((d) => d.date)).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
    ]);
    expect(r.days.map((d) => [d.orders, d.sales, d.profit, d.uncosted_orders])).toEqual([
      [2, 22_345, 6_211, 0],
      [2, 199, 108, 0],
      [2, 8_000, -1_018, 1],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    for (const key of ['orders', 'sales', 'cost', 'fee', 'profit', 'uncosted_orders'] as const) {
      expect(r.days.reduce((sum, d) => sum + d[key], 0)).toBe(r.totals[key]);
    }
  });

  it('by shop and by goods, most sales first; one shop only when asked', async () => {
    const r = await report(period);
    expect(r.shops.map((s) => [s.shop_name, s.platform, s.orders, s.sales, s.cost, s.profit])).toEqual([
      ['拼多多小店', 'pinduoduo', 4, 30_345, 20_000, 5_193],
      ['淘宝小店', 'taobao', 2, 199, 90, 108],
    ]);
    expect(r.goods.map((g) => [g.title, g.orders, g.sales, g.profit, g.uncosted_orders])).toEqual([
      ['保温杯', 3, 27_345, 6_211, 1],
      ['拖鞋', 1, 3_000, -1_018, 0],
      ['雨伞', 2, 199, 108, 0],
    ]);
    const one = await report({ ...period, shop_id: taobao });
    expect(one.totals).toMatchObject({ orders: 2, sales: 199, profit: 108 });
    expect(one.shops.map((s) => s.shop_id)).toEqual([taobao]);
  });

  it('equals the sums of the order list’s rows over the same dates', async () => {
    const r = await report(period);
    const rows = (await listed(period)).list.filter((o) => o.status !== 'cancelled');
    const costed = rows.filter((o) => o.cost !== null);
    expect(r.totals.orders).toBe(rows.length);
    expect(r.totals.sales).toBe(rows.reduce((s, o) => s + o.amount, 0));
    expect(r.totals.cost).toBe(costed.reduce((s, o) => s + (o.cost ?? 0), 0));
    expect(r.totals.profit).toBe(costed.reduce((s, o) => s + (o.profit ?? 0), 0));
  });

  it('another account’s report of the same period (or of this account’s shop) is empty', async () => {
    const other = await report({ ...period, shop_id: pdd }, otherToken);
    expect(other.totals.orders).toBe(0);
    expect(other.shops).toEqual([]);
    expect(other.goods).toEqual([]);
  });

  it('refuses an end before the start or a period over 366 days', async () => {
    for (const body of [
      { start_date: '2026-10-05', end_date: '2026-10-01' },
      { start_date: '2025-01-01', end_date: '2026-01-02' },
      { start_date: '2026-10-01' },
      { start_date: '2026-10-01', end_date: '2026-13-01' },
    ]) {
      const res = await t.post('/api/report/profit', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('the export’s 代发单 columns', () => {
  async function exported(format: 'csv' | 'xlsx', filters: Record<string, unknown>): Promise<unknown[][]> {
    const job = await api.call('/api/export/create', { ...filters, format } as never);
    for (let i = 0; i < 600; i++) {
      const done = (await api.call('/api/export/index', { pageIndex: 1, pageSize: 20 })).list.find(
        (j) => j.id === job.id,
      );
      if (done?.status === 'succeeded') break;
      expect(done?.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { url } = await api.call('/api/export/download-url', { id: job.id });
    const res = await fetch(`${t.url}${url}`);
    if (format === 'csv') return parse((await res.text()).slice(1)) as string[][];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.getWorksheet(EXPORT_COPY.sheet)?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('CSV and XLSX carry supplier, supplier order number, cost, profit, carrier, tracking number, writeback', async () => {
    const [p2] = await db().query<{ id: number }>(
      "SELECT id FROM orders WHERE account_id = $1 AND order_no = 'P2'",
      [accountId],
    );
    await db().query(
      `UPDATE orders SET supplier = '义乌工厂', supplier_order_no = 'YW-2', carrier = 'SF',
         tracking_no = 'SF1234567890123' WHERE id = $1`,
      [p2?.id],
    );
    await db().query(
      `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
         tracking_no, status, created_at, updated_at)
       VALUES ($1, $2, $3, 'pinduoduo', 'PDD-2', 'SF', 'SF1234567890123', 'failed', 0, 0)`,
      [accountId, p2?.id, pdd],
    );
    // The 代发单 columns, wherever the declared order (ORDER_COLUMNS) puts them.
    const tail = ['供应商', '供应商订单号', '成本（元）', '利润（元）', '快递公司', '快递单号', '物流回传'];
    const csv = await exported('csv', { keyword: 'P' });
    const at = tail.map((header) => csv[0]?.indexOf(header) ?? -1);
    expect(at).not.toContain(-1);
    const pick = (row: unknown[] | undefined) => at.map((i) => row?.[i]);
    const byNo = new Map(csv.slice(1).map((row) => [row[1], pick(row)]));
    expect(byNo.get('P2')).toEqual([
      '义乌工厂',
      'YW-2',
      '100',
      '22.71',
      '顺丰速运',
      'SF1234567890123',
      '回传失败',
    ]);
    // A loss stays a number (not a text guarded as a formula); no cost: both empty.
    expect(byNo.get('P4')?.slice(2, 4)).toEqual(['40', '-10.18']);
    expect(byNo.get('P3')?.slice(0, 4)).toEqual(['', '', '', '']);

    const xlsx = await exported('xlsx', { keyword: 'P2' });
    expect(pick(xlsx[0])).toEqual(tail);
    expect(pick(xlsx[1])).toEqual([
      '义乌工厂',
      'YW-2',
      100,
      22.71,
      '顺丰速运',
      'SF1234567890123',
      '回传失败',
    ]);
  });
});

describe('代发服务费 in 利润', () => {
  it('the list, the detail, 利润报表 and the export take the fee the balance paid (net of its refund)', async () => {
    const ids = new Map(
      (
        await db().query<{ id: number; order_no: string }>(
          "SELECT id, order_no FROM orders WHERE account_id = $1 AND order_no IN ('P1', 'P2')",
          [accountId],
        )
      ).map((row) => [row.order_no, row.id]),
    );
    // As 充值 then 采购 write them: P1 paid 3.00; P2 paid 2.00 and had it back when cancelled.
    const entry = (kind: string, amount: number, orderId: number | null, paymentNo: string | null = null) =>
      db().query(
        `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, order_id, payment_no, created_at)
         VALUES ($1, $2, $3, 0, '测试', $4, $5, 0)`,
        [accountId, kind, amount, orderId, paymentNo],
      );
    await entry('topup', 1_000, null, 'PROFIT-FEE-1');
    await entry('charge', -300, ids.get('P1') ?? 0);
    await entry('charge', -200, ids.get('P2') ?? 0);
    await entry('refund', 200, ids.get('P2') ?? 0);

    const byNo = new Map((await listed()).list.map((o) => [o.order_no, o.profit]));
    expect([byNo.get('P1'), byNo.get('P2')]).toEqual([3_940 - 300, 2_271]);
    const detail = await call<{ profit: number }>('/api/order/detail', { id: ids.get('P1') });
    expect(detail.profit).toBe(3_640);
    const r = await call<ProfitReport>('/api/report/profit', {
      start_date: '2026-10-01',
      end_date: '2026-10-05',
    });
    expect(r.totals).toMatchObject({ service_fee: 300, profit: 3_940 + 2_271 + 49 + 59 - 1_018 - 300 });
    const rows = (await listed({ start_date: '2026-10-01', end_date: '2026-10-05' })).list.filter(
      (o) => o.status !== 'cancelled' && o.cost !== null,
    );
    expect(r.totals.profit).toBe(rows.reduce((s, o) => s + (o.profit ?? 0), 0));
    // The profit filter reads the same expression.
    expect(numbers(await listed({ profit_min: 3_641 }))).not.toContain('P1');
    const job = await api.call('/api/export/create', { keyword: 'P1', format: 'csv' } as never);
    let csv: string[][] = [];
    for (let i = 0; i < 600 && csv.length === 0; i++) {
      const done = (await api.call('/api/export/index', { pageIndex: 1, pageSize: 20 })).list.find(
        (j) => j.id === job.id,
      );
      if (done?.status === 'succeeded') {
        const { url } = await api.call('/api/export/download-url', { id: job.id });
        csv = parse((await (await fetch(`${t.url}${url}`)).text()).slice(1)) as string[][];
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const profitColumn = csv[0]?.indexOf('利润（元）') ?? -1;
    expect(csv.find((row) => row[1] === 'P1')?.[profitColumn]).toBe('36.4');
  });
});

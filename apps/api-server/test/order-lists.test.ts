import {
  AFTER_SALE_STATUSES,
  type AfterSaleStatusCountsBody,
  type ApiClient,
  ORDER_STATUSES,
  type OrderStatusCountsBody,
} from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, USER } from './helpers';

/**
 * 代发订单's list filter in its other uses: the status tabs' counts (`/api/order/status-counts`) are
 * the list's totals of each status under the same filter, and the keyword finds the platform's order
 * number in the list, the counts and the export alike.
 */
let t: TestServer;
let api: ApiClient;

beforeAll(async () => {
  t = await startTestServer();
  const token = await t.login(USER);
  api = t.client(() => token);
  // Two platform orders of the seeded account's first shop (the shop sync's kind), one pre-sale.
  await t.server.db.query(
    `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
       receiver_name, receiver_mobile, receiver_address, created_at, source, platform_order_no, pre_sale)
     VALUES (1, 'LISTS-1', 1, '[]', '', 100, 'pending', '平台买家', 'r', '13800000001', 'a', 1764000000,
       'sync', '250101-PDDSN-77A', false),
            (1, 'LISTS-2', 1, '[]', '', 100, 'purchased', '平台买家', 'r', '13800000001', 'a', 1764000000,
       'sync', '6930000000000Q', true)`,
  );
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** The list's total for a filter and status (one row read: the total is the count). */
async function listTotal(filter: OrderStatusCountsBody, status?: (typeof ORDER_STATUSES)[number]) {
  return (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, ...filter, status })).total;
}

describe('status tab counts', () => {
  const filters: [string, OrderStatusCountsBody][] = [
    ['no filter (the kept counters)', {}],
    ['a keyword', { keyword: '1' }],
    ['a shop', { shop_id: 2 }],
    ['a platform', { platform: 'pinduoduo' }],
    ['the 黑名单 buyers', { blacklisted: 1 }],
    ['the pre-sale orders', { pre_sale: 1 }],
    ['days', { start_date: '2025-01-01', end_date: '2026-12-31' }],
    ['everything together', { keyword: '平台', shop_id: 1, platform: 'pinduoduo', start_date: '2025-11-01' }],
  ];
  for (const [name, filter] of filters) {
    it(`equal the list's total of each status under ${name}`, async () => {
      const { counts } = await api.call('/api/order/status-counts', filter);
      expect(Object.keys(counts).sort()).toEqual([...ORDER_STATUSES].sort());
      for (const status of ORDER_STATUSES) {
        expect(counts[status], status).toBe(await listTotal(filter, status));
      }
      const sum = ORDER_STATUSES.reduce((total, status) => total + counts[status], 0);
      expect(sum).toBe(await listTotal(filter));
    });
  }

  it('are not all zero for the seeded account, and all zero for another (empty) account', async () => {
    const { counts } = await api.call('/api/order/status-counts', {});
    expect(counts.pending).toBeGreaterThan(0);
    const otherToken = await t.login('13712340062');
    const other = t.client(() => otherToken);
    const theirs = await other.call('/api/order/status-counts', {});
    expect(Object.values(theirs.counts)).toEqual(ORDER_STATUSES.map(() => 0));
  });

  it('follow a step at once', async () => {
    const before = (await api.call('/api/order/status-counts', { keyword: 'LISTS-1' })).counts;
    expect(before.pending).toBe(1);
    const [row] = await t.server.db.query<{ id: number }>("SELECT id FROM orders WHERE order_no = 'LISTS-1'");
    await api.call('/api/order/cancel', { id: row?.id ?? 0, reason: '测试' });
    const after = (await api.call('/api/order/status-counts', { keyword: 'LISTS-1' })).counts;
    expect(after).toMatchObject({ pending: 0, cancelled: 1 });
  });

  it('refuse a filter the list refuses, with the field named', async () => {
    const res = await t.post(
      '/api/order/status-counts',
      { platform: 'ebay' },
      { token: await t.login(USER) },
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { msg?: string };
    expect(body.msg).toMatch(/platform/);
  });
});

describe('售后订单 status tab counts', () => {
  /** 售后订单's total for a filter and status. */
  async function afterSaleTotal(
    filter: AfterSaleStatusCountsBody,
    status?: (typeof AFTER_SALE_STATUSES)[number],
  ) {
    return (await api.call('/api/order/after-sale', { pageIndex: 1, pageSize: 1, ...filter, status })).total;
  }
  const filters: [string, AfterSaleStatusCountsBody][] = [
    ['no filter', {}],
    ['a keyword (joins the order)', { keyword: '1' }],
    ['a type', { type: 'refund' }],
    ['a shop', { shop_id: 2 }],
    ['days', { start_date: '2025-01-01', end_date: '2026-12-31' }],
    ['everything together', { keyword: '1', type: 'return', shop_id: 1, start_date: '2025-11-01' }],
  ];
  for (const [name, filter] of filters) {
    it(`equal the list's total of each status under ${name}`, async () => {
      const { counts } = await api.call('/api/order/after-sale-status-counts', filter);
      expect(Object.keys(counts).sort()).toEqual([...AFTER_SALE_STATUSES].sort());
      for (const status of AFTER_SALE_STATUSES) {
        expect(counts[status], status).toBe(await afterSaleTotal(filter, status));
      }
      const sum = AFTER_SALE_STATUSES.reduce((total, status) => total + counts[status], 0);
      expect(sum).toBe(await afterSaleTotal(filter));
    });
  }

  it('are not all zero for the seeded account', async () => {
    const { counts } = await api.call('/api/order/after-sale-status-counts', {});
    expect(AFTER_SALE_STATUSES.filter((status) => counts[status] > 0).length).toBeGreaterThan(1);
  });

  it('refuse a filter the list refuses, with the field named', async () => {
    const res = await t.post(
      '/api/order/after-sale-status-counts',
      { type: 'swap' },
      { token: await t.login(USER) },
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as { msg?: string }).msg).toMatch(/type/);
  });
});

describe('the keyword finds the platform order number', () => {
  it('in the list, case-insensitively and by part', async () => {
    for (const keyword of ['250101-PDDSN-77A', 'pddsn-77a', '6930000000000q']) {
      const page = await api.call('/api/order/index', { pageIndex: 1, pageSize: 20, keyword });
      expect(
        page.list.map((o) => o.platform_order_no),
        keyword,
      ).toEqual([expect.stringMatching(new RegExp(keyword, 'i'))]);
    }
  });

  it('in the counts, the pre-sale list and the batch by filter alike', async () => {
    const { counts } = await api.call('/api/order/status-counts', { keyword: '6930000000000' });
    expect(counts.purchased).toBe(1);
    const preSale = await api.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 20,
      keyword: '6930000000000',
      pre_sale: 1,
    });
    expect(preSale.list.map((o) => o.order_no)).toEqual(['LISTS-2']);
    // A batch by filter acts on what the list shows: the one order the platform number finds.
    const result = await api.call('/api/order/batch-cancel', {
      filter: { keyword: '6930000000000' },
      expected_count: 1,
      reason: '测试',
    });
    expect(result.results.map((r) => r.order_no)).toEqual(['LISTS-2']);
  });
});

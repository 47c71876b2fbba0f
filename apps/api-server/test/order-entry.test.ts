import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  envelope,
  importForm,
  ORDER_FILE_HEADER,
  orderFileForm,
  orderFileRow,
  startTestServer,
  type TestServer,
} from './helpers';

/**
 * 手工建单 and 导入订单 over real HTTP: a typed order is checked like an imported row and stored as
 * any order (待采购, 买家管理 and the list totals follow); an order file is previewed row by row, a bad
 * row is listed with its reason and skipped on apply, and the same file imported twice updates its
 * orders instead of adding them again. PGlite, and Postgres in postgresSuites.
 */

let t: TestServer;
let token: string;
let shop: number;
const db = () => t.server.db;

const manual = {
  items: [
    { title: '手工单-保温杯', sku: '500ml 白色', quantity: 2, price: 4990 },
    { title: '手工单-杯刷', quantity: 1, price: 590 },
  ],
  amount: 10_570,
  buyer_message: '周末送达',
  receiver: { name: '钱七', mobile: '139 1234 5678', address: '上海市浦东新区世纪大道 1 号' },
};

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: false, authExpirySweep: false });
  token = await t.login(ADMIN);
  shop = (
    await db().query<{ id: number }>('SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1')
  )[0]?.id as number;
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

const post = async (path: string, body: Record<string, unknown> | FormData) => {
  const res = await t.post(path, body, { token });
  return { status: res.status, ...(await envelope(res)) };
};

describe('手工建单', () => {
  it('stores a typed order as 待采购, source manual, counted like any order', async () => {
    const before = await db().query<{ count: number }>(
      "SELECT total AS count FROM order_totals WHERE account_id = 1 AND status = 'pending'",
    );
    const answer = await post('/api/order/create', { ...manual, shop_id: shop, platform_order_no: 'M-0001' });
    expect(answer.status).toBe(200);
    const created = answer.data as { id: number; order_no: string; status: string };
    expect(created).toMatchObject({ status: 'pending', order_no: expect.stringMatching(/^DD\d{17}$/) });
    const [row] = await db().query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [
      created.id,
    ]);
    expect(row).toMatchObject({
      source: 'manual',
      status: 'pending',
      shop_id: shop,
      platform_order_no: 'M-0001',
      amount: 10_570,
      buyer_name: '钱七',
      receiver_mobile: '13912345678',
      buyer_message: '周末送达',
    });
    expect(row?.goods).toEqual([
      { title: '手工单-保温杯', image: '', quantity: 2, sku: '500ml 白色', price: 4990 },
      { title: '手工单-杯刷', image: '', quantity: 1, price: 590 },
    ]);
    // The list, 买家管理 and the totals see it like any order.
    const list = await t
      .client(() => token)
      .call('/api/order/index', { pageIndex: 1, pageSize: 5, keyword: created.order_no });
    expect(list.list.map((o) => [o.order_no, o.receiver.mobile])).toEqual([
      [created.order_no, '139****5678'],
    ]);
    const buyers = await t
      .client(() => token)
      .call('/api/buyer/index', { pageIndex: 1, pageSize: 5, keyword: '13912345678' });
    expect(buyers.list.map((b) => [b.buyer_name, b.order_count])).toEqual([['钱七', 1]]);
    const after = await db().query<{ count: number }>(
      "SELECT total AS count FROM order_totals WHERE account_id = 1 AND status = 'pending'",
    );
    expect(Number(after[0]?.count)).toBe(Number(before[0]?.count) + 1);
    // Logged as 手工建单, the mobile masked.
    const [entry] = await db().query<{ action_label: string; changes: unknown }>(
      "SELECT action_label, changes FROM operation_log WHERE action = 'order.create' ORDER BY id DESC LIMIT 1",
    );
    expect(entry?.action_label).toBe('手工建单');
    expect(JSON.stringify(entry?.changes)).toContain('139****5678');
    expect(JSON.stringify(entry?.changes)).not.toContain('13912345678');
  });

  it('refuses what an imported order would not pass, and adds nothing', async () => {
    const count = async () =>
      (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]?.n;
    const before = await count();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...manual, shop_id: shop, receiver: { ...manual.receiver, mobile: '12345' } }, 422, /手机号/],
      [{ ...manual, shop_id: shop, receiver: { ...manual.receiver, name: '' } }, 422, /receiver/],
      [{ ...manual, shop_id: shop, items: [] }, 422, /至少填写一件商品/],
      [{ ...manual, shop_id: shop, items: [{ title: 'x', quantity: 0, price: 1 }] }, 422, /quantity/],
      [{ ...manual, shop_id: shop, amount: -1 }, 422, /amount/],
      [{ ...manual, shop_id: 999_999 }, 404, /记录不存在/],
      [{ ...manual, shop_id: shop, platform_order_no: 'M-0001' }, 409, /已有平台订单号为 M-0001/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post('/api/order/create', body);
      expect({ status: answer.status, msg: answer.msg }).toEqual({
        status,
        msg: expect.stringMatching(message),
      });
    }
    expect(await count()).toBe(before);
  });
});

describe('导入订单', () => {
  const rows = [
    orderFileRow('240101-000000000001'),
    orderFileRow('240101-000000000002', { quantity: '1', total: '59.90', paid: '¥59.90', message: '' }),
    // A bad row: a mobile that is not one, a quantity of 0.
    orderFileRow('240101-000000000003', { mobile: '1381234', quantity: '0' }),
    orderFileRow('240101-000000000004', { status: '已取消' }),
  ];

  it('previews every row with its errors and writes nothing', async () => {
    const before = await db().query('SELECT count(*)::int AS n FROM orders');
    const answer = await post('/api/order/import-orders-preview', orderFileForm(shop, rows));
    expect(answer.status).toBe(200);
    const preview = answer.data as {
      rows: { line: number; platform_order_no: string; amount: number; exists: boolean; errors: string[] }[];
      valid: number;
      invalid: number;
    };
    expect(preview).toMatchObject({ valid: 2, invalid: 2 });
    expect(preview.rows.map((r) => [r.line, r.platform_order_no, r.amount, r.exists])).toEqual([
      [2, '240101-000000000001', 10_980, false],
      [3, '240101-000000000002', 5990, false],
      [4, '240101-000000000003', 10_980, false],
      [5, '240101-000000000004', 10_980, false],
    ]);
    expect(preview.rows[2]?.errors).toEqual(['商品数量应为 1 到 9999 的整数', '请输入正确的手机号']);
    expect(preview.rows[3]?.errors).toEqual(['订单状态为「已取消」，不导入']);
    expect(await db().query('SELECT count(*)::int AS n FROM orders')).toEqual(before);
  });

  it('applies the valid rows, skips the bad ones, and a second import updates instead of adding', async () => {
    const first = await post('/api/order/import-orders-apply', orderFileForm(shop, rows));
    expect(first.data).toMatchObject({ created: 2, updated: 0, failed: 2 });
    const results = (first.data as { results: { outcome: string; message: string }[] }).results;
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created', 'failed', 'failed']);
    expect(results[2]?.message).toContain('请输入正确的手机号');
    const stored = await db().query<Record<string, unknown>>(
      `SELECT platform_order_no, source, status, amount, receiver_address, receiver_mobile, platform_status, buyer_message,
              receiver_region, goods
       FROM orders WHERE shop_id = $1 AND platform_order_no LIKE '240101-%' ORDER BY platform_order_no`,
      [shop],
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      source: 'import',
      status: 'pending',
      amount: 10_980,
      receiver_address: '浙江省 杭州市 西湖区 文新街道 文一西路 100 号 2 幢 301 室',
      receiver_mobile: '13812345678',
      platform_status: '待发货',
      buyer_message: '请尽快发货',
      receiver_region: { province: '浙江省', city: '杭州市', district: '西湖区', town: '文新街道' },
      goods: [{ title: '纯棉短袖T恤', sku: '白色 L', quantity: 2, price: 5990, image: '' }],
    });
    expect(stored[1]).toMatchObject({ amount: 5990, buyer_message: null });

    // The same file again, with a changed platform status: the two orders are updated, none added.
    const again = orderFileForm(shop, [
      orderFileRow('240101-000000000001', { status: '已发货，待签收' }),
      ...rows.slice(1),
    ]);
    const preview = await post('/api/order/import-orders-preview', again);
    expect((preview.data as { rows: { exists: boolean }[] }).rows.map((r) => r.exists)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const second = await post(
      '/api/order/import-orders-apply',
      orderFileForm(shop, [
        orderFileRow('240101-000000000001', { status: '已发货，待签收' }),
        ...rows.slice(1),
      ]),
    );
    expect(second.data).toMatchObject({ created: 0, updated: 2, failed: 2 });
    const now = await db().query<{ platform_status: string }>(
      `SELECT platform_status FROM orders WHERE shop_id = $1 AND platform_order_no LIKE '240101-%'
       ORDER BY platform_order_no`,
      [shop],
    );
    expect(now.map((r) => r.platform_status)).toEqual(['已发货，待签收', '待发货']);
    // One entry per order each time (4), none for the failed rows.
    const entries = await db().query<{ target_name: string }>(
      "SELECT target_name FROM operation_log WHERE action = 'order.import-orders-apply'",
    );
    expect(entries).toHaveLength(4);
  });

  it('refuses a file without the columns, a repeated order number, another account’s shop', async () => {
    const noHeader = importForm('订单号,快递公司,快递单号\nDD1,SF,SF1234567890123\n');
    noHeader.append('shop_id', String(shop));
    const refused = await post('/api/order/import-orders-preview', noHeader);
    expect(refused.status).toBe(422);
    expect(refused.msg).toMatch(/^第一行应为订单导出文件的表头，至少包含：订单号、商品、商品数量/);

    const repeated = await post(
      '/api/order/import-orders-preview',
      orderFileForm(shop, [orderFileRow('R-1'), orderFileRow('R-1')]),
    );
    expect((repeated.data as { rows: { errors: string[] }[] }).rows[1]?.errors).toEqual([
      '订单号与第 2 行重复',
    ]);

    const other = await t.login('13712340601');
    const res = await t.post('/api/order/import-orders-apply', orderFileForm(shop, [orderFileRow('X-1')]), {
      token: other,
    });
    expect(res.status).toBe(404);
    expect(await db().query("SELECT 1 FROM orders WHERE platform_order_no = 'X-1'")).toEqual([]);
  });

  it('reads the header with its units and in any order, from a BOM-prefixed CSV', async () => {
    const header = ORDER_FILE_HEADER.split(',').reverse().join(',');
    const line = orderFileRow('BOM-1').split(',').reverse().join(',');
    const form = importForm(`\uFEFF${header}\r\n${line}\r\n`);
    form.append('shop_id', String(shop));
    const answer = await post('/api/order/import-orders-preview', form);
    expect(answer.data).toMatchObject({ valid: 1, invalid: 0 });
  });
});

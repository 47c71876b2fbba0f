import { type ApiClient, ORDER_STATUSES, type OrderStatus } from '@consign/api-client';
import { ORDER_FILTER_KEYS, ORDER_FILTERS } from '@consign/api-client/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../src/db/list';
import { SEED_COUNTS } from '../src/db/seed';
import { startTestServer, type TestServer, USER } from './helpers';

/** Every list total follows the writes at once and matches the rows of the list. */
let t: TestServer;
let api: ApiClient;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: { idlePollMs: 50 } });
  const token = await t.login(USER);
  api = t.client(() => token);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** The total of a first page, checked against its rows: a page shorter than 20 rows is the whole list. */
async function total(read: () => Promise<{ total: number; list: unknown[] }>): Promise<number> {
  const page = await read();
  expect(page.list.length).toBeLessThanOrEqual(page.total);
  if (page.list.length < 20) expect(page.list.length).toBe(page.total);
  return page.total;
}

describe('list totals after writes', () => {
  it('orders: the kept totals (migration 0010) follow inserts, status changes, moves and deletes', async () => {
    const db = t.server.db;
    const counted = async (status?: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders WHERE account_id = 1${status ? ' AND status = $1' : ''}`,
          status ? [status] : [],
        )
      )[0]?.n;
    const check = async () => {
      expect((await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).total).toBe(await counted());
      for (const status of ['pending', 'purchased', 'shipped', 'completed', 'cancelled'] as const) {
        expect(
          (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, status })).total,
          status,
        ).toBe(await counted(status));
      }
    };
    await check();
    const before = await counted();
    await db.query(
      `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
         receiver_name, receiver_mobile, receiver_address, created_at)
       SELECT 1, 'TOTAL' || g, 1, '[]', '', 1, 'pending', 'b', 'r', '13800000000', 'a', 1
       FROM generate_series(1, 3) g`,
    );
    expect((await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).total).toBe((before ?? 0) + 3);
    await check();
    await db.query("UPDATE orders SET status = 'cancelled' WHERE order_no = 'TOTAL1'");
    await db.query("UPDATE orders SET status = status, amount = 2 WHERE order_no = 'TOTAL2'");
    await check();
    // Into another account and back out of this one.
    await t.login('13712340061');
    await db.query(
      "UPDATE orders SET account_id = (SELECT account_id FROM users WHERE mobile = '13712340061') WHERE order_no = 'TOTAL2'",
    );
    await db.query("DELETE FROM orders WHERE order_no = 'TOTAL3'");
    await check();
    expect((await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).total).toBe((before ?? 0) + 1);
  });

  it('buyers and receiving addresses: the kept rows (migration 0013) equal the orders grouped after every kind of write', async () => {
    const db = t.server.db;
    const KEY = 'account_id, receiver_mobile, buyer_name';
    const kept = () =>
      db.query(
        `SELECT ${KEY}, order_count, spend::float8 AS spend, last_order_at::float8 AS last_order_at, last_order_id
         FROM buyers ORDER BY ${KEY}`,
      );
    const grouped = () =>
      db.query(
        `SELECT DISTINCT ON (${KEY}) ${KEY}, (count(*) OVER w)::int AS order_count,
           (sum(amount) OVER w)::float8 AS spend, created_at::float8 AS last_order_at, id AS last_order_id
         FROM orders WINDOW w AS (PARTITION BY ${KEY}) ORDER BY ${KEY}, created_at DESC, id DESC`,
      );
    const ADDRESS = 'account_id, receiver_mobile, receiver_name, receiver_address';
    const keptAddresses = () =>
      db.query(
        `SELECT ${ADDRESS}, order_count, last_order_at::float8 AS last_order_at, last_order_id
         FROM receivers ORDER BY ${ADDRESS}`,
      );
    const groupedAddresses = () =>
      db.query(
        `SELECT DISTINCT ON (${ADDRESS}) ${ADDRESS}, (count(*) OVER w)::int AS order_count,
           created_at::float8 AS last_order_at, id AS last_order_id
         FROM orders WINDOW w AS (PARTITION BY ${ADDRESS}) ORDER BY ${ADDRESS}, created_at DESC, id DESC`,
      );
    const check = async () => {
      expect(await kept()).toEqual(await grouped());
      expect(await keptAddresses()).toEqual(await groupedAddresses());
      // The kept numbers of rows per account (the totals of the unfiltered pages).
      expect(
        await db.query('SELECT account_id, list, total FROM group_totals WHERE total > 0 ORDER BY 1, 2'),
      ).toEqual(
        await db.query(
          `SELECT account_id, 'buyers' AS list, count(*)::int AS total FROM buyers GROUP BY 1
           UNION ALL SELECT account_id, 'receivers', count(*)::int FROM receivers GROUP BY 1 ORDER BY 1, 2`,
        ),
      );
      const [{ a }] = (await db.query<{ a: number }>(
        `SELECT count(*)::int AS a FROM receivers WHERE account_id = 1`,
      )) as [{ a: number }];
      expect((await api.call('/api/order/receivers', { pageIndex: 1, pageSize: 1 })).total).toBe(a);
      const [{ n }] = (await db.query<{ n: number }>(
        `SELECT count(DISTINCT (receiver_mobile, buyer_name))::int AS n FROM orders WHERE account_id = 1`,
      )) as [{ n: number }];
      expect((await api.call('/api/buyer/index', { pageIndex: 1, pageSize: 1 })).total).toBe(n);
    };
    await check();
    expect((await kept()).length).toBeGreaterThan(0);
    const insert = (no: string, mobile: string, createdAt: number, amount = 100) =>
      db.query(
        `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
           receiver_name, receiver_mobile, receiver_address, created_at)
         VALUES (1, $1, 1, '[]', '', $4, 'pending', 'kept-buyer', 'r', $2, 'a', $3)`,
        [no, mobile, createdAt, amount],
      );
    // Twenty orders of one new buyer at once (on Postgres: concurrent transactions), then one older.
    await Promise.all(Array.from({ length: 20 }, (_, i) => insert(`BUY${i}`, '13600000001', 1_000 + i)));
    await insert('BUYOLD', '13600000001', 10);
    await check();
    const mine = await api.call('/api/buyer/index', { pageIndex: 1, pageSize: 5, keyword: '13600000001' });
    expect(mine.list).toMatchObject([{ buyer_name: 'kept-buyer', order_count: 21, spend: 2_100 }]);
    // The keyword: the name in any case, a part of the mobile, never across the two or as a wildcard.
    expect(
      (await api.call('/api/buyer/index', { pageIndex: 1, pageSize: 5, keyword: 'KEPT-Buyer' })).list,
    ).toMatchObject([{ buyer_name: 'kept-buyer' }]);
    for (const keyword of ['buyer1360', 'kept%', 'kept_buyer']) {
      expect(
        (await api.call('/api/buyer/index', { pageIndex: 1, pageSize: 5, keyword })).total,
        keyword,
      ).toBe(0);
    }
    // The newest order leaves (a corrected mobile): the next newest becomes the handle.
    await db.query("UPDATE orders SET receiver_mobile = '13600000002' WHERE order_no = 'BUY19'");
    await db.query("UPDATE orders SET amount = 500 WHERE order_no = 'BUY3'");
    await db.query(
      "UPDATE orders SET receiver_address = 'b', receiver_name = 'R' WHERE order_no IN ('BUY4', 'BUY18')",
    );
    await check();
    // Deletes and inserts of the same buyer at once, then everything of the new one.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        db.query('DELETE FROM orders WHERE order_no = $1', [`BUY${i}`]),
      ),
      ...Array.from({ length: 10 }, (_, i) => insert(`BUYNEW${i}`, '13600000001', 2_000 + i)),
    ]);
    await check();
    await db.query("DELETE FROM orders WHERE order_no LIKE 'BUY%'");
    await check();
    expect(
      (await api.call('/api/buyer/index', { pageIndex: 1, pageSize: 5, keyword: '1360000000' })).total,
    ).toBe(0);
  });

  it('goods: a new product and a status change move every affected total', async () => {
    const all = () => api.call('/api/goods/index', { pageIndex: 1, pageSize: 20 });
    const drafts = () => api.call('/api/goods/index', { pageIndex: 1, pageSize: 20, status: 'draft' });
    const onSale = () => api.call('/api/goods/index', { pageIndex: 1, pageSize: 20, status: 'on_sale' });
    const shop2 = () => api.call('/api/goods/index', { pageIndex: 1, pageSize: 100, shop_id: 2 });
    const before = { all: await total(all), drafts: await total(drafts), onSale: await total(onSale) };
    const shop2Before = await total(shop2);

    const created = await api.call('/api/goods/save', {
      shop_id: 2,
      title: '总数测试商品',
      price: 100,
      stock: 1,
      status: 'draft',
      images: ['/static/goods/1.svg'],
    });
    expect(await total(all)).toBe(before.all + 1);
    expect(await total(drafts)).toBe(before.drafts + 1);
    expect(await total(shop2)).toBe(shop2Before + 1);
    const page = await shop2();
    expect(page.list).toHaveLength(shop2Before + 1);
    expect(page.list[0]?.id).toBe(created.id); // newest update first

    await api.call('/api/goods/save', { ...created, id: created.id, status: 'on_sale' });
    expect(await total(drafts)).toBe(before.drafts);
    expect(await total(onSale)).toBe(before.onSale + 1);
  });

  it('shop groups and moves: group and ungrouped totals follow', async () => {
    const groups = () => api.call('/api/shop/group-index', { pageIndex: 1, pageSize: 100 });
    const ungrouped = () => api.call('/api/shop/index', { pageIndex: 1, pageSize: 100, group_id: 0 });
    const groupsBefore = await total(groups);
    expect(await total(ungrouped)).toBe(SEED_COUNTS.ungroupedShops);

    const group = await api.call('/api/shop/group-save', { name: '总数测试分组' });
    expect(await total(groups)).toBe(groupsBefore + 1);
    const inGroup = () => api.call('/api/shop/index', { pageIndex: 1, pageSize: 100, group_id: group.id });
    expect(await total(inGroup)).toBe(0);

    const shop = (await ungrouped()).list[0];
    await api.call('/api/shop/move', {
      shop_id: shop?.id ?? 0,
      group_id: group.id,
      version: shop?.version ?? 0,
    });
    expect(await total(ungrouped)).toBe(SEED_COUNTS.ungroupedShops - 1);
    expect(await total(inGroup)).toBe(1);

    await api.call('/api/shop/group-del', { id: group.id }); // its shop becomes ungrouped again
    expect(await total(groups)).toBe(groupsBefore);
    expect(await total(ungrouped)).toBe(SEED_COUNTS.ungroupedShops);
  });

  it('copy jobs: a queued job counts at once, and its end moves the status totals', async () => {
    const ofShop = () => api.call('/api/copy/index', { pageIndex: 1, pageSize: 20, shop_id: 5 });
    // This server has no 1688 app: the job ends failed (test/goods-copy.test.ts copies for real).
    const failed = () =>
      api.call('/api/copy/index', { pageIndex: 1, pageSize: 20, shop_id: 5, status: 'failed' });
    const before = await total(ofShop);
    const failedBefore = await total(failed);

    await api.call('/api/copy/create', {
      shop_id: 5,
      urls: ['https://detail.1688.com/offer/700000777.html'],
    });
    expect(await total(ofShop)).toBe(before + 1);
    let now = failedBefore;
    for (let i = 0; i < 200 && now === failedBefore; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      now = (await failed()).total;
    }
    expect(now).toBe(failedBefore + 1);
    expect(await total(ofShop)).toBe(before + 1);
  });

  it('the order keyword search answers like ILIKE over number, buyer and goods titles', async () => {
    const all = await api.call('/api/order/index', { pageIndex: 1, pageSize: 100 });
    const sample = all.list[3];
    if (!sample) throw new Error('no orders');
    // Upper/lower case, a buyer's surname, a goods word, and a keyword spanning no two fields.
    const byNo = await api.call('/api/order/index', {
      pageIndex: 1,
      pageSize: 20,
      keyword: sample.order_no.toLowerCase(),
    });
    expect(byNo.list.map((o) => o.id)).toContain(sample.id);
    const surname = sample.buyer_name.slice(0, 1);
    const bySurname = await api.call('/api/order/index', { pageIndex: 1, pageSize: 100, keyword: surname });
    expect(bySurname.total).toBeGreaterThan(0);
    const everyOrder = await Promise.all(
      Array.from({ length: Math.ceil(SEED_COUNTS.orders / 100) }, (_, i) =>
        api.call('/api/order/index', { pageIndex: i + 1, pageSize: 100 }),
      ),
    );
    const expected = everyOrder
      .flatMap((p) => p.list)
      .filter(
        (o) =>
          o.order_no.includes(surname) ||
          o.buyer_name.includes(surname) ||
          o.goods.some((g) => g.title.includes(surname)),
      );
    expect(bySurname.total).toBe(expected.length);
    const word = sample.goods[0]?.title.slice(-4) ?? '';
    const byWord = await api.call('/api/order/index', { pageIndex: 1, pageSize: 100, keyword: word });
    expect(byWord.list.map((o) => o.id)).toContain(sample.id);
    const across = `${sample.order_no.slice(-2)}${sample.buyer_name.slice(0, 1)}`;
    expect((await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, keyword: across })).total).toBe(
      0,
    );
    // The field separator itself in a keyword: the per-column search, nothing matches.
    expect(
      (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, keyword: `a\u001fb` })).total,
    ).toBe(0);
  });

  it('the stored search column matches exactly the rows the four ILIKEs match, for any keyword', async () => {
    const db = t.server.db;
    // Platform orders: the platform's order number is the fourth field (migration 0029).
    await db.query(
      `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
         receiver_name, receiver_mobile, receiver_address, created_at, source, platform_order_no)
       SELECT 1, 'PLATFORM' || g, 1, '[]', '', 1, 'pending', 'b', 'r', '13800000000', 'a', 1, 'sync',
         '2511' || g || '-Dd0' || g
       FROM generate_series(1, 3) g`,
    );
    const fields = (
      await db.query<{
        order_no: string;
        buyer_name: string;
        goods_titles: string;
        platform_order_no: string;
      }>(
        "SELECT order_no, buyer_name, goods_titles, coalesce(platform_order_no, '') AS platform_order_no FROM orders",
      )
    )
      .flatMap((o) => [o.order_no, o.buyer_name, o.goods_titles, o.platform_order_no])
      .filter((field) => field !== '');
    const fromData = fc
      .tuple(fc.constantFrom(...fields), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean())
      .map(([field, at, length, upper]) => {
        const start = at % field.length;
        const part = field.slice(start, start + length);
        return upper ? part.toUpperCase() : part.toLowerCase();
      });
    const anything = fc.string({
      unit: fc.constantFrom(...'dD0123456789王保温杯耳机%_\\ \n-İıÅå'),
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fromData, anything), async (keyword) => {
        const pattern = likePattern(keyword.trim());
        if (!pattern) return;
        const [row] = await db.query<{ stored: number; ilike: number }>(
          `SELECT count(*) FILTER (WHERE search LIKE lower($1))::int AS stored,
             count(*) FILTER (WHERE order_no ILIKE $1 OR buyer_name ILIKE $1 OR goods_titles ILIKE $1
               OR platform_order_no ILIKE $1)::int AS ilike
           FROM orders`,
          [pattern],
        );
        expect(row?.stored).toBe(row?.ilike);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the order filters: list, total and status tabs agree for every filter', () => {
  /** Every row of the order list under `filter`, page by page (the rows, never a kept counter). */
  async function rowsOf(filter: Record<string, unknown>) {
    const rows: { status: OrderStatus }[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const page = await api.call('/api/order/index', { ...filter, pageIndex, pageSize: 100 });
      rows.push(...page.list);
      if (page.list.length < 100) return rows;
    }
  }

  it.each(ORDER_FILTER_KEYS)(
    '%s: the total and each status tab count the rows the list holds',
    async (key) => {
      const db = t.server.db;
      // Some pre-sale orders and a loss-making one in the demo account, so every example matches rows.
      const touched = await db.query<{ id: number }>(
        `UPDATE orders SET pre_sale = true, cost = amount + 100000
       WHERE id IN (SELECT id FROM orders WHERE account_id = 1 ORDER BY id LIMIT 3) RETURNING id`,
      );
      // And their writebacks refused by the platform (the 回传失败 exception view).
      const refused = await db.query<{ id: number }>(
        `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
           tracking_no, status, created_at, updated_at)
         SELECT account_id, id, shop_id, 'pinduoduo', order_no, 'ZTO', 'ZT' || id, 'failed', 0, 0
         FROM orders WHERE id = ANY($1::int[]) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
        [touched.map((row) => row.id)],
      );
      try {
        const example = ORDER_FILTERS[key].example;
        const filter = { [key]: example };
        // The status filter is a tab itself: its example's rows are the unfiltered count of that tab.
        const countsFilter = key === 'status' ? {} : filter;
        const rows = await rowsOf(filter);
        expect(rows.length, 'the example matches orders').toBeGreaterThan(0);
        const { counts } = await api.call('/api/order/status-counts', countsFilter);
        const listTotal = (extra: object) =>
          api
            .call('/api/order/index', { ...filter, ...extra, pageIndex: 1, pageSize: 1 })
            .then((p) => p.total);
        expect(await listTotal({}), 'the list total').toBe(rows.length);
        for (const status of ORDER_STATUSES) {
          const inTab = rows.filter((row) => row.status === status).length;
          if (key !== 'status') expect(counts[status], `the ${status} tab`).toBe(inTab);
          else if (status === example) expect(counts[status], `the ${status} tab`).toBe(inTab);
          if (key !== 'status') expect(await listTotal({ status }), `the ${status} list total`).toBe(inTab);
        }
      } finally {
        await db.query('DELETE FROM order_writebacks WHERE id = ANY($1::int[])', [
          refused.map((row) => row.id),
        ]);
        await db.query('UPDATE orders SET pre_sale = false, cost = NULL WHERE id = ANY($1::int[])', [
          touched.map((row) => row.id),
        ]);
      }
    },
  );
});

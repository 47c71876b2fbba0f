import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { ApiClient, ExportJob, Order, OrderListParams } from '@consign/api-client';
import {
  ALL_ORDERS,
  exportColumnsSummary,
  exportJobSchema,
  FINANCE_EXPORT_REFUSED,
  ORDER_EXPORT_COLUMN_KEYS,
  type OrderExportColumn,
  orderFiltersSummary,
} from '@consign/api-client/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/db';
import { scopeOf } from '../src/db/scope';
import { EXPORT_COPY, ORDER_MONEY_COLUMNS, orderCells } from '../src/export-file';
import { EXPORT_MESSAGES, writeOrderExport } from '../src/jobs/export';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/** A column's place in a file of every column (the declared order, `ORDER_COLUMNS`). */
const col = (key: OrderExportColumn) => ORDER_EXPORT_COLUMN_KEYS.indexOf(key);

/**
 * Order exports (下载中心): a job per export, its file equal to the filtered list, the download link
 * (scoped, signed, 60 s), the 7-day sweep, restarts, and the batches that keep memory flat.
 */

const DEMO_ACCOUNT = 1;
const SECOND = '13712340051';

let t: TestServer;
let owner: ApiClient;
let member: ApiClient;
let second: ApiClient;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: { batchSize: 50, idlePollMs: 100 } });
  const ownerToken = await t.login(ADMIN);
  const memberToken = await t.login(USER);
  const secondToken = await t.login(SECOND);
  owner = t.client(() => ownerToken);
  member = t.client(() => memberToken);
  second = t.client(() => secondToken);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** Polls the job list until the job has finished (the worker runs it in the background). */
async function finished(api: ApiClient, id: number): Promise<ExportJob> {
  for (let i = 0; i < 600; i++) {
    const job = (await api.call('/api/export/index', { pageIndex: 1, pageSize: 100 })).list.find(
      (j) => j.id === id,
    );
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

/** Every order of the list with these filters, page by page, as the 代发订单 page shows them. */
async function listed(api: ApiClient, filters: Omit<OrderListParams, 'pageIndex' | 'pageSize'>) {
  const all: Order[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.call('/api/order/index', { ...filters, pageIndex, pageSize: 100 });
    all.push(...page.list);
    if (all.length >= page.total || page.list.length === 0) return all;
  }
}

async function download(api: ApiClient, id: number): Promise<Response> {
  const { url } = await api.call('/api/export/download-url', { id });
  return fetch(`${t.url}${url}`);
}

describe('export jobs', () => {
  it('a CSV export holds exactly the filtered list, in its order, with a BOM and a header', async () => {
    const filters = { status: 'pending' } as const;
    const expected = await listed(owner, filters);
    expect(expected.length).toBeGreaterThan(50); // more than one batch
    const job = await owner.call('/api/export/create', { ...filters, format: 'csv' });
    expect(job).toMatchObject({ status: 'queued', format: 'csv', filters });
    expect(job.expires_at - job.created_at).toBe(7 * 86_400);

    const done = await finished(owner, job.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      rows_done: expected.length,
      rows_total: expected.length,
    });

    const res = await download(owner, job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${job.name}.csv`)}`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(done.size);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8').slice(1)) as string[][];
    expect(rows[0]).toEqual([...EXPORT_COPY.columns]);
    expect(rows.slice(1)).toEqual(expected.map((order) => orderCells(order).map(String)));
    // What a seller reads: Chinese labels, the masked mobile.
    expect(Object.values(EXPORT_COPY.platform)).toContain(rows[1]?.[3]);
    expect(rows[1]?.[col('status')]).toBe('待采购');
    expect(rows[1]?.[col('receiver_mobile')]).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('an export of the 黑名单 filter holds those orders, and its job still reads as the contract says', async () => {
    const expected = await listed(owner, { blacklisted: '1' });
    expect(expected.length).toBeGreaterThan(0);
    const job = await owner.call('/api/export/create', { blacklisted: '1', format: 'csv' });
    const done = await finished(owner, job.id);
    // The filter is stored as the API reads it (`true`); 下载中心's answer must still match the contract.
    expect(exportJobSchema.parse(done).filters).toEqual({ blacklisted: true });
    const rows = parse((await (await download(owner, job.id)).text()).slice(1)) as string[][];
    expect(rows.slice(1).map((cells) => cells[1])).toEqual(expected.map((order) => order.order_no));
  });

  it("the columns the seller chose: only those, in the file's order (平台订单号 first); an unknown one is refused", async () => {
    const filters = { platform: 'pinduoduo', status: 'pending' } as const;
    // The seed's orders are typed in: give three of them the number 拼多多 knows them by.
    await t.server.db.query(
      `UPDATE orders SET platform_order_no = '261128-' || id WHERE id IN (
         SELECT o.id FROM orders o JOIN shops s ON s.id = o.shop_id
         WHERE o.account_id = $1 AND o.status = 'pending' AND s.platform = 'pinduoduo' ORDER BY o.id LIMIT 3)`,
      [DEMO_ACCOUNT],
    );
    const expected = await listed(owner, filters);
    expect(expected.filter((order) => order.platform_order_no)).toHaveLength(3);
    // Asked out of order: the file keeps the declared order, 平台订单号 before our 订单号.
    const job = await owner.call('/api/export/create', {
      ...filters,
      format: 'csv',
      columns: ['amount', 'order_no', 'platform_order_no'],
    });
    expect(job.columns).toEqual(['platform_order_no', 'order_no', 'amount']);
    const done = await finished(owner, job.id);
    expect(exportColumnsSummary(done.columns)).toBe('导出列：平台订单号、订单号、实付金额（元）（3/21 列）');
    const rows = parse(await (await download(owner, job.id)).text()) as string[][];
    expect(rows[0]).toEqual(['平台订单号', '订单号', '实付金额（元）']);
    expect(rows.slice(1)).toEqual(
      expected.map((order) => [order.platform_order_no ?? '', order.order_no, String(order.amount / 100)]),
    );

    for (const [columns, msg] of [
      [['order_no', 'secret_cost'], '导出列不存在：secret_cost，请重新选择导出列'],
      [[], '请至少选择一列导出'],
    ] as const) {
      const refused = await t.post(
        '/api/export/create',
        { format: 'csv', columns },
        { token: await t.login(ADMIN) },
      );
      expect({ status: refused.status, body: await envelope(refused) }).toEqual({
        status: 400,
        body: { errorCode: 1, msg },
      });
    }
  });

  it('下载中心 describes an export of 预售订单, 亏损 or 未录入成本 as such, not as 全部订单', async () => {
    const cases = [
      [{ pre_sale: '1' }, '预售订单'],
      [{ profit_max: -1 }, '利润：亏损'],
      [{ cost_missing: 1, platform: 'pinduoduo' }, '平台：拼多多；未录入成本'],
      [{}, ALL_ORDERS],
    ] as const;
    for (const [filters, words] of cases) {
      const job = await owner.call('/api/export/create', { ...filters, format: 'csv' });
      // As 下载中心 reads it: the job of the list, its kept filters in words.
      const done = await finished(owner, job.id);
      expect(orderFiltersSummary(done.filters), JSON.stringify(filters)).toBe(words);
    }
  });

  it('an XLSX export holds the same rows, amounts as numbers', async () => {
    const filters = { keyword: '保温杯', platform: 'taobao' } as const;
    const expected = await listed(owner, filters);
    expect(expected.length).toBeGreaterThan(0);
    const job = await owner.call('/api/export/create', { ...filters, format: 'xlsx' });
    expect((await finished(owner, job.id)).status).toBe('succeeded');

    const res = await download(owner, job.id);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet(EXPORT_COPY.sheet);
    const values: unknown[][] = [];
    // An empty text cell (no supplier yet ...) is no cell in the file: read back as ''.
    sheet?.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1);
      values.push(EXPORT_COPY.columns.map((_, i) => cells[i] ?? ''));
    });
    expect(values[0]).toEqual([...EXPORT_COPY.columns]);
    expect(values.slice(1)).toEqual(expected.map(orderCells));
    expect(typeof values[1]?.[col('amount')]).toBe('number');
  });

  it('a CSV cell that a spreadsheet would run as a formula is made text', async () => {
    const evil = ['=HYPERLINK("http://x.example","点我")', '+1+1', '-2+3', '@SUM(A1)'];
    const [shop] = await t.server.db.query<{ id: number }>(
      'SELECT id FROM shops WHERE account_id = $1 LIMIT 1',
      [DEMO_ACCOUNT],
    );
    for (const [i, buyer] of evil.entries()) {
      await t.server.db.query(
        `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
           receiver_name, receiver_mobile, receiver_address, created_at)
         VALUES ($1, $2, $3, '[{"title":"=1+1","quantity":1}]', '=1+1', 100, 'pending', $4, '注入', '13800001111',
           '某地', $5)`,
        [DEMO_ACCOUNT, `INJ${i}`, shop?.id, buyer, Math.floor(t.clock.now() / 1000)],
      );
    }
    const job = await owner.call('/api/export/create', { keyword: 'INJ', format: 'csv' });
    expect((await finished(owner, job.id)).rows_done).toBe(evil.length);
    const text = await (await download(owner, job.id)).text();
    const rows = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(
      rows
        .slice(1)
        .map((row) => row[col('buyer')])
        .sort(),
    ).toEqual(evil.map((cell) => `'${cell}`).sort());
    expect(rows.slice(1).every((row) => row[col('goods')] === "'=1+1 ×1")).toBe(true);
  });

  it('another account sees none of the jobs and gets no link; the member of the account does', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'cancelled' });
    await finished(owner, job.id);
    expect(await second.call('/api/export/index', { pageIndex: 1, pageSize: 100 })).toEqual({
      list: [],
      total: 0,
    });
    const refused = await t.post(
      '/api/export/download-url',
      { id: job.id },
      { token: await t.login(SECOND) },
    );
    expect({ status: refused.status, body: await envelope(refused) }).toEqual({
      status: 404,
      body: { errorCode: 1, msg: '记录不存在' },
    });
    // The member of the demo account shares its exports (order:view).
    expect((await download(member, job.id)).status).toBe(200);
  });

  it('a link works 60 s, only for its job, and not with a forged or missing signature', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'completed' });
    await finished(owner, job.id);
    const other = await owner.call('/api/export/create', { format: 'csv', status: 'shipped' });
    await finished(owner, other.id);
    const { url, expires_at } = await owner.call('/api/export/download-url', { id: job.id });
    const spare = await owner.call('/api/export/download-url', { id: job.id });
    expect(expires_at - Math.floor(t.clock.now() / 1000)).toBe(60);

    const refused = async (address: string) => {
      const res = await fetch(`${t.url}${address}`);
      expect(res.status, address).toBe(403);
      expect(await res.text()).toBe('下载链接无效或已过期，请回到下载中心重新下载');
    };
    await refused(url.replace(`/export/${job.id}?`, `/export/${other.id}?`));
    await refused(url.replace(/sig=.*/, 'sig='));
    await refused(url.replace(/&sig=.*/, ''));
    await refused(url.replace(/exp=\d+/, `exp=${expires_at + 3600}`));

    await refused(url.replace(/u=\d+/, 'u=2'));
    await refused(url.replace(/n=[^&]+/, `n=${'A'.repeat(22)}`));

    t.clock.advance(60_000);
    expect((await fetch(`${t.url}${url}`)).status).toBe(200);
    t.clock.advance(1_000);
    await refused(spare.url);
  });

  it('a link is spent by its first download, even when fetched twice at once', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'completed' });
    await finished(owner, job.id);
    const { url } = await owner.call('/api/export/download-url', { id: job.id });
    const first = await fetch(`${t.url}${url}`);
    expect(first.status).toBe(200);
    expect((await first.text()).length).toBeGreaterThan(0);
    const again = await fetch(`${t.url}${url}`);
    expect(again.status).toBe(403);
    expect(await again.text()).toBe('下载链接无效或已过期，请回到下载中心重新下载');

    const next = await owner.call('/api/export/download-url', { id: job.id });
    const both = await Promise.all([fetch(`${t.url}${next.url}`), fetch(`${t.url}${next.url}`)]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 403]);
    await Promise.all(both.map((res) => res.arrayBuffer()));
    // A new link still downloads.
    expect((await download(owner, job.id)).status).toBe(200);
  });

  it('a link stops working when its user or account is disabled, or its user loses order:view', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'cancelled' });
    await finished(owner, job.id);
    const refusedNow = async (url: string) => {
      const res = await fetch(`${t.url}${url}`);
      expect(res.status, url).toBe(403);
      expect(await res.text()).toBe('下载链接无效或已过期，请回到下载中心重新下载');
    };
    const setUser = (status: string) =>
      t.server.db.query('UPDATE users SET status = $1 WHERE mobile = $2', [status, USER]);
    const setAccount = (status: string) =>
      t.server.db.query('UPDATE seller_accounts SET status = $1 WHERE id = $2', [status, DEMO_ACCOUNT]);

    // The member's link, then the member disabled: refused; enabled again, a link of theirs works.
    const memberLink = await member.call('/api/export/download-url', { id: job.id });
    await setUser('disabled');
    await refusedNow(memberLink.url);
    await setUser('active');
    const memberToken = await t.login(USER);
    member = t.client(() => memberToken);

    // The member's role loses order:view after the link was made.
    const roleLink = await member.call('/api/export/download-url', { id: job.id });
    const [role] = await t.server.db.query<{ id: number; permissions: string[] }>(
      'SELECT r.id, r.permissions FROM roles r JOIN users u ON u.role_id = r.id WHERE u.mobile = $1',
      [USER],
    );
    if (!role) throw new Error('the seeded member has no role');
    await t.server.db.query('UPDATE roles SET permissions = $1 WHERE id = $2', [
      role.permissions.filter((p) => p !== 'order:view'),
      role.id,
    ]);
    await refusedNow(roleLink.url);
    await t.server.db.query('UPDATE roles SET permissions = $1 WHERE id = $2', [role.permissions, role.id]);

    // The owner's link, then the account disabled: refused.
    const ownerLink = await owner.call('/api/export/download-url', { id: job.id });
    await setAccount('disabled');
    try {
      await refusedNow(ownerLink.url);
    } finally {
      await setAccount('active');
    }
    expect((await download(member, job.id)).status).toBe(200);
  });

  it('money: without finance:view an export leaves out 成本 and 利润, and a file with money is not theirs to download', async () => {
    const [role] = await t.server.db.query<{ id: number; permissions: string[] }>(
      'SELECT r.id, r.permissions FROM roles r JOIN users u ON u.role_id = r.id WHERE u.mobile = $1',
      [USER],
    );
    if (!role) throw new Error('the seeded member has no role');
    const ownersJob = await owner.call('/api/export/create', { format: 'csv', status: 'shipped' });
    await finished(owner, ownersJob.id);
    const ownersLink = await member.call('/api/export/download-url', { id: ownersJob.id });
    await t.server.db.query('UPDATE roles SET permissions = $1 WHERE id = $2', [['order:view'], role.id]);
    try {
      const job = await member.call('/api/export/create', { format: 'csv', status: 'shipped' });
      await finished(member, job.id);
      // text() drops the BOM.
      const rows = parse(await (await download(member, job.id)).text()) as string[][];
      const withoutMoney = EXPORT_COPY.columns.filter((column) => !ORDER_MONEY_COLUMNS.includes(column));
      expect(withoutMoney.length).toBe(EXPORT_COPY.columns.length - 2);
      expect(rows[0]).toEqual(withoutMoney);
      const expected = await listed(owner, { status: 'shipped' });
      expect(rows.length - 1).toBe(expected.length);
      expect(rows[1]?.length).toBe(withoutMoney.length);

      // The owner's export has the money columns: no link for the member, and a link made while
      // they held finance:view no longer downloads.
      const refused = await t.post(
        '/api/export/download-url',
        { id: ownersJob.id },
        { token: await t.login(USER) },
      );
      expect({ status: refused.status, body: await envelope(refused) }).toEqual({
        status: 403,
        body: { errorCode: 1, msg: FINANCE_EXPORT_REFUSED },
      });
      expect((await fetch(`${t.url}${ownersLink.url}`)).status).toBe(403);
    } finally {
      await t.server.db.query('UPDATE roles SET permissions = $1 WHERE id = $2', [role.permissions, role.id]);
    }
  });

  it('an id past the int4 column is refused like any bad link (403), not a 500', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'completed' });
    await finished(owner, job.id);
    const token = await t.login(ADMIN);
    const { url } = await owner.call('/api/export/download-url', { id: job.id });
    for (const id of ['2147483648', '9999999999']) {
      const res = await fetch(`${t.url}${url.replace(`/export/${job.id}?`, `/export/${id}?`)}`);
      expect(res.status, id).toBe(403);
      expect(await res.text()).toBe('下载链接无效或已过期，请回到下载中心重新下载');
    }
    const user = await fetch(`${t.url}${url.replace(/u=\d+/, 'u=2147483648')}`);
    expect(user.status).toBe(403);
    // The same id in an API body is bad input (the contract's id bound): 422.
    const res = await t.post('/api/export/download-url', { id: 2_147_483_648 }, { token });
    expect(res.status).toBe(422);
    // The link itself was untouched by those and still downloads once.
    expect((await fetch(`${t.url}${url}`)).status).toBe(200);
  });

  it('creating an export is in the operation log', async () => {
    const job = await owner.call('/api/export/create', { format: 'xlsx', shop_id: 1 });
    const [entry] = await t.server.db.query<{ action: string; target_id: number }>(
      "SELECT action, target_id FROM operation_log WHERE action = 'export.create' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ action: 'export.create', target_id: job.id });
    await finished(owner, job.id);
  });

  it('after 7 days the sweep deletes the jobs and their files', async () => {
    const job = await owner.call('/api/export/create', { format: 'csv', status: 'purchased' });
    await finished(owner, job.id);
    const dir = t.server.exportDir;
    expect(existsSync(join(dir, `${job.id}.csv`))).toBe(true);
    const kept = async () =>
      (await t.server.db.query('SELECT id FROM export_jobs WHERE id = $1', [job.id])).length;
    t.clock.advance(7 * 86_400_000 - 1000);
    await t.server.exports?.sweep();
    expect(await kept()).toBe(1);
    expect(existsSync(join(dir, `${job.id}.csv`))).toBe(true);
    t.clock.advance(1000);
    await t.server.exports?.sweep();
    expect(await kept()).toBe(0);
    // Every job of the tests above is older: none is left, nor any file.
    expect(await t.server.db.query('SELECT id FROM export_jobs')).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('restarts', () => {
  it('a job cut by a restart is failed with a message, not left running', async () => {
    const r = await startTestServer({ copyWorker: false, exportWorker: false });
    await r.server.db.query(
      `INSERT INTO export_jobs (account_id, name, format, filters, status, rows_done, rows_total, download_key,
         heartbeat_at, created_at, updated_at, expires_at)
       VALUES (1, '中断的导出', 'csv', '{}', 'running', 100, 480, 'k', 1, 1, 1, 4000000000)`,
    );
    await r.stop({ keepData: true });
    const again = await startTestServer({ dataDir: r.dataDir, copyWorker: false });
    try {
      const [job] = await again.server.db.query<{ status: string; error: string }>(
        "SELECT status, error FROM export_jobs WHERE name = '中断的导出'",
      );
      expect(job).toEqual({ status: 'failed', error: EXPORT_MESSAGES.interrupted });
    } finally {
      await again.stop();
    }
  }, 60_000);
});

describe('memory: one batch at a time', () => {
  /** The database as the export sees it, counting the order rows each query answers. */
  function counting(db: Queryable, onOrders: (rows: number) => void): Queryable {
    return {
      async query<T>(sql: string, params?: readonly unknown[]) {
        const rows = await db.query<T>(sql, params);
        if (/FROM orders o JOIN shops s/.test(sql)) onOrders(rows.length);
        return rows;
      },
      exec: (sql) => db.exec(sql),
    };
  }

  it('a CSV of every order is read in batches of 7, each written out before the next is read', async () => {
    const batchSize = 7;
    let written = 0;
    const out = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString('utf8').split('\n').length - 1;
        callback();
      },
    });
    let fetched = 0;
    const heldAtRead: number[] = [];
    const batches: number[] = [];
    const db = counting(t.server.db, (rows) => {
      batches.push(rows);
      fetched += rows;
    });
    const scope = scopeOf(
      {
        query: async (sql, params) => {
          // Rows read but not yet handed to the file when the next read starts (header excluded).
          if (/FROM orders o JOIN shops s/.test(sql)) heldAtRead.push(fetched - Math.max(0, written - 1));
          return db.query(sql, params);
        },
        exec: db.exec,
      } as Queryable,
      DEMO_ACCOUNT,
    );
    const total = await writeOrderExport({ scope, filters: {}, format: 'csv', out, batchSize });

    const [count] = await t.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE account_id = $1',
      [DEMO_ACCOUNT],
    );
    expect(total).toBe(count?.n);
    expect(written).toBe((count?.n ?? 0) + 1);
    expect(Math.max(...batches)).toBe(batchSize);
    expect(batches.length).toBe(Math.floor(total / batchSize) + 1);
    expect(heldAtRead.every((held) => held === 0)).toBe(true);
  });

  it('an XLSX is read the same way', async () => {
    const batches: number[] = [];
    const scope = scopeOf(
      counting(t.server.db, (rows) => batches.push(rows)),
      DEMO_ACCOUNT,
    );
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    const total = await writeOrderExport({ scope, filters: {}, format: 'xlsx', out, batchSize: 11 });
    expect(total).toBeGreaterThan(400);
    expect(Math.max(...batches)).toBe(11);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

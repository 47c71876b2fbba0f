import { type ApiClient, type ExportJob, type LogEntry, notificationKindsFor } from '@consign/api-client';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry, chargeBalance } from '../src/db/balance';
import { scopeOf } from '../src/db/scope';
import { BALANCE_EXPORT_TABLE } from '../src/export-file';
import {
  ADMIN,
  seededPostgresDatabase,
  startTestServer,
  TEST_POSTGRES,
  TestClock,
  type TestServer,
  USER,
} from './helpers';

/**
 * The operators' and sellers' sides of the balance. 调整余额 (卖家管理): an operator adds to or deducts from a seller account's balance with a reason; one
 * `adjust` entry each, the operation log keeps the balance before and after; a deduction past the
 * balance is refused by the database's CHECK and answered in Chinese (409), never a 500. 余额预警: the
 * seller's threshold, one notification per charge that crosses it. 余额明细 导出: the filtered ledger as a
 * file of 下载中心. With
 * TEST_DATABASE_URL: two instances on one Postgres, the concurrent adjustments spread over both.
 */

const clock = new TestClock();
let a: TestServer;
let b: TestServer;
let database: { url: string; drop(): Promise<void> } | null = null;
let admin: string;
let member: string;

beforeAll(async () => {
  const options = { clock, copyWorker: false as const, exportWorker: { batchSize: 2, idlePollMs: 100 } };
  if (TEST_POSTGRES) {
    database = await seededPostgresDatabase(TEST_POSTGRES);
    const shared = { ...options, dataDir: 'memory://unused', databaseUrl: database.url };
    [a, b] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  } else {
    a = await startTestServer(options);
    b = a;
  }
  admin = await a.login(ADMIN);
  member = await a.login(USER);
}, 180_000);

afterAll(async () => {
  await a?.stop();
  if (b !== a) await b?.stop();
  await database?.drop();
});

let nextMobile = 13_712_350_000;

/** A new seller account (signed up through the SMS login): its id; `owner` gets its owner's token. */
async function newSeller(owner?: (token: string) => void): Promise<number> {
  nextMobile += 1;
  const mobile = String(nextMobile);
  const token = await a.login(mobile);
  owner?.(token);
  const [row] = await a.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [mobile],
  );
  if (!row) throw new Error('no account');
  return row.account_id;
}

const adjust = (on: TestServer, body: Record<string, unknown>, token = admin) =>
  on.post('/api/seller/balance-adjust', body, { token });

async function ledger(accountId: number) {
  const [row] = await a.server.db.query<{ balance: number; total: number; entries: number }>(
    `SELECT COALESCE((SELECT balance FROM account_balances WHERE account_id = $1), 0) AS balance,
       (SELECT COALESCE(sum(amount), 0) FROM balance_entries WHERE account_id = $1)::bigint AS total,
       (SELECT count(*)::int FROM balance_entries WHERE account_id = $1) AS entries`,
    [accountId],
  );
  if (!row) throw new Error('no ledger');
  return row;
}

async function sellerRow(accountId: number) {
  const page = await a.client(() => admin).call('/api/seller/index', { pageIndex: 1, pageSize: 100 });
  const row = page.list.find((s) => s.id === accountId);
  if (!row) throw new Error(`seller ${accountId} not listed`);
  return row;
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { msg: string }).msg;
}

describe('调整余额', () => {
  it('adds and deducts with a reason: one adjust entry each, 卖家管理 shows the balance, the log before and after', async () => {
    const seller = await newSeller();
    expect((await sellerRow(seller)).balance).toBe(0);

    const added = await adjust(a, { id: seller, amount: 12_345, reason: '  线下转账补录  ' });
    expect(added.status).toBe(200);
    const body = (await added.json()) as {
      data: { balance_before: number; balance_after: number; entry: { kind: string; reason: string } };
    };
    expect(body.data).toMatchObject({
      balance_before: 0,
      balance_after: 12_345,
      entry: { kind: 'adjust', amount: 12_345, balance_after: 12_345, reason: '线下转账补录' },
    });
    const deducted = await adjust(b, { id: seller, amount: -2_345, reason: '多充退回' });
    expect(deducted.status).toBe(200);
    expect((await sellerRow(seller)).balance).toBe(10_000);
    expect(await ledger(seller)).toEqual({ balance: 10_000, total: 10_000, entries: 2 });

    // The seller reads both in 余额明细 with the reasons, the operator as who did it.
    const [entry] = await a.server.db.query<{ user_id: number | null }>(
      `SELECT user_id FROM balance_entries WHERE account_id = $1 ORDER BY id DESC LIMIT 1`,
      [seller],
    );
    const [operator] = await a.server.db.query<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [
      ADMIN,
    ]);
    expect(entry?.user_id).toBe(operator?.id);

    const log = await a
      .client(() => admin)
      .call('/api/log/index', { pageIndex: 1, pageSize: 5, action: 'seller.balance-adjust' });
    const [last, first] = log.list as LogEntry[];
    expect(last?.target_type).toBe('seller');
    expect(last?.target_id).toBe(seller);
    expect(last?.action_label).toBe('调整卖家余额');
    const changes = (e: LogEntry | undefined) =>
      Object.fromEntries((e?.changes ?? []).map((c) => [c.field, [c.before, c.after]]));
    expect(changes(last)).toEqual({
      balance: [12_345, 10_000],
      adjust_amount: [null, -2_345],
      reason: [null, '多充退回'],
    });
    expect(changes(first).balance).toEqual([0, 12_345]);
  });

  it('refuses bad amounts and a missing reason in Chinese (422) and writes nothing', async () => {
    const seller = await newSeller();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: seller, amount: 0, reason: '零' }, '调整金额不能为 0'],
      [{ id: seller, amount: 100.5, reason: '三位小数' }, '调整金额最多两位小数'],
      [{ id: seller, amount: '100', reason: '字符串' }, '调整金额必须是数字'],
      [{ id: seller, amount: 100_000_001, reason: '超限' }, '单次调整不超过 ±¥1,000,000'],
      [{ id: seller, amount: -100_000_001, reason: '超限' }, '单次调整不超过 ±¥1,000,000'],
      [{ id: seller, amount: 100 }, '请填写调整原因'],
      [{ id: seller, amount: 100, reason: '   ' }, '请填写调整原因'],
      [{ id: seller, amount: 100, reason: '长'.repeat(201) }, '调整原因最多 200 个字'],
    ];
    for (const [body, expected] of cases) {
      const res = await adjust(a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await message(res)).toContain(expected);
    }
    // 200 characters is allowed.
    expect((await adjust(a, { id: seller, amount: 100, reason: '长'.repeat(200) })).status).toBe(200);
    expect(await ledger(seller)).toEqual({ balance: 100, total: 100, entries: 1 });
  });

  it('a deduction past the balance is refused by the database, answered 409 with the balance, nothing written', async () => {
    const seller = await newSeller();
    expect((await adjust(a, { id: seller, amount: 5_000, reason: '入账' })).status).toBe(200);
    const res = await adjust(a, { id: seller, amount: -5_001, reason: '扣过头' });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe('扣减后余额不能为负数（当前余额 ¥50.00）');
    expect(await ledger(seller)).toEqual({ balance: 5_000, total: 5_000, entries: 1 });
    const log = await a
      .client(() => admin)
      .call('/api/log/index', { pageIndex: 1, pageSize: 50, action: 'seller.balance-adjust' });
    expect(log.list.filter((e) => e.target_id === seller)).toHaveLength(1);
    // Down to exactly zero is allowed.
    expect((await adjust(b, { id: seller, amount: -5_000, reason: '清零' })).status).toBe(200);
    expect(await ledger(seller)).toEqual({ balance: 0, total: 0, entries: 2 });
  });

  it('sellers cannot adjust (403); an unknown account is 404', async () => {
    const seller = await newSeller();
    expect((await adjust(a, { id: seller, amount: 100, reason: '自己加钱' }, member)).status).toBe(403);
    expect((await adjust(a, { id: 2_000_000_000, amount: 100, reason: '不存在' })).status).toBe(404);
    expect(await ledger(seller)).toEqual({ balance: 0, total: 0, entries: 0 });
  });

  it('an operator cannot adjust the seller account they belong to (403, in Chinese), nothing written', async () => {
    const [own] = await a.server.db.query<{ account_id: number }>(
      'SELECT account_id FROM users WHERE mobile = $1',
      [ADMIN],
    );
    const accountId = own?.account_id ?? 0;
    const before = await ledger(accountId);
    const res = await adjust(a, { id: accountId, amount: 100_000, reason: '给自己加钱' });
    expect(res.status).toBe(403);
    expect(await message(res)).toBe('不能调整本人所在卖家账号的余额，请由其他管理员操作');
    expect(await ledger(accountId)).toEqual(before);
  });

  it('two operators adjusting at once both land (the ledger appends); of two deductions the balance covers one, exactly one lands', async () => {
    const seller = await newSeller();
    expect((await adjust(a, { id: seller, amount: 10_000, reason: '入账' })).status).toBe(200);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adjust(i % 2 === 0 ? a : b, {
          id: seller,
          amount: i % 2 === 0 ? 300 : -200,
          reason: `并发调整 ${i}`,
        }),
      ),
    );
    expect(many.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await ledger(seller)).toEqual({ balance: 11_000, total: 11_000, entries: 21 });
    expect((await sellerRow(seller)).balance).toBe(11_000);

    // Both forms were opened at ¥110.00; each deducts ¥70.00: one lands, the other is told the new balance.
    const both = await Promise.all([
      adjust(a, { id: seller, amount: -7_000, reason: '运营甲扣减' }),
      adjust(b, { id: seller, amount: -7_000, reason: '运营乙扣减' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409);
    if (!refused) throw new Error('none refused');
    expect(await message(refused)).toBe('扣减后余额不能为负数（当前余额 ¥40.00）');
    expect(await ledger(seller)).toEqual({ balance: 4_000, total: 4_000, entries: 22 });
  });
});

describe('余额预警', () => {
  it('the seller sets the threshold in yuan-as-fen or turns it off; bad values are refused in Chinese', async () => {
    let owner = '';
    await newSeller((token) => {
      owner = token;
    });
    const api = a.client(() => owner);
    expect((await api.call('/api/balance/summary', {})).warn_below).toBeNull();
    expect(await api.call('/api/balance/warning-save', { warn_below: 5_000 })).toEqual({ warn_below: 5_000 });
    expect((await b.client(() => owner).call('/api/balance/summary', {})).warn_below).toBe(5_000);
    const cases: [unknown, string][] = [
      [0, '预警金额必须大于 0'],
      [-100, '预警金额必须大于 0'],
      [100.5, '预警金额最多两位小数'],
      ['5000', '预警金额必须是数字'],
      [100_000_001, '预警金额不超过 ¥1,000,000'],
    ];
    for (const [warn_below, expected] of cases) {
      const res = await a.post('/api/balance/warning-save', { warn_below }, { token: owner });
      expect(res.status, String(warn_below)).toBe(422);
      expect(await message(res)).toContain(expected);
    }
    expect((await api.call('/api/balance/summary', {})).warn_below).toBe(5_000);
    expect(await api.call('/api/balance/warning-save', { warn_below: null })).toEqual({ warn_below: null });
    expect((await api.call('/api/balance/summary', {})).warn_below).toBeNull();
  });

  it('one notification per crossing: charges that stay below add none, a fall after going back up adds one', async () => {
    let owner = '';
    const seller = await newSeller((token) => {
      owner = token;
    });
    const api = a.client(() => owner);
    const scope = scopeOf(a.server.db, seller);
    const nowS = () => Math.floor(clock.now() / 1000);
    const charge = (fen: number) =>
      chargeBalance(scope, { amount: fen, reason: '代发服务费（测试）' }, nowS());
    const warnings = async () =>
      (await api.call('/api/notification/index', { pageIndex: 1, pageSize: 50 })).list.filter(
        (n) => n.kind === 'balance',
      );

    expect((await adjust(a, { id: seller, amount: 10_000, reason: '入账' })).status).toBe(200);
    await api.call('/api/balance/warning-save', { warn_below: 5_000 });
    await charge(3_000); // 100 -> 70: above
    expect(await warnings()).toHaveLength(0);
    await charge(3_000); // 70 -> 40: crosses
    const [first] = await warnings();
    expect(first).toMatchObject({
      title: '余额不足预警',
      body: '账户余额 ¥40.00 已低于预警金额 ¥50.00，请及时充值，以免采购时因余额不足失败。',
      link: '/finance/balance?topup=1',
      read: false,
    });
    await charge(1_000); // 40 -> 30: still below, nothing more
    await charge(1_000); // 30 -> 20
    expect(await warnings()).toHaveLength(1);

    expect((await adjust(b, { id: seller, amount: 4_000, reason: '补款' })).status).toBe(200); // 60: above
    await charge(1_000); // 60 -> 50: at the threshold is not below it
    expect(await warnings()).toHaveLength(1);
    await charge(1_000); // 50 -> 40: a new crossing
    const again = await warnings();
    expect(again).toHaveLength(2);
    expect(again[0]?.body).toContain('¥40.00');

    // Off: a crossing raises nothing.
    await api.call('/api/balance/warning-save', { warn_below: null });
    expect((await adjust(a, { id: seller, amount: 6_000, reason: '补款' })).status).toBe(200); // 100
    await charge(8_000); // 100 -> 20
    expect(await warnings()).toHaveLength(2);
    // Money: the members holding finance:view see it (余额明细 needs it), others do not.
    expect(notificationKindsFor({ permissions: ['finance:view'] })).toContain('balance');
    expect(notificationKindsFor({ permissions: ['order:view', 'order:process'] })).not.toContain('balance');
  });

  it('a charge refused for the balance raises nothing', async () => {
    let owner = '';
    const seller = await newSeller((token) => {
      owner = token;
    });
    const api = a.client(() => owner);
    expect((await adjust(a, { id: seller, amount: 1_000, reason: '入账' })).status).toBe(200);
    await api.call('/api/balance/warning-save', { warn_below: 900 });
    await expect(
      chargeBalance(
        scopeOf(a.server.db, seller),
        { amount: 1_001, reason: '超额' },
        Math.floor(clock.now() / 1000),
      ),
    ).rejects.toThrow('余额不足');
    const list = await api.call('/api/notification/index', { pageIndex: 1, pageSize: 50 });
    expect(list.list.filter((n) => n.kind === 'balance')).toHaveLength(0);
    expect(await ledger(seller)).toEqual({ balance: 1_000, total: 1_000, entries: 1 });
  });
});

describe('余额明细 导出', () => {
  /** Polls 下载中心 until the job has finished (the export runner runs it in the background). */
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

  async function download(api: ApiClient, id: number): Promise<Buffer> {
    const { url } = await api.call('/api/export/download-url', { id });
    const res = await fetch(`${a.url}${url}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('the filtered ledger, newest first, in Chinese and yuan, with the order and payment numbers (CSV and XLSX)', async () => {
    let owner = '';
    const seller = await newSeller((token) => {
      owner = token;
    });
    const api = a.client(() => owner);
    const at = Math.floor(clock.now() / 1000);
    await appendEntry(
      a.server.db,
      seller,
      {
        kind: 'topup',
        amount: 10_000,
        reason: '支付宝充值',
        paymentNo: `T${String(seller).padStart(22, '0')}`,
      },
      at,
    );
    expect((await adjust(a, { id: seller, amount: -1_050, reason: '=1+1 补扣' })).status).toBe(200);
    await chargeBalance(
      scopeOf(a.server.db, seller),
      { amount: 200, reason: '代发服务费', orderId: 999_999 },
      at,
    );
    const [order] = await a.server.db.query<{ id: number; order_no: string }>(
      'SELECT id, order_no FROM orders WHERE account_id = 1 ORDER BY id LIMIT 1',
    );
    if (!order) throw new Error('no order in the seed');
    // An order of the account keeps its number; another account's order id reads as a bare id.
    await appendEntry(
      a.server.db,
      seller,
      { kind: 'refund', amount: 200, reason: '退还', orderId: order.id },
      at,
    );

    const job = await api.call('/api/balance/export', { format: 'csv' });
    expect(job).toMatchObject({ status: 'queued', format: 'csv', filters: {} });
    expect(job.name).toMatch(/^余额明细-\d{8}-\d{6}$/);
    expect(await finished(api, job.id)).toMatchObject({ status: 'succeeded', rows_done: 4, rows_total: 4 });
    const bytes = await download(api, job.id);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8').slice(1)) as string[][];
    expect(rows[0]).toEqual([...BALANCE_EXPORT_TABLE.columns]);
    const page = await api.call('/api/balance/entries', { pageIndex: 1, pageSize: 10 });
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      ['退款', '2', '89.5', '退还', `#${order.id}`, ''],
      ['扣费', '-2', '87.5', '代发服务费', '#999999', ''],
      ['调整', '-10.5', '89.5', "'=1+1 补扣", '', ''],
      ['充值', '100', '100', '支付宝充值', '', `T${String(seller).padStart(22, '0')}`],
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(page.list.map((e) => shanghai(e.created_at)));

    // The page's filters: 扣费 only, as XLSX with numbers as numbers.
    const charges = await api.call('/api/balance/export', { kind: 'charge', format: 'xlsx' });
    expect(charges.filters).toEqual({ kind: 'charge' });
    expect(await finished(api, charges.id)).toMatchObject({ status: 'succeeded', rows_total: 1 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(api, charges.id)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('余额明细');
    if (!sheet) throw new Error('no 余额明细 sheet');
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(2)).toEqual([
      '扣费',
      -2,
      87.5,
      '代发服务费',
      '#999999',
    ]);

    // Days outside the ledger: a file with its header only.
    const none = await api.call('/api/balance/export', {
      start_date: '2001-01-01',
      end_date: '2001-01-31',
      format: 'csv',
    });
    expect(await finished(api, none.id)).toMatchObject({ status: 'succeeded', rows_total: 0 });
    expect(parse((await download(api, none.id)).toString('utf8').slice(1))).toEqual([
      [...BALANCE_EXPORT_TABLE.columns],
    ]);

    // Bad filters are refused; another account's export is not listed for this one.
    const bad = await a.post('/api/balance/export', { kind: 'gift', format: 'csv' }, { token: owner });
    expect(bad.status).toBe(422);
    const others = await a.client(() => member).call('/api/export/index', { pageIndex: 1, pageSize: 100 });
    expect(others.list.some((j) => j.id === job.id)).toBe(false);
  });
});

/** `2026-11-26 09:30:12` in Asia/Shanghai, as the file writes times. */
function shanghai(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

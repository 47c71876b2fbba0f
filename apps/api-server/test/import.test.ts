import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@consign/api-client';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, envelope, importForm, startTestServer, type TestServer } from './helpers';

/**
 * 导入快递单号 through the real HTTP API, signed multipart as the admin sends it: the preview
 * names each row's errors and writes nothing; apply ships the valid rows with the default sender and
 * leaves the others; another account's numbers are 订单不存在; XLSX reads like CSV; a bad file is a
 * clear 4xx, never a 500.
 */

let t: TestServer;
let owner: string;
const db = () => t.server.db;
const HEADER = '订单号,快递公司,快递单号';

const used = new Set<string>();
/** The number of a demo order in `status` that no other test touched. */
async function orderNoIn(status: string): Promise<string> {
  const rows = await db().query<{ order_no: string }>(
    'SELECT order_no FROM orders WHERE account_id = 1 AND status = $1 ORDER BY id',
    [status],
  );
  const row = rows.find((r) => !used.has(r.order_no));
  if (!row) throw new Error(`no ${status} order left`);
  used.add(row.order_no);
  return row.order_no;
}
const orderByNo = async (orderNo: string) =>
  (
    await db().query<{ status: string; carrier: string | null; tracking_no: string | null; sender: unknown }>(
      'SELECT status, carrier, tracking_no, sender FROM orders WHERE order_no = $1',
      [orderNo],
    )
  )[0];
/** Orders and their timeline, as text: what "nothing written" compares. */
const snapshot = async () =>
  JSON.stringify([
    await db().query('SELECT id, status, carrier, tracking_no, sender, updated_at FROM orders ORDER BY id'),
    await db().query('SELECT count(*)::int AS n FROM order_events'),
  ]);

async function call(path: 'preview' | 'apply', form: FormData, token = owner) {
  const res = await t.post(`/api/order/import-${path}`, form, { token });
  return { status: res.status, body: await envelope(res) };
}

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: false });
  owner = await t.login(ADMIN);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('import preview', () => {
  it('names each kind of row error and writes nothing', async () => {
    const good = await orderNoIn('purchased');
    const pending = await orderNoIn('pending');
    const badFormat = await orderNoIn('purchased');
    const unknownCarrier = await orderNoIn('purchased');
    const empty = await orderNoIn('purchased');
    const csv = [
      HEADER,
      `${good},顺丰速运,sf1234567890123`,
      `${pending},SF,SF1234567890123`,
      'DD-NO-SUCH-ORDER,SF,SF1234567890123',
      `${badFormat},YTO,SF1234567890123`,
      `${unknownCarrier},飞鸽快递,SF1234567890123`,
      `${good},SF,SF1234567890125`,
      `${empty},SF,`,
      '',
    ].join('\r\n');
    const before = await snapshot();
    const { status, body } = await call('preview', importForm(`\uFEFF${csv}`));
    expect(status, body.msg).toBe(200);
    const data = body.data as { rows: { line: number; order_no: string; errors: string[] }[] };
    expect(data.rows.map((row) => [row.line, row.order_no, row.errors])).toEqual([
      [2, good, []],
      [3, pending, ['订单当前状态为「待采购」，不能发货']],
      [4, 'DD-NO-SUCH-ORDER', ['订单不存在']],
      [5, badFormat, ['运单号格式与圆通速递不符（应为YT 加 13 位数字）']],
      [6, unknownCarrier, ['未知的快递公司：飞鸽快递']],
      [7, good, ['订单号与第 2 行重复']],
      [8, empty, ['快递单号不能为空']],
    ]);
    expect(body.data).toMatchObject({ valid: 1, invalid: 6 });
    expect(await snapshot()).toBe(before);
  });

  it("counts another account's order numbers as 订单不存在, and apply needs a default sender", async () => {
    const theirs = await orderNoIn('purchased');
    const stranger = await t.login('13712345601');
    const form = importForm(`${HEADER}\n${theirs},SF,SF1234567890123\n`);
    const before = await snapshot();
    const preview = await call('preview', form, stranger);
    expect(preview.body.data).toMatchObject({
      rows: [{ order_no: theirs, errors: ['订单不存在'] }],
      valid: 0,
    });
    const apply = await call('apply', form, stranger);
    expect(apply).toEqual({
      status: 422,
      body: { errorCode: 1, msg: '请先在发货地址中添加默认发货地址，导入时用它发货' },
    });
    expect(await snapshot()).toBe(before);
  });
});

describe('import apply', () => {
  it('ships the valid rows with the default sender and leaves the bad ones', async () => {
    const first = await orderNoIn('purchased');
    const second = await orderNoIn('purchased');
    const pending = await orderNoIn('pending');
    const form = importForm(
      [
        HEADER,
        `${first},SF,SF1234567890123`,
        `${pending},SF,SF1234567890124`,
        `${second},jt,JT1234567890123`,
      ].join('\n'),
    );
    const [{ since } = { since: 0 }] = await db().query<{ since: number }>(
      'SELECT COALESCE(max(id), 0) AS since FROM operation_log',
    );
    const { status, body } = await call('apply', form);
    expect(status, body.msg).toBe(200);
    expect(body.data).toEqual({
      results: [
        { line: 2, order_no: first, ok: true, message: '' },
        { line: 3, order_no: pending, ok: false, message: '订单当前状态为「待采购」，不能发货' },
        { line: 4, order_no: second, ok: true, message: '' },
      ],
      succeeded: 2,
      failed: 1,
    });
    expect(await orderByNo(first)).toMatchObject({
      status: 'shipped',
      carrier: 'SF',
      tracking_no: 'SF1234567890123',
    });
    expect((await orderByNo(first))?.sender).toMatchObject({ name: expect.any(String) });
    expect(await orderByNo(second)).toMatchObject({
      status: 'shipped',
      carrier: 'JT',
      tracking_no: 'JT1234567890123',
    });
    expect(await orderByNo(pending)).toMatchObject({ status: 'pending', tracking_no: null });

    // The same file again: the shipped orders are now refused by their state, nothing ships twice.
    const again = await call('apply', form);
    expect(again.body.data).toMatchObject({ succeeded: 0, failed: 3 });
    // One log entry per shipped order (each committed with its order), none for the refused rows.
    const log = await db().query<{ action_label: string; target_name: string }>(
      'SELECT action_label, target_name FROM operation_log WHERE id > $1 ORDER BY id',
      [since],
    );
    expect(log).toEqual([
      { action_label: '导入快递单号', target_name: first },
      { action_label: '导入快递单号', target_name: second },
    ]);
  });

  it('reads an XLSX file like a CSV (header in any order, numbers as text)', async () => {
    const orderNo = await orderNoIn('purchased');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('导入');
    sheet.addRow(['快递单号', '订单号', '备注', '快递公司']);
    sheet.addRow([1234567890123, orderNo, '一楼前台', 'YUNDA']);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { status, body } = await call('apply', importForm(xlsx, '单号.xlsx'));
    expect(status, body.msg).toBe(200);
    expect(body.data).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await orderByNo(orderNo)).toMatchObject({
      status: 'shipped',
      carrier: 'YUNDA',
      tracking_no: '1234567890123',
    });
  });
});

describe('a bad file is a clear 4xx and writes nothing', () => {
  const cases: [string, () => Promise<FormData>, number, string | RegExp][] = [
    ['no file', async () => new FormData(), 422, '请选择要导入的文件'],
    [
      'a text field instead of a file',
      async () => {
        const form = new FormData();
        form.append('file', 'DD1,SF,SF1234567890123');
        return form;
      },
      422,
      '请选择要导入的文件',
    ],
    [
      'not CSV or XLSX',
      async () => importForm('%PDF-1.7', 'scan.pdf'),
      415,
      '只支持 CSV（UTF-8）或 XLSX 文件',
    ],
    [
      'an .xlsx that is not a workbook',
      async () => importForm('订单号', 'fake.xlsx'),
      422,
      /XLSX 文件无法读取/,
    ],
    [
      'a zip that is not a workbook',
      async () => importForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.xlsx'),
      422,
      /XLSX 文件无法读取/,
    ],
    [
      'GBK text',
      async () => importForm(new Uint8Array([0xb6, 0xa9, 0xb5, 0xa5, 0xba, 0xc5]), 'gbk.csv'),
      422,
      /UTF-8/,
    ],
    ['an empty file', async () => importForm('', 'empty.csv'), 422, '文件中没有数据行'],
    ['no header row', async () => importForm('DD1,SF,SF1234567890123\n'), 422, /第一行应为表头/],
    ['a header only', async () => importForm(`${HEADER}\n\n`), 422, '文件中没有数据行'],
    [
      'a formula cell',
      async () => importForm(`${HEADER}\n"=HYPERLINK(""http://x"")",SF,SF1234567890123\n`),
      422,
      /第 2 行有公式/,
    ],
    [
      'a huge cell',
      async () => importForm(`${HEADER}\nDD1,SF,${'9'.repeat(5000)}\n`),
      422,
      /第 2 行有超过 100 个字符/,
    ],
    [
      'a broken CSV',
      async () => importForm(`${HEADER}\n"DD1,SF,SF1234567890123\n`),
      422,
      'CSV 文件格式有误，无法读取',
    ],
    [
      'too many rows',
      async () => importForm(`${HEADER}\n${'DD1,SF,SF1234567890123\n'.repeat(IMPORT_MAX_ROWS + 1)}`),
      422,
      /一次最多导入/,
    ],
    [
      'too many rows, with empty lines between them',
      async () => importForm(`${HEADER}\n${'DD1,SF,SF1234567890123\n\n'.repeat(IMPORT_MAX_ROWS + 1)}`),
      422,
      /一次最多导入/,
    ],
    [
      'too many XLSX rows',
      async () => {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('导入');
        sheet.addRow(['订单号', '快递公司', '快递单号']);
        for (let i = 0; i <= IMPORT_MAX_ROWS; i++) sheet.addRow([`DD${i}`, 'SF', 'SF1234567890123']);
        return importForm(new Uint8Array(await workbook.xlsx.writeBuffer()), 'many.xlsx');
      },
      422,
      /一次最多导入/,
    ],
    [
      'too big',
      async () => importForm(`${HEADER}\n${'x'.repeat(IMPORT_MAX_BYTES)}`),
      413,
      /文件不能超过 2 MB/,
    ],
    [
      // 30 MB of one repeated character packs into a few tens of KB: unpacked in memory, a file like
      // this (only larger) would take the server down.
      'an XLSX that unpacks far beyond any import (a zip bomb)',
      async () => {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('导入');
        sheet.addRow(['订单号', '快递公司', '快递单号']);
        sheet.addRow(['DD1', 'SF', 'x'.repeat(30 * 1024 * 1024)]);
        const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
        expect(bytes.byteLength).toBeLessThan(IMPORT_MAX_BYTES);
        return importForm(bytes, 'bomb.xlsx');
      },
      413,
      /解压后过大/,
    ],
    [
      'an XLSX formula',
      async () => {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('导入');
        sheet.addRow(['订单号', '快递公司', '快递单号']);
        sheet.addRow([{ formula: '1+1' }, 'SF', 'SF1234567890123']);
        return importForm(new Uint8Array(await workbook.xlsx.writeBuffer()), 'f.xlsx');
      },
      422,
      /第 2 行有公式/,
    ],
  ];

  it.each(cases)('%s', async (_name, form, status, message) => {
    const before = await snapshot();
    for (const path of ['preview', 'apply'] as const) {
      const answer = await call(path, await form());
      expect(answer.status, `${path}: ${answer.body.msg}`).toBe(status);
      expect(answer.body.msg).toMatch(message);
    }
    expect(await snapshot()).toBe(before);
  });
});

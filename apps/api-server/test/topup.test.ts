import { generateKeyPairSync } from 'node:crypto';
import { TOPUP_STATUS_LABELS } from '@consign/api-client';
import { ALIPAY_SANDBOX_APP, signedNotification } from '@consign/platform-sandboxes/alipay';
import { DEV_SANDBOX_PRIVATE_KEY } from '@consign/platform-sandboxes/alipay-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { DEV_APP_PRIVATE_KEY } from '../src/payments/alipay-dev-keys';
import { ALIPAY_NOTIFY_PATH } from '../src/routes/balance';
import { ADMIN, startTwoInstances, TestClock, type TestServer, type TwoInstances, waitFor } from './helpers';

/**
 * 充值 through the Alipay sandbox (the real alipay-sdk on our side, the sandbox verifying its
 * signatures and signing its notifications): a paid top-up credits the balance once, however often and
 * wherever its notification comes; a bad notification credits nothing and is kept for operators. With
 * TEST_DATABASE_URL: two instances on one Postgres, the repeated notifications spread over both.
 */

const clock = new TestClock();
let a: TestServer;
let b: TestServer;
let instances: TwoInstances | undefined;
let token: string;

beforeAll(async () => {
  const options = {
    clock,
    copyWorker: false as const,
    alipay: 'sandbox' as const,
    alipaySandbox: { notifyRetryMs: [100, 200, 400, 800, 1600] },
  };
  instances = await startTwoInstances(options);
  ({ a, b } = instances);
  token = await a.login(ADMIN);
}, 180_000);

afterAll(() => instances?.stop());

const api = () => a.client(() => token);
const balance = async () => (await api().call('/api/balance/summary', {})).balance;
const creditsOf = async (outTradeNo: string) =>
  (
    await a.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM balance_entries WHERE payment_no = $1',
      [outTradeNo],
    )
  )[0]?.n;

const postNotification = (on: TestServer, params: Record<string, string>) =>
  fetch(`${on.url}${ALIPAY_NOTIFY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  }).then((res) => res.text());

describe('充值 through the Alipay sandbox', () => {
  it('pays ¥100 on the sandbox cashier: the balance and 余额明细 show it once, ten repeated notifications change nothing', async () => {
    const start = await balance();
    const topup = await api().call('/api/balance/topup', { amount: 10_000 });
    expect(topup.status).toBe('pending');
    // The cashier: the sandbox verified our RSA2 signature (the SDK's) and shows the amount.
    const cashier = await fetch(topup.pay_url);
    const html = await cashier.text();
    expect(cashier.status, html).toBe(200);
    expect(html).toContain('￥<strong>100.00</strong>');
    expect(html).toContain('付款');
    // 付款: back to our result page; the notification follows.
    const paid = await fetch(`${a.url}/__sandbox/alipay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: topup.out_trade_no, action: 'pay' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toContain(
      `/finance/topup-result?out_trade_no=${topup.out_trade_no}`,
    );
    const sandbox = a.server.alipaySandbox;
    await waitFor('the notification answered success', () =>
      sandbox?.notifications.find((n) => n.outTradeNo === topup.out_trade_no && n.answer === 'success'),
    );
    expect(await balance()).toBe(start + 10_000);
    const status = await api().call('/api/balance/topup-status', { out_trade_no: topup.out_trade_no });
    expect(status.status).toBe('paid');
    const { list } = await api().call('/api/balance/entries', { pageIndex: 1, pageSize: 5, kind: 'topup' });
    expect(list[0]).toMatchObject({
      kind: 'topup',
      amount: 10_000,
      balance_after: start + 10_000,
      payment_no: topup.out_trade_no,
    });

    // The same notification ten times at once, over both instances: success each time, credited once.
    const trade = sandbox?.trades.get(topup.out_trade_no);
    if (!trade) throw new Error('no sandbox trade');
    const again = signedNotification(
      { ...trade, status: 'TRADE_SUCCESS' },
      DEV_SANDBOX_PRIVATE_KEY,
      clock.now(),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postNotification(i % 2 ? b : a, again)),
    );
    expect(answers).toEqual(Array(10).fill('success'));
    expect(await creditsOf(topup.out_trade_no)).toBe(1);
    expect(await balance()).toBe(start + 10_000);
  }, 120_000);

  it('ten first notifications at once, over both instances, credit once', async () => {
    const start = await balance();
    const topup = await api().call('/api/balance/topup', { amount: 2_345 });
    const accountId = 1; // the demo account of ADMIN
    const notification = signedNotification(
      {
        outTradeNo: topup.out_trade_no,
        appId: ALIPAY_SANDBOX_APP.appId,
        totalAmount: '23.45',
        subject: '账户余额充值',
        tradeNo: '2026112622001',
        passback: String(accountId),
        status: 'TRADE_SUCCESS',
      },
      DEV_SANDBOX_PRIVATE_KEY,
      clock.now(),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postNotification(i % 2 ? b : a, notification)),
    );
    expect(answers).toEqual(Array(10).fill('success'));
    expect(await creditsOf(topup.out_trade_no)).toBe(1);
    expect(await balance()).toBe(start + 2_345);
  });

  it('a bad notification credits nothing and is kept for operators', async () => {
    const start = await balance();
    const fresh = () => api().call('/api/balance/topup', { amount: 10_000 });
    const base = (outTradeNo: string) => ({
      outTradeNo,
      appId: ALIPAY_SANDBOX_APP.appId,
      totalAmount: '100.00',
      subject: '账户余额充值',
      tradeNo: '2026112622002',
      passback: '1',
      status: 'TRADE_SUCCESS',
    });
    const cases: [string, (no: string) => Record<string, string>][] = [
      ['签名验证失败', (no) => signedNotification(base(no), DEV_APP_PRIVATE_KEY, clock.now())],
      [
        '签名验证失败',
        (no) => ({
          ...signedNotification(base(no), DEV_SANDBOX_PRIVATE_KEY, clock.now()),
          total_amount: '1.00',
        }),
      ],
      [
        '应用 ID 不符',
        (no) =>
          signedNotification(
            { ...base(no), appId: '2021999999999999' },
            DEV_SANDBOX_PRIVATE_KEY,
            clock.now(),
          ),
      ],
      [
        '金额不符',
        (no) =>
          signedNotification({ ...base(no), totalAmount: '99.99' }, DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ],
      [
        '未知的充值单号',
        () => signedNotification(base('T2026112600000000099999'), DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ],
      [
        '充值单号不属于该账户',
        (no) => signedNotification({ ...base(no), passback: '99999' }, DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ],
      [
        '交易已关闭，未入账',
        (no) =>
          signedNotification({ ...base(no), status: 'TRADE_CLOSED' }, DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ],
    ];
    for (const [problem, make] of cases) {
      const topup = await fresh();
      const notification = make(topup.out_trade_no);
      const answer = await postNotification(a, notification);
      expect(answer, problem).toBe(problem === '交易已关闭，未入账' ? 'success' : 'failure');
      expect(await creditsOf(topup.out_trade_no), problem).toBe(0);
      const [notice] = await a.server.db.query<{ problem: string }>(
        'SELECT problem FROM payment_notices WHERE out_trade_no = $1 ORDER BY id DESC LIMIT 1',
        [notification.out_trade_no],
      );
      expect(notice?.problem, problem).toBe(problem);
    }
    expect(await balance()).toBe(start);
    // The amount that disagreed flagged its top-up for an operator.
    const [flagged] = await a.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM topups WHERE status = 'flagged'",
    );
    expect(flagged?.n).toBe(1);
  });

  it('取消 on the cashier: the result page reads 已取消 (not 失败) from our records (after asking Alipay)', async () => {
    const topup = await api().call('/api/balance/topup', { amount: 500, wap: true });
    expect((await fetch(topup.pay_url)).status).toBe(200);
    await fetch(`${a.url}/__sandbox/alipay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: topup.out_trade_no, action: 'cancel' }).toString(),
      redirect: 'manual',
    });
    const status = await api().call('/api/balance/topup-status', { out_trade_no: topup.out_trade_no });
    expect(status.status).toBe('closed');
    expect(TOPUP_STATUS_LABELS[status.status]).toBe('已取消');
    expect(await creditsOf(topup.out_trade_no)).toBe(0);
  });

  it('a page polling a pending top-up asks Alipay at most 30 times a minute per account, counted across instances', async () => {
    clock.advance(61_000); // a fresh window of the account's payment_query budget
    const topup = await api().call('/api/balance/topup', { amount: 500 });
    const queries = () =>
      [a, b].reduce(
        (n, on) =>
          n + (on.server.alipaySandbox?.calls.filter((c) => c.method === 'alipay.trade.query').length ?? 0),
        0,
      );
    const asked: boolean[] = [];
    for (let i = 0; i < 36; i++) {
      const on = i % 2 === 0 ? a : b;
      const before = queries();
      const status = await on
        .client(() => token)
        .call('/api/balance/topup-status', { out_trade_no: topup.out_trade_no });
      // Past the budget the answer is our records, still pending: nothing refused, nothing settled wrongly.
      expect(status.status).toBe('pending');
      asked.push(queries() > before);
    }
    // The first 30 of the account's calls, on either instance, asked Alipay; the last 6 did not.
    expect(asked).toEqual([...Array(30).fill(true), ...Array(6).fill(false)]);
  });

  it('refuses bad amounts with a clear message and creates nothing', async () => {
    const [before] = await a.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM topups');
    const cases: [unknown, string][] = [
      [0, '充值金额必须大于 0'],
      [-100, '充值金额必须大于 0'],
      [5_000_001, '单次充值不超过 ¥50,000'],
      [99, '单次充值不少于 ¥1'],
      [100.5, '充值金额最多两位小数'],
      ['100', '充值金额必须是数字'],
    ];
    for (const [amount, message] of cases) {
      const res = await a.post('/api/balance/topup', { amount }, { token });
      const body = (await res.json()) as { errorCode: number; msg: string };
      expect(res.status, String(amount)).toBe(422);
      expect(body.msg, String(amount)).toContain(message);
    }
    const [after] = await a.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM topups');
    expect(after?.n).toBe(before?.n);
  });
});

describe('Alipay configuration', () => {
  // Keys of an app of our own: production parses them (and refuses the sandbox's development keys).
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const production = {
    NODE_ENV: 'production',
    ALIPAY_APP_ID: '2021004100000000',
    ALIPAY_PRIVATE_KEY: keys.privateKey,
    ALIPAY_PUBLIC_KEY: keys.publicKey,
  };
  const alipayProblems = (env: Record<string, string>) =>
    readConfig(env).problems.filter((problem) => problem.includes('ALIPAY'));

  it('uses the sandbox outside production when nothing is set', () => {
    expect(readConfig({}).config.alipay).toBe('sandbox');
  });

  it('production refuses missing keys, the sandbox gateway and the development keys', () => {
    expect(alipayProblems(production)).toEqual([]);
    expect(alipayProblems({ NODE_ENV: 'production' }).join('\n')).toMatch(
      /ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY are not set/,
    );
    expect(alipayProblems({ ...production, ALIPAY_PUBLIC_KEY: '' }).join('\n')).toMatch(
      /ALIPAY_PUBLIC_KEY is not set/,
    );
    for (const gateway of [
      'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      'http://127.0.0.1:8080/__sandbox/alipay/gateway.do',
    ]) {
      expect(alipayProblems({ ...production, ALIPAY_GATEWAY: gateway }).join('\n'), gateway).toMatch(
        /is a sandbox/,
      );
    }
    expect(alipayProblems({ ...production, ALIPAY_PRIVATE_KEY: DEV_APP_PRIVATE_KEY }).join('\n')).toMatch(
      /development key/,
    );
  });
});

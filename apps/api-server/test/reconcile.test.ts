import { ALIPAY_SANDBOX_APP, AlipaySandbox, signedNotification } from '@consign/platform-sandboxes/alipay';
import { DEV_SANDBOX_PRIVATE_KEY } from '@consign/platform-sandboxes/alipay-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICES_PER_TOPUP } from '../src/db/topup';
import { RECONCILE_KIND, reconcileKind, reconcileTopups } from '../src/jobs/reconcile';
import { Alipay, TOPUP_PAY_WINDOW_MS } from '../src/payments/alipay';
import { DEV_APP_PRIVATE_KEY, DEV_SANDBOX_PUBLIC_KEY } from '../src/payments/alipay-dev-keys';
import { ALIPAY_NOTIFY_PATH } from '../src/routes/balance';
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
 * 充值对账 (jobs/reconcile.ts) against the Alipay sandbox: a payment whose notification never comes
 * (the sandbox's 付款（不发送通知）) is found by `alipay.trade.query` and credited once, by the job on
 * the runner and by two runs at once (on two instances with TEST_DATABASE_URL); a trade Alipay closed,
 * or never saw once the pay window is over, is closed; another amount, and a payment of a top-up we
 * hold closed, are flagged with their reason. The ledger sums to the balance throughout.
 */

const clock = new TestClock();
const alipaySettings = () => ({
  appId: ALIPAY_SANDBOX_APP.appId,
  privateKey: DEV_APP_PRIVATE_KEY,
  alipayPublicKey: DEV_SANDBOX_PUBLIC_KEY,
  gateway: AlipaySandbox.gateway(`${a.url}/__sandbox/alipay`),
});
let a: TestServer;
let b: TestServer;
let database: { url: string; drop(): Promise<void> } | null = null;
let token: string;
const MINUTE = 60_000;

beforeAll(async () => {
  const options = {
    clock,
    copyWorker: false as const,
    alipay: 'sandbox' as const,
    alipaySandbox: { notifyRetryMs: [] },
    // Hourly in test time: the tests below start a run by stepping the clock past the hour.
    reconcile: { everyMs: 3_600_000 },
  };
  if (TEST_POSTGRES) {
    database = await seededPostgresDatabase(TEST_POSTGRES);
    const shared = { ...options, dataDir: 'memory://unused', databaseUrl: database.url };
    a = await startTestServer(shared);
    // One Alipay for both instances, as in production: b pays through the sandbox a serves.
    b = await startTestServer({ ...shared, alipay: alipaySettings() });
  } else {
    a = await startTestServer(options);
    b = a;
  }
  token = await a.login(ADMIN);
}, 180_000);

afterAll(async () => {
  await a?.stop();
  if (b !== a) await b?.stop();
  await database?.drop();
});

const api = () => a.client(() => token);
const balance = async () => (await api().call('/api/balance/summary', {})).balance;
const topupRow = async (outTradeNo: string) =>
  (
    await a.server.db.query<{ status: string; flag_reason: string | null; credits: number }>(
      `SELECT status, flag_reason,
              (SELECT count(*)::int FROM balance_entries WHERE payment_no = t.out_trade_no) AS credits
         FROM topups t WHERE out_trade_no = $1`,
      [outTradeNo],
    )
  )[0];
/** The balance equals the sum of its entries (account 1, the demo account of ADMIN). */
async function expectLedgerSums() {
  const [row] = await a.server.db.query<{ balance: number; total: number }>(
    `SELECT (SELECT balance FROM account_balances WHERE account_id = 1)::bigint AS balance,
            (SELECT COALESCE(sum(amount), 0) FROM balance_entries WHERE account_id = 1)::bigint AS total`,
  );
  expect(Number(row?.balance)).toBe(Number(row?.total));
}

const sandboxPay = (outTradeNo: string, action: 'pay' | 'pay-silent' | 'cancel') =>
  fetch(`${a.url}/__sandbox/alipay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: outTradeNo, action }).toString(),
    redirect: 'manual',
  });

/** A top-up opened on the sandbox cashier and settled there with `action`. */
async function topupAt(amount: number, action: 'pay-silent' | 'cancel' | null) {
  const topup = await api().call('/api/balance/topup', { amount });
  const cashier = await fetch(topup.pay_url);
  expect(cashier.status).toBe(200);
  expect(await cashier.text()).toContain('付款（不发送通知）');
  if (action) expect((await sandboxPay(topup.out_trade_no, action)).status).toBe(302);
  return topup;
}

/** Our side of Alipay as the server builds it, asking the sandbox served by server a (it holds the trades). */
const alipay = () => new Alipay(alipaySettings());

/** Runs one reconciliation on `on`'s database now (the job's work, outside the runner's lease). */
const reconcileOn = (on: TestServer) => reconcileTopups(on.server.db, alipay(), on.server.log, clock.now());

describe('充值对账: pending top-ups looked up with alipay.trade.query', () => {
  it('the job on the runner credits a payment whose notification never came, once', async () => {
    const start = await balance();
    const topup = await topupAt(4_321, 'pay-silent');
    expect(a.server.alipaySandbox?.notifications.filter((n) => n.outTradeNo === topup.out_trade_no)).toEqual(
      [],
    );
    // Within the grace period nothing is looked up: the notification may still be on its way.
    await reconcileOn(a);
    expect((await topupRow(topup.out_trade_no))?.status).toBe('pending');
    expect(await balance()).toBe(start);

    // Past the grace period and the job's hour: the runner's next run credits it.
    clock.advance(61 * MINUTE);
    a.server.jobs.wake(RECONCILE_KIND);
    b.server.jobs.wake(RECONCILE_KIND);
    const deadline = Date.now() + 60_000;
    while ((await topupRow(topup.out_trade_no))?.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await topupRow(topup.out_trade_no)).toEqual({ status: 'paid', flag_reason: null, credits: 1 });
    expect(await balance()).toBe(start + 4_321);

    // Another run, and the late notification after all: nothing more.
    await reconcileOn(a);
    const trade = a.server.alipaySandbox?.trades.get(topup.out_trade_no);
    if (!trade) throw new Error('no sandbox trade');
    const late = await fetch(`${b.url}${ALIPAY_NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        signedNotification({ ...trade, status: 'TRADE_SUCCESS' }, DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ).toString(),
    });
    expect(await late.text()).toBe('success');
    expect((await topupRow(topup.out_trade_no))?.credits).toBe(1);
    expect(await balance()).toBe(start + 4_321);
    await expectLedgerSums();
  }, 120_000);

  it('two runs at once (on two instances with Postgres) credit once', async () => {
    const start = await balance();
    const topups = [await topupAt(1_000, 'pay-silent'), await topupAt(2_000, 'pay-silent')];
    clock.advance(16 * MINUTE);
    const runs = await Promise.all([reconcileOn(a), reconcileOn(b), reconcileOn(a), reconcileOn(b)]);
    // Each was credited by exactly one of the four runs (the runner's lease, taken in the test above,
    // still holds: its own run does not come in between).
    expect(runs.reduce((sum, run) => sum + run.credited, 0)).toBe(2);
    for (const topup of topups) {
      expect(await topupRow(topup.out_trade_no)).toEqual({ status: 'paid', flag_reason: null, credits: 1 });
    }
    expect(await balance()).toBe(start + 3_000);
    await expectLedgerSums();
  }, 120_000);

  it('closes what Alipay closed, and what Alipay never saw once the pay window is over', async () => {
    const start = await balance();
    const cancelled = await topupAt(500, 'cancel');
    const waiting = await topupAt(600, null);
    const neverOpened = await api().call('/api/balance/topup', { amount: 700 });
    clock.advance(16 * MINUTE);
    await reconcileOn(a);
    expect((await topupRow(cancelled.out_trade_no))?.status).toBe('closed');
    // The buyer may still pay: both stay pending.
    expect((await topupRow(waiting.out_trade_no))?.status).toBe('pending');
    expect((await topupRow(neverOpened.out_trade_no))?.status).toBe('pending');

    // The pay window is over: Alipay closed the one it saw; the other it never saw.
    clock.advance(TOPUP_PAY_WINDOW_MS);
    await reconcileOn(a);
    expect((await topupRow(waiting.out_trade_no))?.status).toBe('closed');
    expect((await topupRow(neverOpened.out_trade_no))?.status).toBe('closed');
    expect(await balance()).toBe(start);
    await expectLedgerSums();
  }, 120_000);

  it('flags another amount, and a payment of a top-up we hold closed, with the reason', async () => {
    const start = await balance();
    const other = await topupAt(8_800, 'pay-silent');
    const trade = a.server.alipaySandbox?.trades.get(other.out_trade_no);
    if (!trade) throw new Error('no sandbox trade');
    // Alipay's record of the trade says another amount than the one we asked.
    trade.totalAmount = '8.80';
    clock.advance(16 * MINUTE);
    await reconcileOn(a);
    expect(await topupRow(other.out_trade_no)).toEqual({
      status: 'flagged',
      flag_reason: '支付宝金额 ¥8.80 与充值金额 ¥88.00 不符',
      credits: 0,
    });

    // Closed in our records (Alipay had closed it), then Alipay says it was paid after all.
    const closed = await topupAt(900, 'cancel');
    clock.advance(16 * MINUTE);
    await reconcileOn(a);
    expect((await topupRow(closed.out_trade_no))?.status).toBe('closed');
    const paid = a.server.alipaySandbox?.trades.get(closed.out_trade_no);
    if (!paid) throw new Error('no sandbox trade');
    const answer = await fetch(`${a.url}${ALIPAY_NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        signedNotification({ ...paid, status: 'TRADE_SUCCESS' }, DEV_SANDBOX_PRIVATE_KEY, clock.now()),
      ).toString(),
    });
    expect(await answer.text()).toBe('failure');
    expect(await topupRow(closed.out_trade_no)).toEqual({
      status: 'flagged',
      flag_reason: '支付宝显示已支付，但充值单已关闭',
      credits: 0,
    });
    expect(await balance()).toBe(start);
    await expectLedgerSums();
  }, 120_000);
  // Last: its lease lies ten hours ahead, so the runners' own runs wait behind it.
  it('one lease per period: of four claims at once on the instances, one takes the run', async () => {
    const ahead = () => clock.now() + 10 * 3_600_000;
    const kinds = [a, b, a, b].map((on) =>
      reconcileKind({
        db: on.server.db,
        alipay,
        log: on.server.log,
        now: ahead,
        options: { everyMs: 3_600_000 },
      }),
    );
    const claims = await Promise.all(kinds.map((kind) => kind.claim()));
    expect(claims.filter((job) => job !== undefined)).toHaveLength(1);
    // Nor does a claim without Alipay settings take anything.
    const none = reconcileKind({
      db: a.server.db,
      alipay: () => null,
      log: a.server.log,
      now: () => ahead() + 7_200_000,
    });
    expect(await none.claim()).toBeUndefined();
  });
});

describe('充值异常: operators see the flagged top-ups and refused notifications and mark them handled', () => {
  it('lists each with its time, account, amount and reason; 标记已处理 is logged and moves no balance', async () => {
    const start = await balance();
    // A notification with a bad signature and one of an unknown trade, beside the flagged ones above.
    const topup = await api().call('/api/balance/topup', { amount: 1_200 });
    const forged = signedNotification(
      {
        outTradeNo: topup.out_trade_no,
        appId: ALIPAY_SANDBOX_APP.appId,
        totalAmount: '12.00',
        subject: '账户余额充值',
        tradeNo: '2026112622099',
        passback: '1',
        status: 'TRADE_SUCCESS',
      },
      DEV_APP_PRIVATE_KEY,
      clock.now(),
    );
    const post = (params: Record<string, string>) =>
      fetch(`${a.url}${ALIPAY_NOTIFY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      }).then((res) => res.text());
    expect(await post(forged)).toBe('failure');
    expect(await post({ ...forged, out_trade_no: 'T2026112600000000055555' })).toBe('failure');

    const operator = a.client(() => token);
    const topups = await operator.call('/api/reconcile/topups', {
      pageIndex: 1,
      pageSize: 20,
      state: 'open',
    });
    expect(topups.list.map((row) => [row.amount, row.reason])).toEqual([
      [900, '支付宝显示已支付，但充值单已关闭'],
      [8_800, '支付宝金额 ¥8.80 与充值金额 ¥88.00 不符'],
    ]);
    const [demo] = await a.server.db.query<{ name: string }>('SELECT name FROM seller_accounts WHERE id = 1');
    expect(topups.list[0]).toMatchObject({ account_id: 1, account_name: demo?.name, resolved_at: null });
    expect(topups.list[0]?.flagged_at).toBe(Math.floor(clock.now() / 1000));

    const notices = await operator.call('/api/reconcile/notices', { pageIndex: 1, pageSize: 20 });
    expect(
      notices.list.slice(0, 3).map((n) => [n.problem, n.out_trade_no, n.account_id, n.total_amount]),
    ).toEqual([
      ['签名验证失败', 'T2026112600000000055555', null, '12.00'],
      ['签名验证失败', topup.out_trade_no, 1, '12.00'],
      ['充值单已关闭', topups.list[0]?.out_trade_no, 1, '9.00'],
    ]);

    // Sellers do not see it at all.
    const seller = await a.login(USER);
    const refused = await a.post('/api/reconcile/topups', { pageIndex: 1, pageSize: 20 }, { token: seller });
    expect(refused.status).toBe(403);

    // 标记已处理: out of the open list, into the resolved one, with who; logged; no balance moved.
    const first = topups.list[0];
    if (!first) throw new Error('no flagged top-up');
    const resolved = await operator.call('/api/reconcile/resolve', { kind: 'topup', id: first.id });
    expect(resolved).toMatchObject({ kind: 'topup', id: first.id, resolved_by: '管理员' });
    expect(resolved.resolved_at).toBe(Math.floor(clock.now() / 1000));
    const notice = notices.list[0];
    if (!notice) throw new Error('no notice');
    await operator.call('/api/reconcile/resolve', { kind: 'notice', id: notice.id });
    const open = await operator.call('/api/reconcile/topups', {
      pageIndex: 1,
      pageSize: 20,
      state: 'open',
    });
    expect(open.list.map((row) => row.id)).not.toContain(first.id);
    const done = await operator.call('/api/reconcile/notices', {
      pageIndex: 1,
      pageSize: 20,
      state: 'resolved',
    });
    expect(done.list.map((row) => [row.id, row.resolved_by])).toEqual([[notice.id, '管理员']]);
    const log = await operator.call('/api/log/index', { pageIndex: 1, pageSize: 5 });
    expect(log.list.slice(0, 2).map((entry) => [entry.action, entry.target_name])).toEqual([
      ['reconcile.resolve', notice.out_trade_no],
      ['reconcile.resolve', first.out_trade_no],
    ]);
    expect(await topupRow(first.out_trade_no)).toMatchObject({ status: 'flagged', credits: 0 });
    expect(await balance()).toBe(start);

    // A top-up that is not flagged (paid, above) is not an issue: 404, nothing marked.
    const [paidTopup] = await a.server.db.query<{ id: number }>(
      "SELECT id FROM topups WHERE status = 'paid' ORDER BY id LIMIT 1",
    );
    const paid = await a.post('/api/reconcile/resolve', { kind: 'topup', id: paidTopup?.id }, { token });
    expect(paid.status).toBe(404);
    const [unmarked] = await a.server.db.query<{ resolved_at: number | null }>(
      'SELECT resolved_at FROM topups WHERE id = $1',
      [paidTopup?.id],
    );
    expect(unmarked?.resolved_at).toBeNull();
  });

  it('1,100 unsigned posts are one counted row per source; a refusal naming a held top-up is still kept and shown', async () => {
    const post = (params: Record<string, string>) =>
      fetch(`${a.url}${ALIPAY_NOTIFY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      }).then((res) => res.text());
    const rowsBefore = await a.server.db.query('SELECT 1 FROM payment_notices');
    for (let batch = 0; batch < 11; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post({ out_trade_no: `X${batch * 100 + i}`, total_amount: '1.00', trade_status: 'TRADE_SUCCESS' }),
        ),
      );
      expect(new Set(answers)).toEqual(new Set(['failure']));
    }
    const rowsAfter = await a.server.db.query('SELECT 1 FROM payment_notices');
    expect(rowsAfter.length - rowsBefore.length).toBeLessThanOrEqual(1);

    // A refusal naming a top-up we hold: kept as its own row, shown first with its account.
    const topup = await api().call('/api/balance/topup', { amount: 300 });
    expect(
      await post({ out_trade_no: topup.out_trade_no, total_amount: '3.00', trade_status: 'TRADE_SUCCESS' }),
    ).toBe('failure');
    const operator = a.client(() => token);
    const notices = await operator.call('/api/reconcile/notices', {
      pageIndex: 1,
      pageSize: 20,
      state: 'open',
    });
    expect(notices.list[0]).toMatchObject({
      out_trade_no: topup.out_trade_no,
      account_id: 1,
      problem: '签名验证失败',
      source: null,
      hits: 1,
    });
    // One row counts them (the fields of whichever came last: they ran 100 at a time).
    const counted = notices.list.filter((row) => row.source !== null && row.hits >= 1_100);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ problem: '签名验证失败', account_id: null });
    expect(counted[0]?.out_trade_no).toMatch(/^X10\d\d$/);
    expect(counted[0]?.source).toMatch(/127\.0\.0\.1/);

    // Refusals naming one top-up are bounded too: the latest NOTICES_PER_TOPUP are kept.
    for (let i = 0; i < NOTICES_PER_TOPUP + 5; i++) {
      await post({
        out_trade_no: topup.out_trade_no,
        total_amount: `${i}.00`,
        trade_status: 'TRADE_SUCCESS',
      });
    }
    const kept = await a.server.db.query<{ total_amount: string }>(
      'SELECT total_amount FROM payment_notices WHERE out_trade_no = $1 ORDER BY id DESC',
      [topup.out_trade_no],
    );
    expect(kept).toHaveLength(NOTICES_PER_TOPUP);
    expect(kept[0]?.total_amount).toBe(`${NOTICES_PER_TOPUP + 4}.00`);
  });
});

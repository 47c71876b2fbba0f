import { rmSync } from 'node:fs';
import { AlipaySandbox } from '@consign/platform-sandboxes/alipay';
import { serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import {
  ADMIN,
  freePort,
  healthy,
  SECRET,
  seededDataDir,
  seededPostgresDatabase,
  TEST_POSTGRES,
} from './helpers';
import { type ServerProcess, serverProcesses, signInBySms } from './server-process';

/**
 * kill -9 between Alipay's notification and our answer. The server process
 * (test/fixtures/payment-server.ts) pays through an Alipay sandbox served by this test, which notifies
 * the payment and repeats the notification every second until it is answered `success`. The process
 * kills itself with SIGKILL while handling the first notification: before the commit (the top-up marked
 * paid in the open transaction), or after the commit but before answering. Started again on the same
 * port and data, it gets the repeated notification and answers `success`: the account is credited
 * exactly once and the balance equals the sum of the ledger.
 */
const servers = serverProcesses();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

interface Storage {
  env: Record<string, string>;
  open: () => ReturnType<typeof openDb>;
}

async function crashWhileNotified(storage: Storage, crashAt: 'before-commit' | 'after-commit') {
  // Repeats every second for ten minutes: a restart on a loaded machine takes seconds.
  const sandbox = new AlipaySandbox({ notifyRetryMs: Array(600).fill(1000) });
  const served = await serveSandbox(sandbox);
  cleanups.push(() => served.close());
  cleanups.push(() => sandbox.close());
  // One port for both runs: the notify address Alipay holds is the first run's.
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ready = async (process: ServerProcess) => {
    while (!(await healthy(url))) {
      if (process.process.exitCode !== null) throw new Error(`the server exited: ${process.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const env = {
    API_SIGN_SECRET: SECRET,
    PORT: port,
    ALIPAY_GATEWAY: AlipaySandbox.gateway(served.url),
    ...storage.env,
  };

  let server = await servers.start({ ...env, CRASH_AT: crashAt }, 'test/fixtures/payment-server.ts');
  await ready(server);
  const { api, token } = await signInBySms(url, { mobile: ADMIN, secret: SECRET });
  const start = (await api.call('/api/balance/summary', {})).balance;
  const topup = await api.call('/api/balance/topup', { amount: 10_000 });
  expect((await fetch(topup.pay_url)).status).toBe(200);
  // 付款 on the cashier: the sandbox notifies the server, which dies handling it.
  const paid = await fetch(`${served.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: topup.out_trade_no, action: 'pay' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

  // What the dead server left: nothing (before the commit) or the credit (after it); no answer given.
  const dead = await storage.open();
  const [left] = await dead.query<{ status: string; credits: number }>(
    `SELECT status, (SELECT count(*)::int FROM balance_entries WHERE payment_no = t.out_trade_no) AS credits
       FROM topups t WHERE out_trade_no = $1`,
    [topup.out_trade_no],
  );
  await dead.close();
  expect(left).toEqual(
    crashAt === 'before-commit' ? { status: 'pending', credits: 0 } : { status: 'paid', credits: 1 },
  );
  expect(sandbox.notifications.filter((n) => n.answer === 'success')).toEqual([]);

  // Started again on the same port and data: the repeated notification is answered success.
  server = await servers.start(env, 'test/fixtures/payment-server.ts');
  await ready(server);
  const deadline = Date.now() + 300_000;
  while (!sandbox.notifications.some((n) => n.answer === 'success') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answered = sandbox.notifications.filter((n) => n.outTradeNo === topup.out_trade_no);
  expect(answered.at(-1)?.answer).toBe('success');
  expect(answered.length).toBeGreaterThan(1);

  const again = await signInBySms(url, { mobile: ADMIN, secret: SECRET, token });
  expect(
    (await again.api.call('/api/balance/topup-status', { out_trade_no: topup.out_trade_no })).status,
  ).toBe('paid');
  expect((await again.api.call('/api/balance/summary', {})).balance).toBe(start + 10_000);
  await server.stop();

  const db = await storage.open();
  try {
    const [row] = await db.query<{ credits: number; balance: number; total: number }>(
      `SELECT (SELECT count(*)::int FROM balance_entries WHERE payment_no = $1) AS credits,
              (SELECT balance FROM account_balances WHERE account_id = 1)::bigint AS balance,
              (SELECT COALESCE(sum(amount), 0) FROM balance_entries WHERE account_id = 1)::bigint AS total`,
      [topup.out_trade_no],
    );
    expect(row?.credits).toBe(1);
    expect(Number(row?.balance)).toBe(start + 10_000);
    expect(Number(row?.total)).toBe(Number(row?.balance));
  } finally {
    await db.close();
  }
}

describe('kill -9 between Alipay’s notification and our answer', () => {
  for (const crashAt of ['before-commit', 'after-commit'] as const) {
    it(`PGlite, ${crashAt}: the repeated notification credits once`, async () => {
      const dataDir = await seededDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await crashWhileNotified({ env: { DATA_DIR: dataDir }, open: () => openDb({ dataDir }) }, crashAt);
    }, 600_000);

    it.skipIf(!TEST_POSTGRES)(
      `Postgres, ${crashAt}: the repeated notification credits once`,
      async () => {
        const database = await seededPostgresDatabase(TEST_POSTGRES ?? '');
        cleanups.push(() => database.drop());
        await crashWhileNotified(
          {
            env: { DATABASE_URL: database.url, DATA_DIR: 'memory://unused' },
            open: () => openDb({ databaseUrl: database.url }),
          },
          crashAt,
        );
      },
      600_000,
    );
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry, balanceOf, chargeBalance, INSUFFICIENT_BALANCE_MESSAGE } from '../src/db/balance';
import { scopeOf } from '../src/db/scope';
import { startTwoInstances, TestClock, type TestServer, type TwoInstances } from './helpers';

/**
 * The ledger (余额): the database keeps the balance equal to the sum of the entries and never below
 * zero, whatever runs at once. With TEST_DATABASE_URL: two instances on one Postgres (each with its own
 * pool, as two processes), the charges spread over both; without it one PGlite server.
 */

const clock = new TestClock();
let a: TestServer;
let b: TestServer;
let instances: TwoInstances | undefined;

beforeAll(async () => {
  instances = await startTwoInstances({ clock, copyWorker: false });
  ({ a, b } = instances);
}, 180_000);

afterAll(() => instances?.stop());

const nowS = () => Math.floor(clock.now() / 1000);

/** A fresh seller account (an empty ledger). */
async function newAccount(): Promise<number> {
  const [row] = await a.server.db.query<{ id: number }>(
    `INSERT INTO seller_accounts (name, status, created_at) VALUES ($1, 'active', $2) RETURNING id`,
    [`ledger-${Math.random()}`, nowS()],
  );
  return row?.id ?? 0;
}

async function ledger(accountId: number) {
  const [row] = await a.server.db.query<{ balance: number; total: number; entries: number }>(
    `SELECT (SELECT balance FROM account_balances WHERE account_id = $1) AS balance,
       (SELECT COALESCE(sum(amount), 0) FROM balance_entries WHERE account_id = $1) AS total,
       (SELECT count(*) FROM balance_entries WHERE account_id = $1) AS entries`,
    [accountId],
  );
  return row;
}

/** The database's error for `sql`, or null when it ran. */
async function refusal(sql: string, params: unknown[]): Promise<string | null> {
  try {
    await a.server.db.query(sql, params);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('the balance ledger', () => {
  it('1,000 concurrent charges against a balance covering 600: exactly 600 succeed, the balance is 0 and the sum', async () => {
    const account = await newAccount();
    await appendEntry(a.server.db, account, { kind: 'adjust', amount: 60_000, reason: '测试入账' }, nowS());
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => {
        const db = (i % 2 === 0 ? a : b).server.db;
        return db.transaction((tx) =>
          chargeBalance(
            scopeOf(tx, account),
            { amount: 100, reason: `代发服务费 ${i}`, orderId: i + 1 },
            nowS(),
          ),
        );
      }),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(600);
    expect(refused).toHaveLength(400);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason.message).toBe(INSUFFICIENT_BALANCE_MESSAGE);
    expect(await ledger(account)).toEqual({ balance: 0, total: 0, entries: 601 });
    // Every charge saw the balance the one before it left: the balances after are 59,900 down to 0, once each.
    const afters = await a.server.db.query<{ balance_after: number }>(
      `SELECT balance_after FROM balance_entries WHERE account_id = $1 AND kind = 'charge' ORDER BY balance_after`,
      [account],
    );
    expect(afters.map((r) => r.balance_after)).toEqual(Array.from({ length: 600 }, (_, i) => i * 100));
  }, 180_000);

  it('is append-only (no UPDATE, DELETE or TRUNCATE) and the balance moves only through entries', async () => {
    const account = await newAccount();
    const entry = await appendEntry(
      a.server.db,
      account,
      { kind: 'topup', amount: 500, reason: '充值', paymentNo: `P${account}` },
      nowS(),
    );
    expect(entry.balance_after).toBe(500);
    expect(await refusal('UPDATE balance_entries SET amount = 50000 WHERE id = $1', [entry.id])).toMatch(
      /append-only/,
    );
    expect(await refusal('DELETE FROM balance_entries WHERE id = $1', [entry.id])).toMatch(/append-only/);
    expect(
      await refusal('UPDATE account_balances SET balance = 999999 WHERE account_id = $1', [account]),
    ).toMatch(/only through balance_entries/);
    expect(await refusal('DELETE FROM account_balances WHERE account_id = $1', [account])).toMatch(
      /only through balance_entries/,
    );
    // TRUNCATE fires no row trigger: a statement trigger refuses it on both tables.
    expect(await refusal('TRUNCATE balance_entries', [])).toMatch(/cannot be truncated/);
    expect(await refusal('TRUNCATE account_balances CASCADE', [])).toMatch(/cannot be truncated/);
    expect(await ledger(account)).toEqual({ balance: 500, total: 500, entries: 1 });
  });

  it('refuses an entry that would take the balance below zero, a second top-up of one payment, a wrong sign', async () => {
    const account = await newAccount();
    await appendEntry(
      a.server.db,
      account,
      { kind: 'topup', amount: 300, reason: '充值', paymentNo: `Q${account}` },
      nowS(),
    );
    const insert = (kind: string, amount: number, paymentNo: string | null = null) =>
      refusal(
        `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, payment_no, created_at)
         VALUES ($1, $2, $3, 0, 'x', $4, $5)`,
        [account, kind, amount, paymentNo, nowS()],
      );
    expect(await insert('charge', -301)).toMatch(/account_balances_balance_check/);
    expect(await insert('adjust', -301)).toMatch(/account_balances_balance_check/);
    expect(await insert('topup', 300, `Q${account}`)).toMatch(/balance_entries_payment_idx/);
    expect(await insert('topup', -1)).toMatch(/balance_entries_amount_sign/);
    expect(await insert('charge', 1)).toMatch(/balance_entries_amount_sign/);
    expect(await insert('refund', 0)).toMatch(/balance_entries_amount_sign/);
    expect(await ledger(account)).toEqual({ balance: 300, total: 300, entries: 1 });
    await expect(
      chargeBalance(scopeOf(a.server.db, account), { amount: 301, reason: '代发服务费' }, nowS()),
    ).rejects.toThrow(INSUFFICIENT_BALANCE_MESSAGE);
    await chargeBalance(
      scopeOf(a.server.db, account),
      { amount: 300, reason: '代发服务费', orderId: 7 },
      nowS(),
    );
    expect(await balanceOf(scopeOf(a.server.db, account))).toBe(0);
    expect(await ledger(account)).toEqual({ balance: 0, total: 0, entries: 2 });
  });
});

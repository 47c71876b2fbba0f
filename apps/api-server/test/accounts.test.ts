import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSmsProvider } from '../src/providers/sms';
import { SMS_MESSAGES, SMS_RULES } from '../src/security/sms-codes';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/** Sign-up and sign-in of seller accounts (docs/design.md#seller-accounts-permissions-and-the-operation-log); isolation is isolation.test.ts. */

/** The login answer for a mobile, through send-code and the dev outbox. */
async function loginAnswer(t: TestServer, mobile: string) {
  t.clock.advance(61_000);
  await t
    .client()
    .call('/api/default/send-code', { mobile, type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' });
  const { code } = (await (await fetch(`${t.url}/__dev/sms?mobile=${mobile}`)).json()) as { code: string };
  const res = await t.post('/api/default/login', { mobile, code });
  return { status: res.status, ...(await envelope(res)) };
}

/** The send-code answer for a mobile (status and envelope), with the clock where it is. */
async function sendCode(t: TestServer, mobile: string) {
  const res = await t.post('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'r',
  });
  return { status: res.status, ...(await envelope(res)) };
}

/** The last text the development provider sent to a mobile (undefined: none ever). */
function lastText(t: TestServer, mobile: string) {
  return (t.server.sms as ConsoleSmsProvider).latest(mobile);
}

/** How many codes the per-IP limit has counted for the tests' address in its current window. */
async function ipHits(t: TestServer): Promise<number> {
  const [row] = await t.server.db.query<{ hits: number }>(
    "SELECT hits FROM rate_limits WHERE key = 'sms-ip:127.0.0.1'",
  );
  return row?.hits ?? 0;
}

/**
 * send-code for a mobile that cannot sign in: answered like any other, counted by both limits, but
 * nothing is sent and the mobile's last code stays valid.
 */
async function expectSilentSend(t: TestServer, mobile: string) {
  const text = lastText(t, mobile);
  const hits = await ipHits(t);
  expect(await sendCode(t, mobile)).toEqual({ status: 200, errorCode: 0, data: null });
  expect(lastText(t, mobile)).toEqual(text);
  expect(await ipHits(t)).toBe(hits + 1);
  // The 60 s rule holds as for any mobile.
  const again = await sendCode(t, mobile);
  expect(again).toMatchObject({
    status: 429,
    errorCode: 1,
    msg: SMS_MESSAGES.tooSoon(SMS_RULES.resendSeconds),
  });
  expect(lastText(t, mobile)).toEqual(text);
}

async function countWhere(t: TestServer, sql: string, params: unknown[]) {
  const [row] = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row?.n ?? 0;
}

describe('SIGNUP=open (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ copyWorker: false });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('the seeded users share the demo account: 13800000000 owns it, 13900000000 is a member', async () => {
    const rows = await t.server.db.query<{ mobile: string; account_id: number; account_role: string }>(
      'SELECT mobile, account_id, account_role FROM users ORDER BY id',
    );
    expect(rows).toEqual([
      { mobile: ADMIN, account_id: 1, account_role: 'owner' },
      { mobile: USER, account_id: 1, account_role: 'member' },
    ]);
    const [account] = await t.server.db.query('SELECT owner_user_id, status FROM seller_accounts');
    expect(account).toEqual({ owner_user_id: 1, status: 'active' });
    for (const table of [
      'shops',
      'shop_groups',
      'goods',
      'orders',
      'after_sales',
      'copy_records',
      'settings',
    ]) {
      expect(await countWhere(t, table, []), table).toBe(
        await countWhere(t, `${table} WHERE account_id = $1`, [1]),
      );
    }
    expect(await (await loginAnswer(t, ADMIN)).data).toMatchObject({ is_new_account: false });
  });

  it('an unknown mobile becomes the owner of a new, empty account with default settings', async () => {
    const mobile = '13712340011';
    const first = await loginAnswer(t, mobile);
    expect(first).toMatchObject({ status: 200, errorCode: 0, data: { is_new_account: true } });
    const [user] = await t.server.db.query<{ id: number; account_id: number; account_role: string }>(
      'SELECT id, account_id, account_role FROM users WHERE mobile = $1',
      [mobile],
    );
    expect(user?.account_role).toBe('owner');
    expect(user?.account_id).not.toBe(1);
    const [account] = await t.server.db.query('SELECT owner_user_id FROM seller_accounts WHERE id = $1', [
      user?.account_id,
    ]);
    expect(account).toEqual({ owner_user_id: user?.id });
    const token = (first.data as { access_token: string }).access_token;
    const api = t.client(() => token);
    expect(await api.call('/api/order/index', { pageIndex: 1, pageSize: 20 })).toEqual({
      list: [],
      total: 0,
    });
    expect(await api.call('/api/setting/index')).toMatchObject({
      default_markup_percent: 30,
      auto_purchase: false,
    });

    // Signing in again is not a new account.
    expect(await loginAnswer(t, mobile)).toMatchObject({ data: { is_new_account: false } });
    expect(await countWhere(t, 'users WHERE mobile = $1', [mobile])).toBe(1);
  });

  it('a disabled user, or a user of a disabled account, cannot sign in, and their sessions end at once', async () => {
    const token = await t.login(USER);
    // A code the user asked for while active, used after they were disabled.
    t.clock.advance(61_000);
    await sendCode(t, USER);
    const code = lastText(t, USER)?.code;
    await t.server.db.query("UPDATE users SET status = 'disabled' WHERE mobile = $1", [USER]);
    const refused = await t.post('/api/default/login', { mobile: USER, code });
    expect({ status: refused.status, ...(await envelope(refused)) }).toMatchObject({
      status: 200,
      errorCode: 1,
      msg: '账号已停用',
    });
    expect((await t.post('/api/user/info', {}, { token })).status).toBe(401);
    await t.server.db.query("UPDATE users SET status = 'active' WHERE mobile = $1", [USER]);

    const mobile = '13712340012';
    const owner = (await loginAnswer(t, mobile)).data as { access_token: string };
    t.clock.advance(61_000);
    await sendCode(t, mobile);
    const ownerCode = lastText(t, mobile)?.code;
    await t.server.db.query(
      "UPDATE seller_accounts SET status = 'disabled' WHERE id = (SELECT account_id FROM users WHERE mobile = $1)",
      [mobile],
    );
    expect(await envelope(await t.post('/api/default/login', { mobile, code: ownerCode }))).toMatchObject({
      errorCode: 1,
      msg: '账号已停用',
    });
    expect((await t.post('/api/user/info', {}, { token: owner.access_token })).status).toBe(401);
    // The other users are unaffected.
    expect(await loginAnswer(t, ADMIN)).toMatchObject({ errorCode: 0 });
  });

  it('send-code to a disabled user or account answers as for anyone, sends nothing, and spends no code', async () => {
    // A code sent while active; then the user is disabled and someone asks for codes again.
    t.clock.advance(61_000);
    expect(await sendCode(t, USER)).toEqual({ status: 200, errorCode: 0, data: null });
    const code = lastText(t, USER)?.code;
    await t.server.db.query("UPDATE users SET status = 'disabled' WHERE mobile = $1", [USER]);
    try {
      t.clock.advance(61_000);
      await expectSilentSend(t, USER);
      // The code sent before is still the valid one: it passes the code check and meets 账号已停用.
      expect(await envelope(await t.post('/api/default/login', { mobile: USER, code }))).toMatchObject({
        errorCode: 1,
        msg: '账号已停用',
      });
    } finally {
      await t.server.db.query("UPDATE users SET status = 'active' WHERE mobile = $1", [USER]);
    }

    // A user of a disabled account likewise.
    const mobile = '13712340013';
    await loginAnswer(t, mobile);
    await t.server.db.query(
      "UPDATE seller_accounts SET status = 'disabled' WHERE id = (SELECT account_id FROM users WHERE mobile = $1)",
      [mobile],
    );
    t.clock.advance(61_000);
    await expectSilentSend(t, mobile);

    // An active user gets their text as before.
    t.clock.advance(61_000);
    const before = lastText(t, ADMIN);
    expect(await sendCode(t, ADMIN)).toEqual({ status: 200, errorCode: 0, data: null });
    expect(lastText(t, ADMIN)).not.toEqual(before);
  });
});

describe('SIGNUP=closed', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ copyWorker: false, signup: 'closed' });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('sends an unknown mobile nothing, answering as for anyone, and creates nothing; existing users still sign in', async () => {
    const users = await countWhere(t, 'users', []);
    const accounts = await countWhere(t, 'seller_accounts', []);
    const mobile = '13712340021';
    t.clock.advance(61_000);
    await expectSilentSend(t, mobile);
    expect(lastText(t, mobile)).toBeUndefined();
    // No code reached it, so no code signs it in (and nothing says whether it is known).
    expect(await envelope(await t.post('/api/default/login', { mobile, code: '123456' }))).toMatchObject({
      errorCode: 1,
      msg: SMS_MESSAGES.expired,
    });
    expect(await countWhere(t, 'users', [])).toBe(users);
    expect(await countWhere(t, 'seller_accounts', [])).toBe(accounts);
    expect(await loginAnswer(t, USER)).toMatchObject({ errorCode: 0, data: { is_new_account: false } });
  });
});

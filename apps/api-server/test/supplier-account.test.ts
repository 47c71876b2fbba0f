import { randomBytes } from 'node:crypto';
import type { SupplierAccount } from '@consign/api-client';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_AHEAD_SECONDS, resealSupplierTokens } from '../src/db/supplier-account';
import { SupplierError } from '../src/platforms/alibaba';
import { supplierAccessToken } from '../src/platforms/supplier-tokens';
import { SecretBox } from '../src/security/secret-box';
import { ADMIN, envelope, startTestServer, type TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';

/**
 * The seller's 1688 buyer account (代发设置): the operator registers the 1688 app in 全局设置 like a
 * platform's (平台 `alibaba`, its app in 平台授权, the secret sealed), the seller connects the account
 * by OAuth with a single-use state, the tokens are sealed, refreshed ahead of expiry, and a refused
 * refresh shows 已过期. Against the 1688 sandbox on a loopback port, through the real server.
 */

let t: TestServer;
let sandbox: AlibabaSandbox;
let served: ServedSandbox;
let admin: string;
let mobiles = 13712500000;
const nowS = () => Math.floor(t.clock.now() / 1000);

async function newSeller() {
  const mobile = String(mobiles++);
  const token = await t.login(mobile);
  return { token, mobile, api: t.client(() => token) };
}

async function startConnecting(token: string) {
  const res = await t.post('/api/supplier/authorise', {}, { token });
  const answer = await envelope(res);
  return {
    status: res.status,
    msg: answer.msg,
    url: (answer.data as { url?: string } | undefined)?.url ?? '',
  };
}

function callback(token: string, back: URL) {
  return t.post(
    '/api/supplier/authorise-callback',
    {
      state: back.searchParams.get('state') ?? '',
      ...(back.searchParams.get('code') ? { code: back.searchParams.get('code') } : {}),
      ...(back.searchParams.get('error') ? { error: back.searchParams.get('error') } : {}),
    },
    { token },
  );
}

async function connect(token: string, memberId = 'b2b-2206600001') {
  const { url } = await startConnecting(token);
  const back = await decideOnAuthorisationPage(url, { shopId: memberId });
  const res = await callback(token, back);
  const answer = await envelope(res);
  expect({ status: res.status, msg: answer.msg }).toEqual({ status: 200, msg: undefined });
  return answer.data as SupplierAccount;
}

beforeAll(async () => {
  const { TestClock } = await import('./helpers');
  const clock: TestClock = new TestClock();
  sandbox = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], now: clock.now });
  served = await serveSandbox(sandbox);
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    platforms: {
      pdd: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
      doudian: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
      alibaba: AlibabaSandbox.endpoints(served.url),
    },
  });
  admin = await t.login(ADMIN);
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await served?.close();
});

describe('connecting the 1688 buyer account', () => {
  it('without a 1688 app in 全局设置 连接 says so and changes nothing', async () => {
    const seller = await newSeller();
    expect(await seller.api.call('/api/supplier/account')).toEqual({
      status: 'none',
      member_id: null,
      login_id: null,
      expires_at: null,
      connected_at: null,
    });
    expect(await startConnecting(seller.token)).toMatchObject({
      status: 409,
      msg: '1688未启用或未配置开放平台应用，请联系管理员',
    });
    const states = await t.server.db.query("SELECT 1 FROM oauth_states WHERE platform = 'alibaba'");
    expect(states).toHaveLength(0);
  });

  it('the operator registers the 1688 app like a platform’s: the secret sealed, never answered', async () => {
    const api = t.client(() => admin);
    const platform = await api.call('/api/company/platform-save', {
      name: '1688',
      code: 'alibaba',
      enabled: true,
    });
    const app = await api.call('/api/company/platform-auth-save', {
      platform_id: platform.id,
      shop_name: '1688 开放平台应用',
      app_key: ALIBABA_SANDBOX_APP.clientId,
      app_secret: ALIBABA_SANDBOX_APP.clientSecret,
    });
    expect(app.has_secret).toBe(true);
    expect(JSON.stringify(app)).not.toContain(ALIBABA_SANDBOX_APP.clientSecret);
    const [row] = await t.server.db.query<{ app_secret: string }>(
      'SELECT app_secret FROM platform_auths WHERE id = $1',
      [app.id],
    );
    expect(row?.app_secret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(await t.server.platforms.supplier()).not.toBeNull();
  });

  it('拒绝 on 1688 connects nothing; 同意授权 connects the account, tokens sealed, logged', async () => {
    const seller = await newSeller();
    const first = await startConnecting(seller.token);
    const page = new URL(first.url);
    expect(`${page.origin}${page.pathname}`).toBe(`${served.url}/oauth/authorize`);
    expect(page.searchParams.get('redirect_uri')).toBe(`${t.url}/supplier/authorised`);
    const denied = await callback(
      seller.token,
      await decideOnAuthorisationPage(first.url, { shopId: 'b2b-2206600001', decision: 'deny' }),
    );
    expect(denied.status).toBe(400);
    expect((await envelope(denied)).msg).toBe('你在1688授权页选择了拒绝，1688账号未连接。');
    expect((await seller.api.call('/api/supplier/account')).status).toBe('none');

    const account = await connect(seller.token);
    expect(account).toEqual({
      status: 'connected',
      member_id: 'b2b-2206600001',
      login_id: '沙箱采购账号',
      // Usable until 1688's refresh token runs out (the sandbox's: 180 days).
      expires_at: nowS() + 180 * 86_400,
      connected_at: nowS(),
    });
    expect(await seller.api.call('/api/supplier/account')).toEqual(account);
    const [row] = await t.server.db.query<{ access_token_sealed: string; refresh_token_sealed: string }>(
      `SELECT access_token_sealed, refresh_token_sealed FROM supplier_accounts s
       JOIN users u ON u.account_id = s.account_id WHERE u.mobile = $1`,
      [String(mobiles - 1)],
    );
    expect(row?.access_token_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row?.refresh_token_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    const [entry] = await t.server.db.query<{ action: string; target_type: string; target_name: string }>(
      "SELECT action, target_type, target_name FROM operation_log WHERE action = 'supplier.authorise-callback' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({
      action: 'supplier.authorise-callback',
      target_type: 'supplier_account',
      target_name: '沙箱采购账号',
    });
  });

  it('a state used twice, or another seller’s, connects nothing', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const { url } = await startConnecting(seller.token);
    const back = await decideOnAuthorisationPage(url, { shopId: 'b2b-2206600002' });
    const stolen = await callback(other.token, back);
    expect(stolen.status).toBe(400);
    expect((await other.api.call('/api/supplier/account')).status).toBe('none');
    // The state was the seller's: still theirs to use once.
    expect((await callback(seller.token, back)).status).toBe(200);
    const again = await callback(seller.token, back);
    expect(again.status).toBe(400);
    expect((await envelope(again)).msg).toContain('授权请求无效、已使用或已过期');
  });

  it('a state older than 10 minutes connects nothing, whatever 1688 answered', async () => {
    const seller = await newSeller();
    const { url } = await startConnecting(seller.token);
    const back = await decideOnAuthorisationPage(url, { shopId: 'b2b-2206600001' });
    // Only the state ages (its row, 10 minutes and a second): 1688's code is as fresh as ever.
    const [user] = await t.server.db.query<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [
      seller.mobile,
    ]);
    const aged = await t.server.db.query(
      'UPDATE oauth_states SET created_at = created_at - 601, expires_at = expires_at - 601 WHERE user_id = $1 RETURNING 1',
      [user?.id],
    );
    expect(aged).toHaveLength(1);
    const late = await callback(seller.token, back);
    expect(late.status).toBe(400);
    expect((await envelope(late)).msg).toBe(
      '授权请求无效、已使用或已过期（10 分钟内有效），1688账号未连接。请回到代发设置重新连接。',
    );
    expect((await seller.api.call('/api/supplier/account')).status).toBe('none');
  });

  it('重新授权 replaces the account; the token is refreshed ahead of expiry, once', async () => {
    const seller = await newSeller();
    await connect(seller.token, 'b2b-2206600001');
    const account = await connect(seller.token, 'b2b-2206600002');
    expect(account.login_id).toBe('沙箱采购二号');
    const [{ account_id } = { account_id: 0 }] = await t.server.db.query<{ account_id: number }>(
      'SELECT s.account_id FROM supplier_accounts s JOIN users u ON u.account_id = s.account_id WHERE u.mobile = $1',
      [String(mobiles - 1)],
    );
    expect(
      await t.server.db.query('SELECT 1 FROM supplier_accounts WHERE account_id = $1', [account_id]),
    ).toHaveLength(1);

    const connector = await t.server.platforms.supplier();
    if (!connector) throw new Error('no supplier connector');
    const token = () => supplierAccessToken(t.server.db, t.server.secretBox, connector, account_id, nowS());
    const refreshes = () => sandbox.callsOf('getToken').filter((c) => c.error === null).length;

    const before = refreshes();
    const fresh = await token();
    expect((await connector.offer(fresh, '610000000002')).title).toBe('不锈钢保温杯 500ml 商务款');
    expect(refreshes()).toBe(before);
    // 10 hours minus 29 minutes later: less than REFRESH_AHEAD_SECONDS left, so it is renewed first.
    t.clock.advance((10 * 3600 - REFRESH_AHEAD_SECONDS + 60) * 1000);
    const renewed = await token();
    expect(renewed).not.toBe(fresh);
    expect(refreshes()).toBe(before + 1);
    expect(await token()).toBe(renewed);
    expect(refreshes()).toBe(before + 1);
    expect((await connector.offer(renewed, '610000000002')).offerId).toBe('610000000002');
    expect((await t.client(() => seller.token).call('/api/supplier/account')).status).toBe('connected');
  });

  it('a refused refresh marks the account 已过期; the seller reconnects', async () => {
    const seller = await newSeller();
    await connect(seller.token);
    const [{ account_id } = { account_id: 0 }] = await t.server.db.query<{ account_id: number }>(
      'SELECT s.account_id FROM supplier_accounts s JOIN users u ON u.account_id = s.account_id WHERE u.mobile = $1',
      [String(mobiles - 1)],
    );
    // 1688 no longer knows the refresh token (revoked on its side).
    const connector = await t.server.platforms.supplier();
    if (!connector) throw new Error('no supplier connector');
    const refusing = { refreshToken: () => connector.refreshToken('revoked-refresh-token') };
    t.clock.advance(10 * 3600 * 1000);
    const error = await supplierAccessToken(
      t.server.db,
      t.server.secretBox,
      refusing,
      account_id,
      nowS(),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SupplierError);
    expect((error as SupplierError).kind).toBe('auth');
    expect((await seller.api.call('/api/supplier/account')).status).toBe('expired');
    const later = await supplierAccessToken(
      t.server.db,
      t.server.secretBox,
      connector,
      account_id,
      nowS(),
    ).then(
      () => null,
      (e: unknown) => e as SupplierError,
    );
    expect(later?.message).toBe('1688账号授权已过期，请在代发设置中重新授权');
    expect((await connect(seller.token)).status).toBe('connected');
  });

  it('the key rotation re-seals the 1688 tokens: they open under the new key and work on 1688', async () => {
    const seller = await newSeller();
    await connect(seller.token);
    const [{ account_id } = { account_id: 0 }] = await t.server.db.query<{ account_id: number }>(
      'SELECT s.account_id FROM supplier_accounts s JOIN users u ON u.account_id = s.account_id WHERE u.mobile = $1',
      [String(mobiles - 1)],
    );
    const next = new SecretBox(randomBytes(32));
    const connector = await t.server.platforms.supplier();
    if (!connector) throw new Error('no supplier connector');
    // In a transaction rolled back at the end, so the server's own key keeps working for the others.
    await t.server.db
      .transaction(async (tx) => {
        const count = await resealSupplierTokens(tx, t.server.secretBox, next);
        // Two tokens per connected account; every one of them is under the new key now.
        expect(count).toBeGreaterThanOrEqual(2);
        expect(await resealSupplierTokens(tx, t.server.secretBox, next)).toBe(0);
        const token = await supplierAccessToken(tx, next, connector, account_id, nowS());
        expect((await connector.offer(token, '610000000002')).offerId).toBe('610000000002');
        await expect(
          supplierAccessToken(tx, t.server.secretBox, connector, account_id, nowS()),
        ).rejects.toThrow();
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    const token = await supplierAccessToken(t.server.db, t.server.secretBox, connector, account_id, nowS());
    expect((await connector.offer(token, '610000000002')).offerId).toBe('610000000002');
  });
});

import type { Shop } from '@consign/api-client';
import {
  DOUDIAN_SANDBOX_APP,
  DoudianSandbox,
  PDD_SANDBOX_APP,
  PddSandbox,
} from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import type { Queryable } from '../src/db/db';
import { appSecretContext } from '../src/db/platform-apps';
import { scopeOf } from '../src/db/scope';
import { SHOP_HELD_ELSEWHERE, saveAuthorisedShop, shopState } from '../src/db/shop';
import { openShopTokens } from '../src/db/shop-tokens';
import { sweepAuthExpiry } from '../src/jobs/auth-expiry';
import type { PlatformCode } from '../src/platforms/connector';
import { DOUDIAN_NO_SERVICE_ID } from '../src/platforms/doudian';
import { ADMIN, envelope, startTestServer, type TestClock, type TestServer } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';

/**
 * Authorising shops on 拼多多 and 抖店 through the real server, the sandboxes served on loopback ports
 * as the platforms: the operators register the apps in 平台授权 (secrets sealed, never answered), a
 * seller asks for the authorisation page, agrees (or refuses) there, and the admin app posts the
 * `code` and `state` back. On PGlite and, with TEST_DATABASE_URL, on Postgres.
 */

const APPS: Record<PlatformCode, { clientId: string; clientSecret: string; serviceId?: string }> = {
  pinduoduo: PDD_SANDBOX_APP,
  douyin: DOUDIAN_SANDBOX_APP,
};

let t: TestServer;
let pdd: PddSandbox;
let doudian: DoudianSandbox;
const served: ServedSandbox[] = [];
let admin: string;

const db = () => t.server.db;
const nowS = () => Math.floor(t.clock.now() / 1000);

async function platformId(code: string): Promise<number> {
  const platforms = await t.client(() => admin).call('/api/company/platform-list');
  const found = platforms.find((p) => p.code === code);
  if (!found) throw new Error(`no platform ${code}`);
  return found.id;
}

async function registerApp(code: PlatformCode, secret = APPS[code].clientSecret) {
  return t
    .client(() => admin)
    .call('/api/company/platform-auth-save', {
      platform_id: await platformId(code),
      shop_name: `${code} 开放平台应用`,
      app_key: APPS[code].clientId,
      app_secret: secret,
      service_id: APPS[code].serviceId ?? '',
    });
}

/** A new seller: a new mobile signs up (its own account, as owner). */
let mobiles = 13712300000;
async function newSeller() {
  const mobile = String(mobiles++);
  const token = await t.login(mobile);
  return { token, mobile, api: t.client(() => token) };
}

/** 添加店铺 (or 重新授权 with `shopId`) up to the platform's page; returns the state and the page. */
async function startAuthorising(token: string, platform: PlatformCode, shopId?: number) {
  const res = await t.post('/api/shop/authorise', { platform, shop_id: shopId }, { token });
  const answer = await envelope(res);
  expect(answer.errorCode, answer.msg).toBe(0);
  const { url } = answer.data as { url: string };
  return { url, state: new URL(url).searchParams.get('state') ?? '' };
}

/** The platform's page: agree (or deny) for `platformShopId`; the address the browser comes back to. */
async function onPlatform(url: string, platformShopId: string, decision: 'agree' | 'deny' = 'agree') {
  return decideOnAuthorisationPage(url, { shopId: platformShopId, decision });
}

/** What the admin app's callback page posts. */
function callback(token: string, platform: PlatformCode, back: URL) {
  return t.post(
    '/api/shop/authorise-callback',
    {
      platform,
      state: back.searchParams.get('state') ?? '',
      ...(back.searchParams.get('code') ? { code: back.searchParams.get('code') } : {}),
      ...(back.searchParams.get('error') ? { error: back.searchParams.get('error') } : {}),
    },
    { token },
  );
}

/** The whole flow; the shop answered. */
async function authorise(token: string, platform: PlatformCode, platformShopId: string, shopId?: number) {
  const { url } = await startAuthorising(token, platform, shopId);
  const back = await onPlatform(url, platformShopId);
  const res = await callback(token, platform, back);
  const answer = await envelope(res);
  expect({ status: res.status, msg: answer.msg }).toEqual({ status: 200, msg: undefined });
  return answer.data as Shop;
}

const shopsOf = (platform: string, platformShopId: string) =>
  db().query<{ id: number; account_id: number; name: string }>(
    'SELECT id, account_id, name FROM shops WHERE platform = $1 AND platform_shop_id = $2',
    [platform, platformShopId],
  );
const shopCount = async () =>
  Number((await db().query<{ n: number }>('SELECT count(*) AS n FROM shops'))[0]?.n);

beforeAll(async () => {
  const { TestClock } = await import('./helpers');
  const clock: TestClock = new TestClock();
  pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now });
  // The sandbox app's service on the 服务市场 returns to the callback operators register (README):
  // this server's PUBLIC_URL + the admin's return path.
  doudian = new DoudianSandbox({
    apps: [DOUDIAN_SANDBOX_APP],
    now: clock.now,
    services: [
      {
        serviceId: DOUDIAN_SANDBOX_APP.serviceId,
        appKey: DOUDIAN_SANDBOX_APP.clientId,
        callbackUrl: () => `${t.server.publicUrl}/shop/authorised/douyin`,
      },
    ],
  });
  served.push(await serveSandbox(pdd), await serveSandbox(doudian));
  t = await startTestServer({
    clock,
    copyWorker: false,
    exportWorker: false,
    // No sync: after a clock jump it would refresh the shop's tokens (a new refresh expiry) at a moment
    // of its own, racing the status assertions; the sync has its own suites.
    shopSync: false,
    platforms: {
      pdd: PddSandbox.endpoints(served[0]?.url ?? ''),
      doudian: DoudianSandbox.endpoints(served[1]?.url ?? ''),
    },
  });
  admin = await t.login(ADMIN);
  await registerApp('pinduoduo');
  await registerApp('douyin');
}, 180_000);

afterEach(async () => {
  // Each case starts with no platform shop authorised (the sandboxes have two shops each).
  await db().query('DELETE FROM shops WHERE platform_shop_id IS NOT NULL');
});

afterAll(async () => {
  await t?.stop();
  for (const sandbox of served) await sandbox.close();
});

describe('a new seller authorises a shop', () => {
  it.each([
    ['pinduoduo', '900001', '沙箱拼多多旗舰店'],
    ['douyin', '77001', '沙箱抖店旗舰店'],
  ] as const)(
    'on %s: the shop is listed with the platform’s name and id, its tokens sealed',
    async (platform, platformShopId, name) => {
      const seller = await newSeller();
      expect(await seller.api.call('/api/shop/platforms')).toEqual([
        { code: 'pinduoduo', name: '拼多多' },
        { code: 'douyin', name: '抖店' },
      ]);
      const { url } = await startAuthorising(seller.token, platform, undefined);
      // The platform's page, sending the browser back to the admin app's callback route: 拼多多 is
      // sent it; 抖店 authorises by 服务ID and returns to the callback registered for the service.
      const page = new URL(url);
      expect(page.origin).toBe(platform === 'pinduoduo' ? served[0]?.url : served[1]?.url);
      if (platform === 'pinduoduo') {
        expect(page.searchParams.get('redirect_uri')).toBe(`${t.url}/shop/authorised/${platform}`);
      } else {
        expect([...page.searchParams.keys()]).toEqual(['service_id', 'state']);
        expect(page.searchParams.get('service_id')).toBe(DOUDIAN_SANDBOX_APP.serviceId);
      }
      const back = await onPlatform(url, platformShopId);
      expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/shop/authorised/${platform}`);
      const res = await callback(seller.token, platform, back);
      const shop = (await envelope(res)).data as Shop;
      expect(res.status).toBe(200);
      expect(shop).toMatchObject({
        name,
        platform,
        platform_shop_id: platformShopId,
        auth_status: 'authorized',
        state: 'normal',
        disabled_at: null,
      });
      // The sync renews the access token (拼多多's sandbox: a day; 抖店: 7 days); the refresh token ends
      // the authorisation: 30 days on 拼多多's sandbox, 14 days on 抖店 (documented): re-authorise by then.
      expect(shop.auth_expires_at).toBe(nowS() + (platform === 'pinduoduo' ? 1 : 7) * 86_400);
      expect(shop.authorised_until).toBe(nowS() + (platform === 'pinduoduo' ? 30 : 14) * 86_400);
      const list = await seller.api.call('/api/shop/index', { pageIndex: 1, pageSize: 20 });
      expect(list.list.map((s) => s.id)).toEqual([shop.id]);

      // The tokens: sealed in the table, and they work on the platform.
      const [row] = await db().query<{ access_token_sealed: string; refresh_token_sealed: string }>(
        'SELECT access_token_sealed, refresh_token_sealed FROM shops WHERE id = $1',
        [shop.id],
      );
      expect(row?.access_token_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(row?.refresh_token_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
      const tokens = await openShopTokens(db(), t.server.secretBox, shop.id);
      const connector = await t.server.platforms.connector(platform);
      expect(await connector?.carriers(tokens?.accessToken ?? '')).not.toHaveLength(0);

      const [entry] = await db().query<{ action: string; target_id: number; target_name: string }>(
        "SELECT action, target_id, target_name FROM operation_log WHERE action = 'shop.authorise-callback' ORDER BY id DESC LIMIT 1",
      );
      expect(entry).toEqual({ action: 'shop.authorise-callback', target_id: shop.id, target_name: name });
    },
  );

  it('authorising a shop this account holds again updates it (tokens, name, expiry), never duplicates it', async () => {
    const seller = await newSeller();
    const first = await authorise(seller.token, 'pinduoduo', '900002');
    const sealed = async () =>
      (
        await db().query<{ a: string }>('SELECT access_token_sealed AS a FROM shops WHERE id = $1', [
          first.id,
        ])
      )[0]?.a;
    const tokenBefore = await sealed();
    pdd.shops[1] = { shopId: '900002', shopName: '沙箱拼多多二店（改名）' };
    t.clock.advance(3600_000);
    const again = await authorise(seller.token, 'pinduoduo', '900002');
    expect(again.id).toBe(first.id);
    expect(again.name).toBe('沙箱拼多多二店（改名）');
    expect(again.auth_expires_at).toBe(nowS() + 86_400);
    expect(await sealed()).not.toBe(tokenBefore);
    expect(await shopsOf('pinduoduo', '900002')).toHaveLength(1);
    pdd.shops[1] = { shopId: '900002', shopName: '沙箱拼多多二店' };

    // 重新授权 of an expired shop (as the sync marks a refused refresh): normal again, same row.
    await db().query("UPDATE shops SET auth_status = 'expired' WHERE id = $1", [first.id]);
    expect((await seller.api.call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).list[0]?.state).toBe(
      'expired',
    );
    const renewed = await authorise(seller.token, 'pinduoduo', '900002', first.id);
    expect(renewed).toMatchObject({ id: first.id, state: 'normal', auth_status: 'authorized' });

    // 重新授权 choosing another platform shop on the page is refused, and changes nothing.
    const { url } = await startAuthorising(seller.token, 'pinduoduo', first.id);
    const res = await callback(seller.token, 'pinduoduo', await onPlatform(url, '900001'));
    expect(res.status).toBe(409);
    expect((await envelope(res)).msg).toContain('授权的是另一个店铺');
    expect((await seller.api.call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).list).toHaveLength(1);
  });
});

describe('a state that is not this authorisation’s changes nothing', () => {
  const refusedState =
    '授权请求无效、已使用或已过期（10 分钟内有效），店铺未添加。请回到店铺设置重新发起授权。';

  it('reused, expired, forged or another user’s state: 400, nothing created', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const before = await shopCount();

    // Another user's state (the platform page agreed, but the callback comes from someone else).
    const mine = await startAuthorising(seller.token, 'douyin');
    const back = await onPlatform(mine.url, '77002');
    for (const res of [await callback(other.token, 'douyin', back)]) {
      expect(res.status).toBe(400);
      expect((await envelope(res)).msg).toBe(refusedState);
    }
    // A state of another platform.
    const wrongPlatform = new URL(back);
    const res1 = await callback(seller.token, 'pinduoduo', wrongPlatform);
    expect(res1.status).toBe(400);
    // Forged: a well-formed random state.
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect((await callback(seller.token, 'douyin', forged)).status).toBe(400);
    expect(await shopCount()).toBe(before);

    // The rightful user, once; then the state is spent.
    expect((await callback(seller.token, 'douyin', back)).status).toBe(200);
    expect(await shopCount()).toBe(before + 1);
    const again = await startAuthorising(seller.token, 'douyin');
    const reused = new URL(await onPlatform(again.url, '77002'));
    reused.searchParams.set('state', mine.state);
    const res2 = await callback(seller.token, 'douyin', reused);
    expect(res2.status).toBe(400);
    expect((await envelope(res2)).msg).toBe(refusedState);

    // Expired: 10 minutes and a second later.
    const late = await startAuthorising(seller.token, 'pinduoduo');
    const lateBack = await onPlatform(late.url, '900001');
    t.clock.advance(601_000);
    const res3 = await callback(seller.token, 'pinduoduo', lateBack);
    expect(res3.status).toBe(400);
    expect((await envelope(res3)).msg).toBe(refusedState);
    expect(await shopCount()).toBe(before + 1);
  });

  it('a code the platform refuses, or a denied authorisation: the seller reads why, nothing created', async () => {
    const seller = await newSeller();
    const before = await shopCount();
    const { url } = await startAuthorising(seller.token, 'pinduoduo');
    const back = await onPlatform(url, '900001');
    back.searchParams.set('code', 'f'.repeat(32));
    const refused = await callback(seller.token, 'pinduoduo', back);
    expect(refused.status).toBe(400);
    expect((await envelope(refused)).msg).toBe(
      '拼多多拒绝了这次授权（授权码无效、已使用或已过期），店铺未添加。请重新授权。',
    );
    // The state was spent by that try.
    expect((await callback(seller.token, 'pinduoduo', back)).status).toBe(400);

    const denied = await startAuthorising(seller.token, 'douyin');
    const deniedBack = await onPlatform(denied.url, '77001', 'deny');
    expect(deniedBack.searchParams.get('error')).toBe('access_denied');
    const res = await callback(seller.token, 'douyin', deniedBack);
    expect(res.status).toBe(400);
    expect((await envelope(res)).msg).toBe('你在抖店授权页选择了拒绝，店铺未添加。');
    expect(await shopCount()).toBe(before);
    expect((await seller.api.call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).total).toBe(0);
  });
});

describe('one platform shop belongs to one seller account', () => {
  it('another account’s platform shop is refused with a clear message', async () => {
    const holder = await newSeller();
    const other = await newSeller();
    const held = await authorise(holder.token, 'douyin', '77002');
    const { url } = await startAuthorising(other.token, 'douyin');
    const res = await callback(other.token, 'douyin', await onPlatform(url, '77002'));
    expect(res.status).toBe(409);
    expect((await envelope(res)).msg).toBe(SHOP_HELD_ELSEWHERE);
    expect((await other.api.call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).total).toBe(0);
    expect(await shopsOf('douyin', '77002')).toEqual([expect.objectContaining({ id: held.id })]);
  });

  it('two accounts authorising one platform shop at once: one wins, the other reads why', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const backs = await Promise.all(
      [a, b].map(async (seller) => {
        const { url } = await startAuthorising(seller.token, 'douyin');
        return onPlatform(url, '77002');
      }),
    );
    const answers = await Promise.all(
      [a, b].map(async (seller, i) => {
        const res = await callback(seller.token, 'douyin', backs[i] as URL);
        return { status: res.status, msg: (await envelope(res)).msg };
      }),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)?.msg).toBe(SHOP_HELD_ELSEWHERE);
    expect(await shopsOf('douyin', '77002')).toHaveLength(1);
  });

  it('at the unique index: of two transactions adding one platform shop, the second waits and is refused', async () => {
    const accountOf = async (mobile: string) =>
      (
        await db().query<{ account_id: number }>('SELECT account_id FROM users WHERE mobile = $1', [mobile])
      )[0]?.account_id ?? 0;
    const [a, b] = [await newSeller(), await newSeller()];
    const [accountA, accountB] = [await accountOf(a.mobile), await accountOf(b.mobile)];
    const auth = {
      shopId: '77002',
      shopName: '沙箱抖店二店',
      accessToken: 'access',
      refreshToken: 'refresh',
      expiresAt: nowS() + 86_400,
      refreshExpiresAt: null,
    };
    const save = (tx: Queryable, accountId: number) =>
      saveAuthorisedShop(
        scopeOf(tx, accountId),
        t.server.secretBox,
        { platform: 'douyin', reauthorise: null, auth },
        nowS(),
      );
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const first = db().transaction(async (tx) => {
      const saved = await save(tx, accountA);
      inserted();
      await gate;
      return saved;
    });
    await insertedYet;
    const second = db()
      .transaction((tx) => save(tx, accountB), { retry: false })
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (db().kind === 'postgres') {
      // The second transaction is blocked on the first's uncommitted row of the unique index.
      await expect
        .poll(
          async () =>
            (
              await db().query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            )[0]?.n,
        )
        .toBeGreaterThan(0);
    }
    release();
    expect((await first).id).toBeGreaterThan(0);
    expect(await second).toMatchObject({ status: 409, message: SHOP_HELD_ELSEWHERE });
    expect(await shopsOf('douyin', '77002')).toEqual([expect.objectContaining({ account_id: accountA })]);
  });
});

describe('platform apps (平台授权)', () => {
  it('the secret is never answered, sealed in the table, and kept when a save leaves it empty', async () => {
    const api = t.client(() => admin);
    const id = await platformId('pinduoduo');
    const auths = await api.call('/api/company/platform-auth-list', {}, { query: { platform_id: id } });
    const app = auths.find((a) => a.app_key === PDD_SANDBOX_APP.clientId);
    expect(app).toMatchObject({ has_secret: true });
    const raw = await t.post(`/api/company/platform-auth-list?platform_id=${id}`, {}, { token: admin });
    const text = await raw.text();
    expect(text).not.toContain('app_secret');
    expect(text).not.toContain(PDD_SANDBOX_APP.clientSecret);

    const stored = async () =>
      (
        await db().query<{ app_secret: string }>('SELECT app_secret FROM platform_auths WHERE id = $1', [
          app?.id,
        ])
      )[0]?.app_secret ?? '';
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain(PDD_SANDBOX_APP.clientSecret);
    expect(t.server.secretBox.open(sealed, appSecretContext(app?.id ?? 0))).toBe(
      PDD_SANDBOX_APP.clientSecret,
    );

    // Saved again with the secret left empty (or absent): the secret stays.
    if (!app) throw new Error('no app');
    const { has_secret: _, ...editable } = app;
    const saved = await api.call('/api/company/platform-auth-save', {
      ...editable,
      shop_name: '拼多多应用（改名）',
      app_secret: '',
    });
    expect(saved).toMatchObject({ shop_name: '拼多多应用（改名）', has_secret: true });
    expect(await stored()).toBe(sealed);
    const seller = await newSeller();
    expect((await authorise(seller.token, 'pinduoduo', '900001')).platform_shop_id).toBe('900001');
  });

  it('a changed secret takes effect at once (a wrong one is the platform’s signature error)', async () => {
    const before = await t.server.platforms.connector('pinduoduo');
    const wrong = await registerApp('pinduoduo', 'not-the-sandbox-secret');
    const seller = await newSeller();
    const { url } = await startAuthorising(seller.token, 'pinduoduo');
    const res = await callback(seller.token, 'pinduoduo', await onPlatform(url, '900001'));
    expect(res.status).toBe(400);
    expect((await envelope(res)).msg).toContain('签名验证失败');
    expect(await t.server.platforms.connector('pinduoduo')).not.toBe(before);
    // Its secret corrected: works again.
    const { has_secret: _, ...editable } = wrong;
    await t
      .client(() => admin)
      .call('/api/company/platform-auth-save', { ...editable, app_secret: PDD_SANDBOX_APP.clientSecret });
    expect((await authorise(seller.token, 'pinduoduo', '900001')).name).toBe('沙箱拼多多旗舰店');
  });

  it('a 抖店 app without its 服务ID: authorisation refused, the operator told to set it; digits only', async () => {
    const api = t.client(() => admin);
    const apps = await api.call(
      '/api/company/platform-auth-list',
      {},
      { query: { platform_id: await platformId('douyin') } },
    );
    const app = apps.findLast((a) => a.app_key === DOUDIAN_SANDBOX_APP.clientId);
    if (!app) throw new Error('no 抖店 app');
    expect(app.service_id).toBe(DOUDIAN_SANDBOX_APP.serviceId);
    const { has_secret: _, ...editable } = app;
    const bad = await t.post(
      '/api/company/platform-auth-save',
      { ...editable, service_id: '70a1' },
      { token: admin },
    );
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await envelope(bad))).toContain('服务ID 只能填写数字');
    const cleared = await api.call('/api/company/platform-auth-save', { ...editable, service_id: '' });
    try {
      const seller = await newSeller();
      const before = await db().query('SELECT count(*)::int AS n FROM oauth_states');
      const res = await t.post('/api/shop/authorise', { platform: 'douyin' }, { token: seller.token });
      expect(res.status).toBe(409);
      expect((await envelope(res)).msg).toBe(DOUDIAN_NO_SERVICE_ID);
      expect(await db().query('SELECT count(*)::int AS n FROM oauth_states')).toEqual(before);
    } finally {
      const { has_secret: __, ...again } = cleared;
      await api.call('/api/company/platform-auth-save', {
        ...again,
        service_id: DOUDIAN_SANDBOX_APP.serviceId,
      });
    }
    const seller = await newSeller();
    expect((await authorise(seller.token, 'douyin', '77001')).platform_shop_id).toBe('77001');
  });

  it('a disabled platform is hidden from 添加店铺 and has no connector', async () => {
    const api = t.client(() => admin);
    const platform = (await api.call('/api/company/platform-list')).find((p) => p.code === 'douyin');
    if (!platform) throw new Error('no douyin');
    const disabled = await api.call('/api/company/platform-save', { ...platform, enabled: false });
    try {
      const seller = await newSeller();
      expect(await seller.api.call('/api/shop/platforms')).toEqual([{ code: 'pinduoduo', name: '拼多多' }]);
      expect(await t.server.platforms.connector('douyin')).toBeNull();
      expect(await t.server.platforms.enabled()).toEqual(['pinduoduo']);
      const res = await t.post('/api/shop/authorise', { platform: 'douyin' }, { token: seller.token });
      expect(res.status).toBe(409);
      expect((await envelope(res)).msg).toBe('抖店未启用或未配置开放平台应用，请联系管理员');
    } finally {
      await api.call('/api/company/platform-save', { ...disabled, enabled: true });
    }
    expect(await t.server.platforms.enabled()).toEqual(['pinduoduo', 'douyin']);
  });
});

describe('停用 / 启用 and the status column', () => {
  it('停用 sets disabled_at (the shop shows 已停用); 启用 clears it; a stale version is refused', async () => {
    const seller = await newSeller();
    const shop = await authorise(seller.token, 'pinduoduo', '900001');
    const off = await seller.api.call('/api/shop/toggle', {
      id: shop.id,
      disabled: true,
      version: shop.version,
    });
    expect(off).toMatchObject({ state: 'disabled', disabled_at: nowS() });
    const stale = await t.post(
      '/api/shop/toggle',
      { id: shop.id, disabled: false, version: shop.version },
      { token: seller.token },
    );
    expect(stale.status).toBe(409);
    const on = await seller.api.call('/api/shop/toggle', {
      id: shop.id,
      disabled: false,
      version: off.version,
    });
    expect(on).toMatchObject({ state: 'normal', disabled_at: null });
    // Another account cannot touch it.
    const other = await newSeller();
    const foreign = await t.post(
      '/api/shop/toggle',
      { id: shop.id, disabled: true, version: on.version },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
  });

  it('正常 / 授权即将过期 (7 days) / 授权已过期 / 未授权 / 已停用', () => {
    const now = 1_800_000_000;
    const day = 86_400;
    type Row = Parameters<typeof shopState>[0];
    const row: Row = {
      disabled_at: null,
      auth_status: 'authorized',
      auth_expires_at: now + day,
      refresh_expires_at: null,
      platform_shop_id: '900001',
    };
    const state = (over: Partial<Row>) => shopState({ ...row, ...over }, now);
    expect(state({ refresh_expires_at: now + 7 * day + 1 })).toEqual({
      state: 'normal',
      authorised_until: now + 7 * day + 1,
    });
    expect(state({ refresh_expires_at: now + 7 * day }).state).toBe('expiring');
    expect(state({ refresh_expires_at: now }).state).toBe('expired');
    // The access token's expiry counts only for a shop typed in by hand (an authorised one is refreshed).
    expect(state({ auth_expires_at: now - day }).state).toBe('normal');
    expect(state({ platform_shop_id: null, auth_expires_at: now + 3 * day }).state).toBe('expiring');
    expect(state({ platform_shop_id: null, auth_expires_at: now }).state).toBe('expired');
    expect(state({ platform_shop_id: null, auth_expires_at: null }).state).toBe('normal');
    expect(state({ auth_status: 'expired', refresh_expires_at: now + 20 * day }).state).toBe('expired');
    expect(state({ auth_status: 'unauthorized', auth_expires_at: null }).state).toBe('unauthorized');
    expect(state({ disabled_at: now - 5, auth_status: 'expired' }).state).toBe('disabled');
  });

  it('the list shows 授权即将过期 with the date once the refresh token is within 7 days', async () => {
    const seller = await newSeller();
    const shop = await authorise(seller.token, 'pinduoduo', '900001');
    // Sessions end meanwhile: sign in again to look.
    const look = async () => {
      const token = await t.login(seller.mobile);
      return (await t.client(() => token).call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).list[0];
    };
    t.clock.advance(22 * 86_400_000);
    expect(await look()).toMatchObject({ id: shop.id, state: 'normal' });
    t.clock.advance(86_400_000);
    expect(await look()).toMatchObject({
      id: shop.id,
      state: 'expiring',
      authorised_until: shop.authorised_until,
    });
    t.clock.advance(7 * 86_400_000);
    expect((await look())?.state).toBe('expired');
  });

  it('抖店: 授权即将过期 once the refresh token is within 7 days of its 14, 授权已过期 when it lapsed', async () => {
    const seller = await newSeller();
    const shop = await authorise(seller.token, 'douyin', '77001');
    const look = async () => {
      const token = await t.login(seller.mobile);
      return (await t.client(() => token).call('/api/shop/index', { pageIndex: 1, pageSize: 5 })).list[0];
    };
    const titles = async () =>
      (
        await db().query<{ title: string }>('SELECT title FROM notifications WHERE key LIKE $1 ORDER BY id', [
          `shop:${shop.id}:%`,
        ])
      ).map((n) => n.title);
    // Right after authorising: the access token's 7 days are no warning (the sync renews it).
    expect(await sweepAuthExpiry(db(), nowS())).toBeGreaterThanOrEqual(0);
    expect(await titles()).toEqual([]);
    expect((await look())?.state).toBe('normal');
    // Not renewed (停用, say) for 7 days and a second: its refresh token has 7 days left.
    t.clock.advance(7 * 86_400_000 + 1000);
    expect(await look()).toMatchObject({
      state: 'expiring',
      authorised_until: shop.authorised_until,
    });
    await sweepAuthExpiry(db(), nowS());
    expect(await titles()).toEqual(['店铺授权即将过期']);
    t.clock.advance(7 * 86_400_000);
    expect((await look())?.state).toBe('expired');
    await sweepAuthExpiry(db(), nowS());
    expect(await titles()).toEqual(['店铺授权即将过期', '店铺授权已过期']);
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) origin, https in production; the redirect_uri is built from it', async () => {
    expect(readConfig({ PUBLIC_URL: 'https://erp.example.com/' }).config.publicUrl).toBe(
      'https://erp.example.com',
    );
    expect(readConfig({}).config.publicUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: 'https://erp.example.com/admin' }).problems).toEqual([
      'PUBLIC_URL=https://erp.example.com/admin is not an http(s) origin such as https://erp.example.com (no path).',
    ]);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://erp.example.com' }).problems).toContain(
      'PUBLIC_URL=http://erp.example.com: production needs https (the platforms return sellers to it).',
    );
    const other = await startTestServer({
      copyWorker: false,
      exportWorker: false,
      platformSandbox: { demoEveryMs: false },
      publicUrl: 'https://erp.example.com',
    });
    try {
      const token = await other.login('13712399999');
      const api = other.client(() => token);
      const { url } = await api.call('/api/shop/authorise', { platform: 'pinduoduo' });
      expect(new URL(url).searchParams.get('redirect_uri')).toBe(
        'https://erp.example.com/shop/authorised/pinduoduo',
      );
      // 抖店 returns to the callback registered for the service: the mounted sandbox's is PUBLIC_URL's.
      const doudianPage = (await api.call('/api/shop/authorise', { platform: 'douyin' })).url;
      const back = await decideOnAuthorisationPage(doudianPage, { shopId: '77001' });
      expect(`${back.origin}${back.pathname}`).toBe('https://erp.example.com/shop/authorised/douyin');
    } finally {
      await other.stop();
    }
  }, 120_000);
});

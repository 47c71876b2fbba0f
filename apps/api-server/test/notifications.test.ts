import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/db/notifications';
import { authExpiryKind, shopLink, sweepAuthExpiry } from '../src/jobs/auth-expiry';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * 消息通知: notify() raises one notification per open key, the authorisation sweep tells an account
 * once about a shop expiring within 7 days and once when it has expired, and the routes show each
 * user their account's notifications with their own read state. Runs on PGlite, and on Postgres with
 * `TEST_DATABASE_URL` (postgresSuites), where the concurrent notifies meet the unique index for real.
 */

const DAY = 86_400;
const DEMO = 1;

let t: TestServer;
const db = () => t.server.db;
const nowS = () => Math.floor(t.clock.now() / 1000);
const rows = (key: string) =>
  db().query<{ id: number; title: string; body: string; open: boolean }>(
    'SELECT id, title, body, open FROM notifications WHERE key = $1 ORDER BY id',
    [key],
  );

beforeAll(async () => {
  // The sweep is run by hand here, so that each test sees exactly what it did.
  t = await startTestServer({ copyWorker: false, exportWorker: false, authExpirySweep: false });
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('notify', () => {
  const input = {
    accountId: DEMO,
    kind: 'order_sync' as const,
    key: 'test:idempotent',
    title: '订单同步失败',
    body: '第一次',
    link: '/shop/setting?shop_id=1',
  };

  it('is one notification per key while it is unread, refreshed by later calls', async () => {
    const first = await notify(db(), input, nowS());
    const second = await notify(db(), { ...input, body: '第二次' }, nowS());
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await rows(input.key)).toEqual([
      { id: first.id, title: '订单同步失败', body: '第二次', open: true },
    ]);
  });

  it('raises a new one for the key once the first has been read', async () => {
    const owner = t.client(await tokenFor(ADMIN));
    const [open] = await rows(input.key);
    await owner.call('/api/notification/read', { id: open?.id ?? 0 });
    const again = await notify(db(), { ...input, body: '第三次' }, nowS());
    expect(again.created).toBe(true);
    expect((await rows(input.key)).map((row) => [row.body, row.open])).toEqual([
      ['第二次', false],
      ['第三次', true],
    ]);
  });

  it('keeps one notification when ten calls for a key arrive at once', async () => {
    const key = 'test:concurrent';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => notify(db(), { ...input, key, body: `并发 ${i}` }, nowS())),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await rows(key)).toHaveLength(1);
  });

  it('refuses a link that is not a path of the app, and stores nothing', async () => {
    for (const link of [
      'javascript:alert(1)',
      '//evil.example/shop',
      '/\\evil.example',
      'https://evil.example/',
      '/shop/setting?x=<script>',
      ' /shop',
    ]) {
      await expect(notify(db(), { ...input, key: `test:link:${link}`, link }, nowS())).rejects.toThrow(
        /internal path/,
      );
      expect(await rows(`test:link:${link}`)).toEqual([]);
    }
  });

  it('clips a long title and body without cutting an emoji in half', async () => {
    const key = 'test:long';
    await notify(db(), { ...input, key, title: '😀'.repeat(100), body: '长'.repeat(1000) }, nowS());
    const [row] = await rows(key);
    expect(Array.from(row?.title ?? '')).toHaveLength(64);
    expect(row?.title.endsWith('…')).toBe(true);
    expect(row?.title.isWellFormed()).toBe(true);
    expect(Array.from(row?.body ?? '')).toHaveLength(300);
  });
});

const tokens = new Map<string, string>();
async function tokenFor(mobile: string): Promise<() => string> {
  let token = tokens.get(mobile);
  if (!token) {
    token = await t.login(mobile);
    tokens.set(mobile, token);
  }
  const fixed = token;
  return () => fixed;
}

describe('the authorisation sweep', () => {
  let expiring: number;
  let expired: number;
  let later: number;

  beforeAll(async () => {
    const shops = await db().query<{ id: number }>(
      "SELECT id FROM shops WHERE account_id = $1 AND auth_status = 'authorized' ORDER BY id LIMIT 3",
      [DEMO],
    );
    [expiring, expired, later] = shops.map((s) => s.id) as [number, number, number];
    await db().query('UPDATE shops SET auth_expires_at = $2 WHERE id = $1', [expiring, nowS() + 3 * DAY]);
    await db().query("UPDATE shops SET auth_status = 'expired', auth_expires_at = $2 WHERE id = $1", [
      expired,
      nowS() - DAY,
    ]);
    await db().query('UPDATE shops SET auth_expires_at = $2 WHERE id = $1', [later, nowS() + 8 * DAY]);
  });

  const linkOf = async (id: number) => {
    const [shop] = await db().query<{ name: string }>('SELECT name FROM shops WHERE id = $1', [id]);
    return shopLink(shop?.name ?? '');
  };

  it('links to 店铺设置 filtered to the shop, whatever its name holds', () => {
    expect(shopLink('良品生活馆')).toBe(`/shop/setting?keyword=${encodeURIComponent('良品生活馆')}`);
    expect(shopLink("A&B 店 (1)'!*")).toBe('/shop/setting?keyword=A%26B%20%E5%BA%97%20%281%29%27%21%2A');
  });

  const forShop = (id: number) =>
    db().query<{ title: string; body: string; link: string; kind: string }>(
      `SELECT title, body, link, kind FROM notifications WHERE account_id = $1 AND key LIKE $2 ORDER BY id`,
      [DEMO, `shop:${id}:%`],
    );

  it('notifies an expiring and an expired shop once, and not a shop expiring in 8 days', async () => {
    await sweepAuthExpiry(db(), nowS());
    const [soon] = await forShop(expiring);
    expect(await forShop(expiring)).toHaveLength(1);
    expect(soon).toMatchObject({
      kind: 'shop_auth',
      title: '店铺授权即将过期',
      link: await linkOf(expiring),
    });
    expect(soon?.body).toMatch(/的授权将于 \d{4}-\d{2}-\d{2} 过期/);
    expect(await forShop(expired)).toEqual([
      expect.objectContaining({ title: '店铺授权已过期', link: await linkOf(expired) }),
    ]);
    expect(await forShop(later)).toEqual([]);

    // Swept again (the next hour), and after the owner read them: still one each.
    await sweepAuthExpiry(db(), nowS() + 3600);
    const owner = t.client(await tokenFor(ADMIN));
    await owner.call('/api/notification/read-all');
    expect(await sweepAuthExpiry(db(), nowS() + 7200)).toBe(0);
    expect(await forShop(expiring)).toHaveLength(1);
    expect(await forShop(expired)).toHaveLength(1);
  });

  it('tells again when the expiring shop then expires, and when a re-authorised shop nears its new expiry', async () => {
    await sweepAuthExpiry(db(), nowS() + 4 * DAY);
    expect((await forShop(expiring)).map((n) => n.title)).toEqual(['店铺授权即将过期', '店铺授权已过期']);
    // Re-authorised for 5 more days: a new expiry, a new warning.
    await db().query("UPDATE shops SET auth_status = 'authorized', auth_expires_at = $2 WHERE id = $1", [
      expired,
      nowS() + 5 * DAY,
    ]);
    await sweepAuthExpiry(db(), nowS());
    expect((await forShop(expired)).map((n) => n.title)).toEqual(['店铺授权已过期', '店铺授权即将过期']);
  });

  it('runs once per period across instances: the lease lets one claim through', async () => {
    const kinds = [authExpiryKind(db(), t.clock.now), authExpiryKind(db(), t.clock.now)];
    await db().query("DELETE FROM rate_limits WHERE key = 'sweep:auth-expiry'");
    const claims = await Promise.all([...kinds, ...kinds].map((kind) => kind.claim()));
    expect(claims.filter(Boolean)).toHaveLength(1);
    t.clock.advance(3_600_000);
    expect(await kinds[0]?.claim()).toBeTypeOf('function');
  });
});

describe('the bell routes', () => {
  it('shows each user the account’s notifications, unread first, with their own read state', async () => {
    const owner = t.client(await tokenFor(ADMIN));
    const member = t.client(await tokenFor(USER));
    await owner.call('/api/notification/read-all');
    await member.call('/api/notification/read-all');
    const a = await notify(db(), { ...base, key: 'bell:a', title: '甲' }, nowS() - 60);
    const b = await notify(db(), { ...base, key: 'bell:b', title: '乙' }, nowS());
    expect(await owner.call('/api/notification/unread-count')).toEqual({ unread: 2 });

    await owner.call('/api/notification/read', { id: b.id });
    expect(await owner.call('/api/notification/unread-count')).toEqual({ unread: 1 });
    // The member has read nothing of these.
    expect(await member.call('/api/notification/unread-count')).toEqual({ unread: 2 });
    // Unread first (the older 甲), then the read ones newest first.
    const page = await owner.call('/api/notification/index', { pageIndex: 1, pageSize: 100 });
    expect(page.list.map((n) => [n.title, n.read]).slice(0, 1)).toEqual([['甲', false]]);
    expect(page.list.slice(1).every((n) => n.read)).toBe(true);
    expect(page.list.find((n) => n.id === b.id)).toMatchObject({ title: '乙', read: true });
    expect(page.total).toBe(page.list.length);
    expect((await member.call('/api/notification/read-all')).marked).toBe(2);
    expect(await member.call('/api/notification/unread-count')).toEqual({ unread: 0 });
    expect(await owner.call('/api/notification/unread-count')).toEqual({ unread: 1 });
    expect(a.created).toBe(true);
  });

  it('shows a member only the kinds whose page they may open: without 管理店铺 no shop notification, without finance:view no 余额预警, is listed, counted or marked', async () => {
    const owner = t.client(await tokenFor(ADMIN));
    const role = await owner.call('/api/team/role-save', { name: '只看订单', permissions: ['order:view'] });
    await owner.call('/api/team/member-save', {
      mobile: '13712340611',
      nickname: '看单员',
      role_id: role.id,
    });
    const clerkToken = await tokenFor('13712340611');
    const clerk = t.client(clerkToken);
    await owner.call('/api/notification/read-all');
    await clerk.call('/api/notification/read-all');
    const shop = await notify(
      db(),
      { ...base, kind: 'shop_auth', key: 'bell:shop', title: '店铺授权已过期', link: '/shop/setting' },
      nowS(),
    );
    const sync = await notify(
      db(),
      { ...base, kind: 'order_sync', key: 'bell:sync', title: '店铺订单同步失败', link: '/shop/setting' },
      nowS(),
    );
    const writeback = await notify(db(), { ...base, key: 'bell:writeback', title: '物流回传失败' }, nowS());
    // 余额预警 is money (finance:view, docs/design.md#money-is-a-permission).
    const balance = await notify(
      db(),
      { ...base, kind: 'balance', key: 'bell:balance', title: '余额预警', link: '/finance/balance' },
      nowS(),
    );

    // The owner holds every permission: all four.
    expect(await owner.call('/api/notification/unread-count')).toEqual({ unread: 4 });
    // The clerk may open 代发订单 only (店铺设置's guard needs 管理店铺): the writeback's, never the shop's.
    expect(await clerk.call('/api/notification/unread-count')).toEqual({ unread: 1 });
    const page = await clerk.call('/api/notification/index', { pageIndex: 1, pageSize: 100 });
    expect(page.list.map((n) => n.id)).not.toContain(shop.id);
    expect(page.list.map((n) => n.id)).not.toContain(sync.id);
    expect(page.list.map((n) => n.id)).not.toContain(balance.id);
    expect(page.list[0]).toMatchObject({ id: writeback.id, read: false });
    expect(page.list.every((n) => n.kind === 'writeback')).toBe(true);
    expect(page.total).toBe(page.list.length);
    const res = await t.post('/api/notification/read', { id: shop.id }, { token: clerkToken() });
    expect(res.status).toBe(404);
    // 全部已读 marks only what the clerk sees: the shop's stay open for whoever manages shops.
    expect((await clerk.call('/api/notification/read-all')).marked).toBe(1);
    const reads = await db().query<{ notification_id: number }>(
      'SELECT notification_id FROM notification_reads WHERE notification_id = ANY($1::int[])',
      [[shop.id, sync.id, balance.id]],
    );
    expect(reads).toEqual([]);
    expect(await owner.call('/api/notification/unread-count')).toEqual({ unread: 4 });
  });

  it('keeps another account out: its notification is 404 and its count is its own', async () => {
    const other = await t.login('13712340501');
    const mine = await notify(db(), { ...base, key: 'bell:private', title: '私密' }, nowS());
    const res = await t.post('/api/notification/read', { id: mine.id }, { token: other });
    expect(res.status).toBe(404);
    expect((await envelope(res)).msg).toBe('记录不存在');
    const list = await envelope(
      await t.post('/api/notification/index', { pageIndex: 1, pageSize: 100 }, { token: other }),
    );
    expect(list.data).toEqual({ list: [], total: 0 });
    const reads = await db().query('SELECT 1 FROM notification_reads WHERE notification_id = $1', [mine.id]);
    expect(reads).toEqual([]);
  });

  it('refuses a missing id and a malformed body', async () => {
    const token = (await tokenFor(ADMIN))();
    expect((await t.post('/api/notification/read', { id: 999_999 }, { token })).status).toBe(404);
    expect((await t.post('/api/notification/read', { id: 'x' }, { token })).status).toBe(422);
    expect((await t.post('/api/notification/index', { pageIndex: 1, pageSize: 101 }, { token })).status).toBe(
      422,
    );
    expect((await t.post('/api/notification/unread-count', {})).status).toBe(401);
  });
});

const base = {
  accountId: DEMO,
  kind: 'writeback' as const,
  body: '回传失败：运单号不存在',
  link: '/order/index?keyword=DD1',
};

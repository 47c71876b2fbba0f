import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COUNTS } from '../src/db/seed';
import { ADMIN, runCreateOperator, startTestServer, type TestServer, USER } from './helpers';

/**
 * The same server on a real Postgres (`DATABASE_URL`). Runs only when TEST_DATABASE_URL points at a
 * server where it may create and drop a database, e.g.
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres`.
 */
const base = process.env.TEST_DATABASE_URL;
const name = `consign_test_${process.pid}_${Date.now()}`;
let url = '';

async function admin<T>(fn: (client: pg.Client) => Promise<T>, connectionString = base): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!base)('on a real Postgres (DATABASE_URL)', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const u = new URL(base ?? '');
    u.pathname = `/${name}`;
    url = u.toString();
    // Two instances on one database start at once: migrations and seeding must not collide.
    [a, b] = await Promise.all([
      startTestServer({ dataDir: 'memory://unused', databaseUrl: url }),
      startTestServer({ dataDir: 'memory://unused', databaseUrl: url }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (base) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('migrates and seeds once, and serves the same data from both instances', async () => {
    expect([a.server.seeded, b.server.seeded].filter(Boolean)).toHaveLength(1);
    const token = await a.login(USER);
    b.clock.offset = a.clock.offset;
    const fromB = b.client(() => token);
    expect((await fromB.call('/api/user/info')).mobile).toBe(USER);
    expect((await fromB.call('/api/order/index', { pageIndex: 1, pageSize: 20 })).total).toBe(
      SEED_COUNTS.orders,
    );
    const group = await a.client(() => token).call('/api/shop/group-save', { name: 'PG 分组' });
    expect(
      (await fromB.call('/api/shop/group-index', { pageIndex: 1, pageSize: 100, keyword: 'PG' })).list,
    ).toEqual([{ id: group.id, name: 'PG 分组', shop_count: 0, version: 1 }]);
  }, 60_000);

  it('create-operator runs beside the servers: created, then already an operator; they sign in as one', async () => {
    const mobile = '13712348888';
    const first = await runCreateOperator(mobile, { DATABASE_URL: url });
    expect(first).toMatchObject({
      code: 0,
      output: expect.stringContaining(`${mobile}: created: a new user`),
    });
    const again = await runCreateOperator(mobile, { DATABASE_URL: url });
    expect(again.output).toContain(`${mobile}: already an operator: nothing changed`);
    const token = await b.login(mobile);
    expect(await b.client(() => token).call('/api/user/info')).toMatchObject({ mobile, is_manage: true });
  }, 60_000);

  it('ten concurrent company updates with one version on two instances: one 200, nine 409', async () => {
    const token = await a.login(ADMIN);
    b.clock.offset = a.clock.offset;
    const profile = await a.client(() => token).call('/api/company/index');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b : a).post('/api/company/update', { ...profile, short_name: `PG并发${i}` }, { token }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await b.client(() => token).call('/api/company/index')).version).toBe(profile.version + 1);
    await a.client(() => token).call('/api/company/update', { ...profile, version: profile.version + 1 });
  }, 60_000);

  it('ten concurrent adds of one new member mobile on two instances: one added, nine refused by name, no 500', async () => {
    const token = await a.login(ADMIN);
    b.clock.offset = a.clock.offset;
    const role = await a
      .client(() => token)
      .call('/api/team/role-save', { name: 'PG 并发角色', permissions: ['order:view'] });
    const body = { mobile: '13712349999', nickname: '并发成员', role_id: role.id };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).post('/api/team/member-save', body, { token })),
    );
    const outcomes = await Promise.all(
      answers.map(async (res) => [res.status, ((await res.json()) as { msg?: string }).msg ?? 'ok']),
    );
    expect(outcomes.sort()).toEqual(
      [[200, 'ok'], ...Array(9).fill([200, '该手机号已是本账号的成员'])].sort(),
    );
    const added = await a.server.db.query("SELECT id FROM users WHERE mobile = '13712349999'");
    expect(added).toHaveLength(1);
  }, 60_000);

  it('order steps racing on two instances: ten staff ship or cancel one purchased order at once, one wins', async () => {
    const token = await a.login(ADMIN);
    b.clock.offset = a.clock.offset;
    const db = a.server.db;
    const [sender] = await db.query<{ id: number }>(
      "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
    );
    for (let round = 0; round < 3; round++) {
      const [order] = await db.query<{ id: number }>(
        "SELECT id FROM orders WHERE account_id = 1 AND status = 'purchased' ORDER BY id DESC OFFSET $1 LIMIT 1",
        [round],
      );
      const id = order?.id;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? b : a).post(
            i % 3 ? '/api/order/ship' : '/api/order/cancel',
            i % 3
              ? {
                  id,
                  carrier: 'SF',
                  tracking_no: `SF${String(i).padStart(13, '0')}`,
                  sender_address_id: sender?.id,
                }
              : { id, reason: `并发取消${i}` },
            { token },
          ),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      const [events] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND action IN ('ship', 'cancel')",
        [id],
      );
      expect(events?.n).toBe(1);
    }
  }, 60_000);

  it('answers every list filter with totals that match the rows', async () => {
    const token = await a.login(USER);
    const api = a.client(() => token);
    const sample = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).list[0];
    if (!sample) throw new Error('no orders');
    const day = new Date((sample.created_at + 8 * 3600) * 1000).toISOString().slice(0, 10);
    const lists: [string, (pageIndex: number) => Promise<{ list: unknown[]; total: number }>][] = [
      ['orders', (p) => api.call('/api/order/index', { pageIndex: p, pageSize: 100 })],
      [
        'orders by status',
        (p) => api.call('/api/order/index', { pageIndex: p, pageSize: 100, status: sample.status }),
      ],
      [
        'orders by platform',
        (p) => api.call('/api/order/index', { pageIndex: p, pageSize: 100, platform: sample.platform }),
      ],
      [
        'orders by keyword',
        (p) => api.call('/api/order/index', { pageIndex: p, pageSize: 100, keyword: sample.buyer_name }),
      ],
      [
        'orders by day',
        (p) => api.call('/api/order/index', { pageIndex: p, pageSize: 100, start_date: day, end_date: day }),
      ],
      [
        'after-sale by shop',
        (p) => api.call('/api/order/after-sale', { pageIndex: p, pageSize: 100, shop_id: sample.shop_id }),
      ],
      [
        'after-sale by keyword',
        (p) => api.call('/api/order/after-sale', { pageIndex: p, pageSize: 100, keyword: '质量' }),
      ],
      [
        'goods by status',
        (p) => api.call('/api/goods/index', { pageIndex: p, pageSize: 100, status: 'on_sale' }),
      ],
      ['shops ungrouped', (p) => api.call('/api/shop/index', { pageIndex: p, pageSize: 100, group_id: 0 })],
      [
        'copies failed',
        (p) => api.call('/api/copy/index', { pageIndex: p, pageSize: 100, status: 'failed' }),
      ],
    ];
    for (const [label, read] of lists) {
      const first = await read(1);
      let rows = first.list.length;
      for (let p = 2; p <= Math.ceil(first.total / 100); p++) rows += (await read(p)).list.length;
      expect({ label, rows }).toEqual({ label, rows: first.total });
      expect(first.total, label).toBeGreaterThan(0);
    }
  }, 60_000);

  it('counts totals on every read: another instance’s write shows at once', async () => {
    const token = await a.login(USER);
    b.clock.offset = a.clock.offset;
    const groups = () => b.client(() => token).call('/api/shop/group-index', { pageIndex: 1, pageSize: 100 });
    const before = (await groups()).total;
    await a.client(() => token).call('/api/shop/group-save', { name: 'PG 计数' });
    expect((await groups()).total).toBe(before + 1);
  }, 60_000);

  it('runs the SMS rules, roles and copy jobs the same way', async () => {
    const token = await a.login(ADMIN);
    const api = a.client(() => token);
    expect((await api.call('/api/company/index')).short_name).toBe('Consign');
    // A 1688 offer the account cannot read (no 1688 app or account here): either instance's worker takes
    // the job to its end, failed with its reason, and writes no goods (goods-copy.test.ts copies for real).
    const link = 'https://detail.1688.com/offer/610000000099.html';
    const queued = await api.call('/api/copy/create', { shop_id: 1, urls: [link] });
    expect(queued).toEqual({ created: 1, refused: [] });
    let job = (await api.call('/api/copy/index', { pageIndex: 1, pageSize: 1 })).list[0];
    for (let i = 0; i < 400 && (job?.status === 'queued' || job?.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await api.call('/api/copy/index', { pageIndex: 1, pageSize: 1 })).list[0];
    }
    expect(job).toMatchObject({ source_url: link, status: 'failed' });
    expect(job?.error).toBeTruthy();
    const copies = await admin(
      (c) => c.query('SELECT count(*)::int AS n FROM goods WHERE source_url = $1', [link]),
      url,
    );
    expect(copies.rows[0]).toEqual({ n: 0 });
  }, 60_000);
});

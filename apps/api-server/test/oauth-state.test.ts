import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import {
  consumeOAuthState,
  issueOAuthState,
  OAUTH_STATE_TTL_SECONDS,
  sweepOAuthStates,
} from '../src/db/oauth-state';
import { type Scope, scopeOf } from '../src/db/scope';
import { seed } from '../src/db/seed';
import { createPostgresDatabase } from './helpers';

/**
 * Migration 0014 and the OAuth state: single use, 10 minutes, bound to user, account and platform,
 * stored only hashed; one platform shop per seller account. On PGlite and, with TEST_DATABASE_URL, on
 * a real Postgres, where simultaneous uses are truly concurrent.
 */
const stores: [string, () => Promise<{ db: Db; drop(): Promise<void> }>][] = [
  ['PGlite', async () => ({ db: await openDb({ dataDir: 'memory://' }), drop: async () => {} })],
];
const base = process.env.TEST_DATABASE_URL;
if (base) {
  stores.push([
    'Postgres',
    async () => {
      const database = await createPostgresDatabase(base);
      return { db: await openDb({ databaseUrl: database.url }), drop: database.drop };
    },
  ]);
}

describe.each(stores)('on %s', (_name, open) => {
  let db: Db;
  let drop: () => Promise<void>;
  const nowS = Math.floor(Date.UTC(2026, 10, 25) / 1000);
  let demo: Scope;
  let other: Scope;
  let demoUser = 0;
  let otherUser = 0;
  let demoShop = 0;

  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db);
    await seed(db, nowS * 1000);
    const [owner] = await db.query<{ id: number; account_id: number }>(
      "SELECT id, account_id FROM users WHERE mobile = '13800000000'",
    );
    demoUser = owner?.id ?? 0;
    demo = scopeOf(db, owner?.account_id ?? 0);
    const [account] = await db.query<{ id: number }>(
      "INSERT INTO seller_accounts (name, created_at) VALUES ('另一个卖家', $1) RETURNING id",
      [nowS],
    );
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (mobile, created_at, account_id, account_role) VALUES ('13712345678', $1, $2, 'owner')
       RETURNING id`,
      [nowS, account?.id],
    );
    otherUser = user?.id ?? 0;
    other = scopeOf(db, account?.id ?? 0);
    const [shop] = await db.query<{ id: number }>(
      'SELECT id FROM shops WHERE account_id = $1 ORDER BY id LIMIT 1',
      [demo.accountId],
    );
    demoShop = shop?.id ?? 0;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('a state is taken back once, and only its hash is stored', async () => {
    const state = await issueOAuthState(demo, { userId: demoUser, platform: 'pinduoduo' }, nowS);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db.query<{ state_hash: string; expires_at: string | number }>(
      'SELECT state_hash, expires_at FROM oauth_states',
    );
    expect(stored.map((row) => row.state_hash)).toContain(createHash('sha256').update(state).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(state);

    const take = () => consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state }, nowS + 1);
    expect(await take()).toEqual({ shopId: null });
    expect(await take()).toBeNull();
  });

  it('another user, account or platform, or a garbage state, finds nothing and changes nothing', async () => {
    const state = await issueOAuthState(
      demo,
      { userId: demoUser, platform: 'douyin', shopId: demoShop },
      nowS,
    );
    const count = async () => (await db.query('SELECT 1 FROM oauth_states')).length;
    const before = await count();
    expect(await consumeOAuthState(other, { userId: otherUser, platform: 'douyin', state }, nowS)).toBeNull();
    expect(await consumeOAuthState(demo, { userId: otherUser, platform: 'douyin', state }, nowS)).toBeNull();
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state }, nowS),
    ).toBeNull();
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'douyin', state: `${state}x` }, nowS),
    ).toBeNull();
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'douyin', state: "' OR 1=1 --" }, nowS),
    ).toBeNull();
    expect(await count()).toBe(before);
    // The rightful user still can, and learns which shop was being re-authorised.
    expect(await consumeOAuthState(demo, { userId: demoUser, platform: 'douyin', state }, nowS)).toEqual({
      shopId: demoShop,
    });
  });

  it('is valid 10 minutes; the sweep deletes only expired states', async () => {
    const lasting = await issueOAuthState(demo, { userId: demoUser, platform: 'pinduoduo' }, nowS);
    const late = await issueOAuthState(demo, { userId: demoUser, platform: 'pinduoduo' }, nowS);
    const at = nowS + OAUTH_STATE_TTL_SECONDS;
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state: lasting }, at),
    ).toEqual({
      shopId: null,
    });
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state: late }, at + 1),
    ).toBeNull();
    const fresh = await issueOAuthState(demo, { userId: demoUser, platform: 'pinduoduo' }, at + 1);
    expect(await sweepOAuthStates(db, at + 1)).toBeGreaterThanOrEqual(1);
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state: late }, nowS),
    ).toBeNull();
    expect(
      await consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state: fresh }, at + 2),
    ).toEqual({
      shopId: null,
    });
  });

  it('of many simultaneous uses of one state exactly one succeeds', async () => {
    const state = await issueOAuthState(demo, { userId: demoUser, platform: 'pinduoduo' }, nowS);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        consumeOAuthState(demo, { userId: demoUser, platform: 'pinduoduo', state }, nowS),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('one platform shop belongs to one seller account; shops typed in by hand are unaffected', async () => {
    const insert = (accountId: number, platform: string, platformShopId: string | null) =>
      db.query(
        `INSERT INTO shops (name, platform, auth_status, created_at, account_id, platform_shop_id)
         VALUES ('店', $1, 'active', $2, $3, $4)`,
        [platform, nowS, accountId, platformShopId],
      );
    await insert(demo.accountId, 'pinduoduo', '900001');
    await expect(insert(other.accountId, 'pinduoduo', '900001')).rejects.toThrow(
      /shops_platform_shop_idx|unique/i,
    );
    await expect(insert(demo.accountId, 'pinduoduo', '900001')).rejects.toThrow(
      /shops_platform_shop_idx|unique/i,
    );
    await insert(other.accountId, 'douyin', '900001');
    await insert(other.accountId, 'pinduoduo', null);
    await insert(other.accountId, 'pinduoduo', null);
    const rows = await db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM shops WHERE platform_shop_id = '900001'",
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });
});

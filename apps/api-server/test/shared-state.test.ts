import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { NONCE_TTL_SECONDS, NonceStore } from '../src/security/nonce-store';
import { RateLimiter } from '../src/security/rate-limit';
import { createPostgresDatabase } from './helpers';

/**
 * The state that instances share through the database (migration 0006): the same SQL on PGlite and,
 * when TEST_DATABASE_URL is set, on a real Postgres, where "at once" is truly concurrent (a pool of
 * connections). Clocks are plain variables: time moves only when a test moves it.
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
  let nowMs = Date.UTC(2026, 10, 22);
  const now = () => nowMs;
  const nowS = () => Math.floor(nowMs / 1000);

  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('refuses a nonce seen in the last 10 minutes, on any store over the same database, and accepts it after', async () => {
    const a = new NonceStore(db, now);
    const b = new NonceStore(db, now);
    expect(await a.check('aaaaaaaaaaaaaaaa')).toBe('fresh');
    expect(await b.check('aaaaaaaaaaaaaaaa')).toBe('replayed');
    nowMs += (NONCE_TTL_SECONDS - 1) * 1000;
    expect(await a.check('aaaaaaaaaaaaaaaa')).toBe('replayed');
    nowMs += 1000;
    // Expired but not swept yet: unseen, and recorded again for another 10 minutes.
    expect(await b.check('aaaaaaaaaaaaaaaa')).toBe('fresh');
    expect(await a.check('aaaaaaaaaaaaaaaa')).toBe('replayed');
  });

  it('lets exactly one of many simultaneous uses of a nonce through', async () => {
    const stores = Array.from({ length: 8 }, () => new NonceStore(db, now));
    const results = await Promise.all(stores.map((store) => store.check('bbbbbbbbbbbbbbbb')));
    expect(results.filter((r) => r === 'fresh')).toHaveLength(1);
  });

  it('sweeps expired nonces only', async () => {
    const store = new NonceStore(db, now);
    await store.prune();
    await store.check('cccccccccccccccc');
    nowMs += NONCE_TTL_SECONDS * 1000;
    await store.check('dddddddddddddddd');
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ nonce: string }>('SELECT nonce FROM request_nonces ORDER BY nonce');
    expect(left.map((r) => r.nonce)).toEqual(['dddddddddddddddd']);
    expect(await store.check('dddddddddddddddd')).toBe('replayed');
  });

  it('counts hits per key in a window, across limiters, and opens a new window after it', async () => {
    const a = new RateLimiter(3, 600);
    const b = new RateLimiter(3, 600);
    const hits: boolean[] = [];
    for (const limiter of [a, b, a, b]) hits.push(await limiter.hit(db, 'ip:1', nowS()));
    expect(hits).toEqual([true, true, true, false]);
    expect(await a.hit(db, 'ip:2', nowS())).toBe(true);
    nowMs += 599_000;
    expect(await b.hit(db, 'ip:1', nowS())).toBe(false);
    nowMs += 1000;
    expect(await b.hit(db, 'ip:1', nowS())).toBe(true);
  });

  it('counts every one of many simultaneous hits', async () => {
    const limiter = new RateLimiter(10, 600);
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(db, 'ip:burst', nowS())));
    expect(results.filter(Boolean)).toHaveLength(10);
    const [row] = await db.query<{ hits: number }>("SELECT hits FROM rate_limits WHERE key = 'ip:burst'");
    expect(row?.hits).toBe(25);
  });

  it('does not count a hit whose transaction rolled back', async () => {
    const limiter = new RateLimiter(1, 600);
    await expect(
      db.transaction(async (tx) => {
        expect(await limiter.hit(tx, 'ip:rollback', nowS())).toBe(true);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await limiter.hit(db, 'ip:rollback', nowS())).toBe(true);
  });

  it('sweeps ended windows only', async () => {
    const limiter = new RateLimiter(1, 60);
    await RateLimiter.prune(db, nowS() + 3600);
    await limiter.hit(db, 'ip:old', nowS());
    nowMs += 60_000;
    await limiter.hit(db, 'ip:new', nowS());
    expect(await RateLimiter.prune(db, nowS())).toBe(1);
    const left = await db.query<{ key: string }>('SELECT key FROM rate_limits ORDER BY key');
    expect(left.map((r) => r.key)).toEqual(['ip:new']);
  });
});

import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgliteDb } from '../src/db/db';
import { PgliteStatements, PgWireError } from '../src/db/pglite-wire';
import { isUniqueViolation } from '../src/routes/types';
import { seededDataDir } from './helpers';

/**
 * The prepared-statement path of db.ts against PGlite's own `query()` on the same seeded database:
 * same rows, same errors, same isolation from open transactions.
 */
describe('PGlite prepared statements over the wire protocol', () => {
  let dir: string;
  let pg: PGlite;
  let statements: PgliteStatements;
  let db: Db;

  beforeAll(async () => {
    dir = await seededDataDir();
    const toNumber = (value: string) => Number(value);
    pg = await PGlite.create(dir, { parsers: { 20: toNumber, 1700: toNumber } });
    statements = new PgliteStatements(pg, 4);
    db = pgliteDb(pg, statements);
  }, 120_000);

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const same = async (sql: string, params: unknown[] = []) => {
    const fast = await db.query(sql, params);
    const reference = (await pg.query(sql, params)).rows;
    expect(fast).toEqual(reference);
    return fast;
  };

  it('answers exactly what PGlite.query() answers, for every column type the server reads', async () => {
    const orders = await same(
      `SELECT o.id, o.order_no, o.goods, o.amount, o.created_at, s.name AS shop_name
       FROM orders o JOIN shops s ON s.id = o.shop_id ORDER BY o.created_at DESC, o.id DESC LIMIT $1 OFFSET $2`,
      [20, 40],
    );
    expect(orders).toHaveLength(20);
    expect(typeof (orders[0] as { amount: unknown }).amount).toBe('number');
    expect(Array.isArray((orders[0] as { goods: unknown }).goods)).toBe(true);
    await same('SELECT id, mobile, nickname, is_manage FROM users ORDER BY id');
    await same('SELECT id, begin_time, end_time FROM banners ORDER BY id'); // NULLs
    await same(
      `SELECT 1.5::numeric AS n, 2::int2 AS s, 2.25::float8 AS f, 'x'::varchar AS v, 'ab'::char(3) AS c,
         '"中文 é \\u0001"'::json AS j, NULL::text AS nothing, true AS yes, 'a' AS a, 'b' AS a`,
    );
    await same('SELECT id FROM orders WHERE id < 0'); // no rows
    await same('SELECT count(*)::int AS total FROM orders WHERE status = $1 AND shop_id > $2', [
      'shipped',
      3,
    ]);
  });

  it('sends strings, numbers, booleans, bigints, null and undefined as PGlite does', async () => {
    await same(
      `SELECT $1::text AS s, $2::int AS i, $3::bool AS b, $4::int8 AS big, $5::text AS n, $6::int AS u,
         $7::text AS quote, $8::jsonb AS j`,
      [
        '中文 \' " \\ %',
        42,
        false,
        9007199254740991n,
        null,
        undefined,
        "'); DROP TABLE orders; --",
        '{"a":[1,2]}',
      ],
    );
    expect(await db.query('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 480 }]);
  });

  it('prepares each SQL text once and uses it again', async () => {
    const sql = 'SELECT id FROM shops WHERE id = $1';
    await db.query(sql, [1]);
    const size = statements.size;
    for (let id = 2; id < 10; id++) {
      expect(await db.query(sql, [id])).toEqual([{ id }]);
    }
    expect(statements.size).toBe(size);
  });

  it('keeps at most maxStatements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) await same(`SELECT ${i} AS i, id FROM shops WHERE id = $1`, [i + 1]);
    expect(statements.size).toBeLessThanOrEqual(4);
    await same('SELECT 0 AS i, id FROM shops WHERE id = $1', [1]); // evicted long ago: prepared again
  });

  it('throws Postgres errors with their SQLSTATE and keeps the session usable', async () => {
    const duplicate = db.query('INSERT INTO shop_groups (name, created_at) VALUES ($1, 0)', ['华东仓配']);
    await expect(duplicate).rejects.toBeInstanceOf(PgWireError);
    await expect(duplicate.catch((error: unknown) => isUniqueViolation(error))).resolves.toBe(true);
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    await same('SELECT count(*)::int AS n FROM shop_groups');
  });

  it('falls back to PGlite.query() for types and parameters it does not decode', async () => {
    const size = statements.size;
    const [row] = await db.query<{ t: unknown; a: unknown }>('SELECT now() AS t, ARRAY[1, 2] AS a');
    expect(row?.t).toBeInstanceOf(Date);
    expect(row?.a).toEqual([1, 2]);
    expect(await db.query('SELECT $1::int[] AS a', [[3, 4]])).toEqual([{ a: [3, 4] }]);
    expect(statements.size).toBeLessThanOrEqual(Math.max(size, 4));
  });

  it('never runs inside another caller’s open transaction: it waits for the commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO shop_groups (name, created_at) VALUES ($1, 0)', ['事务中的分组']);
      inserted();
      await held;
    });
    await didInsert;
    let answered = false;
    const read = db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM shop_groups WHERE name = $1', ['事务中的分组'])
      .then((rows) => {
        answered = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect(await read).toEqual([{ n: 1 }]);
  });

  it('refuses to run after close', async () => {
    const other = await seededDataDir();
    const closing = await PGlite.create(other);
    const closingDb = pgliteDb(closing, new PgliteStatements(closing));
    expect(await closingDb.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await closingDb.close();
    await expect(closingDb.query('SELECT 1 AS one')).rejects.toThrow(/closed/);
    rmSync(other, { recursive: true, force: true });
  }, 60_000);
});

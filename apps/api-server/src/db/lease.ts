import type { Queryable } from './db';

/**
 * The database's clock in unix seconds, read when the statement runs (`clock_timestamp()`, not the
 * transaction's start): a lease's end computed from it cannot be already past, as one computed from a
 * clock value read before a slow query could be (and another instance would take it at once).
 */
export const DB_NOW_S = 'floor(extract(epoch FROM clock_timestamp()))::bigint';

/**
 * Takes the lease `key` until `untilS` (unix s) in `rate_limits` (migration 0006, shared by every
 * instance of one database) if nobody holds it or the holder's lease has run out at `nowS`: one atomic
 * upsert, so of instances asking at once exactly one gets it. Answers whether this caller got it.
 * Used by the periodic sweeps (one run per period across instances) and by 导入快递单号's lock.
 */
export async function takeLease(db: Queryable, key: string, untilS: number, nowS: number): Promise<boolean> {
  const taken = await db.query(
    `INSERT INTO rate_limits (key, window_ends_at, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET window_ends_at = EXCLUDED.window_ends_at, hits = 1
       WHERE rate_limits.window_ends_at <= $3
     RETURNING 1`,
    [key, untilS, nowS],
  );
  return taken.length > 0;
}

/**
 * Extends the caller's own lease `key` (taken until `untilS`) to `newUntilS`: fenced by the old end, so
 * a lease that ran out and was taken by another instance is not touched. Answers whether it was still
 * the caller's.
 */
export async function renewLease(
  db: Queryable,
  key: string,
  untilS: number,
  newUntilS: number,
): Promise<boolean> {
  const renewed = await db.query(
    'UPDATE rate_limits SET window_ends_at = $3 WHERE key = $1 AND window_ends_at = $2 RETURNING 1',
    [key, untilS, newUntilS],
  );
  return renewed.length > 0;
}

/** Gives the caller's own lease back (fenced like `renewLease`): another instance may take it at once. */
export async function releaseLease(db: Queryable, key: string, untilS: number): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1 AND window_ends_at = $2', [key, untilS]);
}

/**
 * `takeLease` on the database's clock ({@link DB_NOW_S}): takes `key` for `seconds` from the database's
 * now if nobody holds it or the holder's lease ran out by that clock. Answers the lease's end (what
 * `renewLeaseFor` and `releaseLease` are fenced by), or null when another holds it.
 */
export async function takeLeaseFor(db: Queryable, key: string, seconds: number): Promise<number | null> {
  const [taken] = await db.query<{ until: number | string }>(
    `INSERT INTO rate_limits (key, window_ends_at, hits) VALUES ($1, ${DB_NOW_S} + $2::bigint, 1)
     ON CONFLICT (key) DO UPDATE SET window_ends_at = EXCLUDED.window_ends_at, hits = 1
       WHERE rate_limits.window_ends_at <= ${DB_NOW_S}
     RETURNING window_ends_at AS until`,
    [key, seconds],
  );
  return taken ? Number(taken.until) : null;
}

/**
 * `renewLease` on the database's clock: extends the caller's lease `key` (held until `untilS`) to
 * `seconds` from the database's now. Answers the new end, or null when the lease was no longer the caller's.
 */
export async function renewLeaseFor(
  db: Queryable,
  key: string,
  untilS: number,
  seconds: number,
): Promise<number | null> {
  const [renewed] = await db.query<{ until: number | string }>(
    `UPDATE rate_limits SET window_ends_at = ${DB_NOW_S} + $3::bigint WHERE key = $1 AND window_ends_at = $2
     RETURNING window_ends_at AS until`,
    [key, untilS, seconds],
  );
  return renewed ? Number(renewed.until) : null;
}

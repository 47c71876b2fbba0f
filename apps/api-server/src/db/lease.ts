import type { Queryable } from './db';

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

import type { Queryable } from '../db/db';

/**
 * Rate limits shared by every instance on one database (`rate_limits`, migration 0006): a fixed
 * window per key. The first hit opens a window of `windowSeconds`; each hit adds one, atomically (one
 * upsert, so hits on two instances at once are both counted); the first hit after the window ended
 * opens the next one. A window lets at most `limit` hits through; two windows back to back can let up
 * to twice that through in one window's length, the usual price of fixed windows.
 */
export class RateLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  /**
   * Counts one hit for `key` and says whether it is within the limit. Run it inside the transaction
   * of the action it limits, so that an action that fails afterwards (rolled back) is not counted;
   * the row stays locked until that transaction ends, so hits on one key take turns.
   */
  async hit(db: Queryable, key: string, nowS: number): Promise<boolean> {
    const [row] = await db.query<{ hits: number }>(
      `INSERT INTO rate_limits (key, window_ends_at, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_ends_at <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
         window_ends_at = CASE WHEN rate_limits.window_ends_at <= $3 THEN EXCLUDED.window_ends_at
                               ELSE rate_limits.window_ends_at END
       RETURNING hits`,
      [key, nowS + this.windowSeconds, nowS],
    );
    return (row?.hits ?? Number.POSITIVE_INFINITY) <= this.limit;
  }

  /** Deletes ended windows (of every limiter), 10,000 per statement, at most a million per call. */
  static async prune(db: Queryable, nowS: number): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < 100; batch++) {
      const deleted = await db.query(
        `DELETE FROM rate_limits WHERE key IN (
           SELECT key FROM rate_limits WHERE window_ends_at <= $1 LIMIT 10000 FOR UPDATE SKIP LOCKED
         ) RETURNING 1`,
        [nowS],
      );
      total += deleted.length;
      if (deleted.length < 10_000) break;
    }
    return total;
  }
}

import type { Queryable } from '../db/db';

/** How long a nonce is refused after it was first seen: 10 minutes (twice the allowed `ts` skew). */
export const NONCE_TTL_SECONDS = 600;

/**
 * Remembers the nonces seen in the last 10 minutes so that a signed request cannot be replayed, on
 * this instance or any other: the nonces live in the database (`request_nonces`, migration 0006), and
 * recording one is a single atomic statement, so two instances receiving the same request at once
 * let exactly one of them through. A row that expired but was not swept yet counts as unseen.
 */
export class NonceStore {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  /** Records the nonce; `replayed` when it was seen in the last 10 minutes. */
  async check(nonce: string): Promise<'fresh' | 'replayed'> {
    const nowS = Math.floor(this.now() / 1000);
    const rows = await this.db.query(
      `INSERT INTO request_nonces (nonce, expires_at) VALUES ($1, $2)
       ON CONFLICT (nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
       WHERE request_nonces.expires_at <= $3
       RETURNING 1 AS fresh`,
      [nonce, nowS + NONCE_TTL_SECONDS, nowS],
    );
    return rows.length === 1 ? 'fresh' : 'replayed';
  }

  /**
   * Deletes expired nonces, 10,000 per statement (short statements; rows another instance is
   * deleting at the same moment are skipped), at most a million per call. Returns how many.
   */
  async prune(): Promise<number> {
    const nowS = Math.floor(this.now() / 1000);
    let total = 0;
    for (let batch = 0; batch < 100; batch++) {
      const deleted = await this.db.query(
        `DELETE FROM request_nonces WHERE nonce IN (
           SELECT nonce FROM request_nonces WHERE expires_at <= $1 LIMIT 10000 FOR UPDATE SKIP LOCKED
         ) RETURNING 1`,
        [nowS],
      );
      total += deleted.length;
      if (deleted.length < 10_000) break;
    }
    return total;
  }
}

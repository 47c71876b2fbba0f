import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@consign/api-client';
import type { Db } from '../db/db';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** How long a looked-up token or user stays in the in-process cache. */
export const AUTH_CACHE_TTL_MS = 10_000;

interface CachedToken {
  userId: number;
  expiresAt: number;
  until: number;
}
/** A signed-in user and the seller account they act in. */
export interface Caller {
  user: CurrentUser;
  accountId: number;
}

interface CachedUser {
  user: Caller;
  until: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Access tokens: 256 random bits (base64url, 43 characters), stored only as their sha256, valid for
 * seven days, revoked by logout. Lookups are cached in process for {@link AUTH_CACHE_TTL_MS} (expiry
 * is still checked on every hit; a logout on this instance drops the entry at once; with several
 * instances a revoked token may live on elsewhere for at most that TTL).
 */
export class TokenStore {
  readonly #tokens = new Map<string, CachedToken>();
  readonly #users = new Map<number, CachedUser>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly cacheTtlMs = AUTH_CACHE_TTL_MS,
    private readonly maxCached = 50_000,
  ) {}

  async issue(userId: number): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const nowS = Math.floor(this.now() / 1000);
    const expiresAt = nowS + TOKEN_TTL_SECONDS;
    await this.db.query(
      'INSERT INTO access_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [hashToken(token), userId, nowS, expiresAt],
    );
    return { token, expiresAt };
  }

  /** The user id of a valid token, or null. */
  async verify(token: string): Promise<number | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = this.now();
    const nowS = Math.floor(now / 1000);
    const hash = hashToken(token);
    const cached = this.#tokens.get(hash);
    if (cached && cached.until > now) return cached.expiresAt > nowS ? cached.userId : null;
    const [row] = await this.db.query<{ user_id: number; expires_at: number }>(
      'SELECT user_id, expires_at FROM access_tokens WHERE token_hash = $1 AND revoked_at IS NULL',
      [hash],
    );
    if (!row) {
      this.#tokens.delete(hash);
      return null;
    }
    this.remember(this.#tokens, hash, {
      userId: row.user_id,
      expiresAt: row.expires_at,
      until: now + this.cacheTtlMs,
    });
    return row.expires_at > nowS ? row.user_id : null;
  }

  async revoke(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const hash = hashToken(token);
    this.#tokens.delete(hash);
    await this.db.query(
      'UPDATE access_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
      [hash, Math.floor(this.now() / 1000)],
    );
  }

  /**
   * The user of an id and their account, cached like tokens; null when the user no longer exists or
   * they or their account are disabled.
   */
  async user(userId: number): Promise<Caller | null> {
    const now = this.now();
    const cached = this.#users.get(userId);
    if (cached && cached.until > now) return cached.user;
    const [row] = await this.db.query<CurrentUser & { account_id: number }>(
      `SELECT u.id, u.mobile, u.nickname, u.avatar_image, u.is_manage, u.created_at, u.account_id
       FROM users u JOIN seller_accounts a ON a.id = u.account_id
       WHERE u.id = $1 AND u.status = 'active' AND a.status = 'active'`,
      [userId],
    );
    if (!row) return null;
    const { account_id, ...user } = row;
    const caller = { user, accountId: account_id };
    this.remember(this.#users, userId, { user: caller, until: now + this.cacheTtlMs });
    return caller;
  }

  /** Drops a user from the cache after a change to them. */
  forgetUser(userId: number) {
    this.#users.delete(userId);
  }

  /** Deletes tokens that expired more than a day ago. */
  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM access_tokens WHERE expires_at < $1', [
      Math.floor(this.now() / 1000) - 86_400,
    ]);
  }

  private remember<K, V>(map: Map<K, V>, key: K, value: V) {
    map.delete(key);
    map.set(key, value);
    if (map.size > this.maxCached) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}

import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@consign/api-client';
import type { Db, Queryable } from '../db/db';
import { permissionsOf } from '../db/team';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** A signed-in user and the seller account they act in. */
export interface Caller {
  user: CurrentUser;
  accountId: number;
  /** The member's shops (子账号 店铺权限), null for every shop (always for the owner): db/scope.ts. */
  shopIds: readonly number[] | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Access tokens: 256 random bits (base64url, 43 characters), stored only as their sha256, valid for
 * seven days, revoked by logout. Every request looks its token up in the database (one indexed
 * query, joined with the user and the account), with no cache in the process: a logout, a disabled
 * member or a disabled account takes effect at once, on every instance.
 */
export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new token for the user; `db` is the transaction to write it in (the sign-in's), if any. */
  async issue(userId: number, db: Queryable = this.db): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const nowS = Math.floor(this.now() / 1000);
    const expiresAt = nowS + TOKEN_TTL_SECONDS;
    await db.query(
      'INSERT INTO access_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [hashToken(token), userId, nowS, expiresAt],
    );
    return { token, expiresAt };
  }

  /**
   * The caller of a token: null unless the token is well formed, not revoked, not expired, and its
   * user and their account are active (so disabling or removing a member, or disabling an account,
   * ends their sessions with the next request). The user's permissions are read in the same query:
   * an owner holds every one, a member what their role holds now.
   */
  async caller(token: string): Promise<Caller | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row] = await this.db.query<
      Omit<CurrentUser, 'permissions'> & {
        account_id: number;
        role_permissions: string[] | null;
        shop_ids: number[] | null;
      }
    >(
      `SELECT u.id, u.mobile, u.nickname, u.avatar_image, u.is_manage, u.created_at, u.account_id,
              u.account_role, r.permissions AS role_permissions, u.shop_ids
       FROM access_tokens t
       JOIN users u ON u.id = t.user_id
       JOIN seller_accounts a ON a.id = u.account_id
       LEFT JOIN roles r ON r.id = u.role_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2
         AND u.status = 'active' AND a.status = 'active'`,
      [hashToken(token), Math.floor(this.now() / 1000)],
    );
    if (!row) return null;
    const { account_id, role_permissions, shop_ids, ...user } = row;
    const shopIds = user.account_role === 'owner' ? null : shop_ids;
    return {
      user: { ...user, permissions: permissionsOf(user.account_role, role_permissions), shop_ids: shopIds },
      accountId: account_id,
      shopIds,
    };
  }

  async revoke(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    await this.db.query(
      'UPDATE access_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
      [hashToken(token), Math.floor(this.now() / 1000)],
    );
  }

  /** Deletes tokens that expired more than a day ago. */
  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM access_tokens WHERE expires_at < $1', [
      Math.floor(this.now() / 1000) - 86_400,
    ]);
  }
}

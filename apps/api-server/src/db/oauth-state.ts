import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db';
import type { Scope } from './scope';

/**
 * The OAuth `state` of a shop authorisation (migration 0014): the server gives the browser a random
 * state bound to the user, the account and the platform (and, for 重新授权, the shop); the platform
 * returns it with the `code`; `consumeOAuthState` takes it back exactly once. Only its SHA-256 is
 * stored, so the table leaks no usable state. A wrong, reused, expired or another user's or account's
 * state finds nothing and changes nothing (the DELETE names all of them).
 */

export const OAUTH_STATE_TTL_SECONDS = 600;

const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export interface OAuthStateInput {
  userId: number;
  platform: string;
  /** The shop being re-authorised (重新授权), or null for 添加店铺. */
  shopId?: number | null;
}

/** A new state (43 base64url characters) valid 10 minutes from `nowS`. */
export async function issueOAuthState(scope: Scope, input: OAuthStateInput, nowS: number): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await scope.db.query(
    `INSERT INTO oauth_states (state_hash, user_id, account_id, platform, shop_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hashState(state),
      input.userId,
      scope.accountId,
      input.platform,
      input.shopId ?? null,
      nowS,
      nowS + OAUTH_STATE_TTL_SECONDS,
    ],
  );
  return state;
}

/**
 * Takes a state back once: its shop (null for 添加店铺) when it was issued to this user in this
 * account for this platform and has not expired; null otherwise, and then nothing changed.
 */
export async function consumeOAuthState(
  scope: Scope,
  input: { userId: number; platform: string; state: string },
  nowS: number,
): Promise<{ shopId: number | null } | null> {
  if (!STATE_PATTERN.test(input.state)) return null;
  const rows = await scope.db.query<{ shop_id: number | null }>(
    `DELETE FROM oauth_states
     WHERE state_hash = $1 AND user_id = $2 AND account_id = $3 AND platform = $4 AND expires_at >= $5
     RETURNING shop_id`,
    [hashState(input.state), input.userId, scope.accountId, input.platform, nowS],
  );
  const [row] = rows;
  return row ? { shopId: row.shop_id } : null;
}

/** Deletes expired states (the server's minute sweep can call it); returns how many. */
export async function sweepOAuthStates(db: Queryable, nowS: number): Promise<number> {
  const rows = await db.query<{ state_hash: string }>(
    'DELETE FROM oauth_states WHERE expires_at < $1 RETURNING state_hash',
    [nowS],
  );
  return rows.length;
}

import type { ShopAuthorisation } from '../platforms/connector';
import type { SecretBox } from '../security/secret-box';
import type { Queryable } from './db';

/**
 * A platform shop's tokens, sealed at rest: `shops.access_token_sealed` / `refresh_token_sealed` hold
 * `SecretBox.seal(token, 'shop:<id>:access_token')` (resp. `refresh_token`), never the token. The
 * authorisation (OAuth callback, 重新授权) and the sync's token refresh write them through
 * `storeShopTokens`; the sync and the writeback read them through `openShopTokens`. Nothing else
 * touches those columns.
 */
export interface ShopTokens {
  accessToken: string;
  refreshToken: string;
  /** The access token's expiry (unix s): `shops.auth_expires_at`. */
  expiresAt: number | null;
  /** The refresh token's expiry (unix s), null when the platform does not say. */
  refreshExpiresAt: number | null;
}

const context = (shopId: number, column: 'access_token' | 'refresh_token') => `shop:${shopId}:${column}`;

/**
 * Seals and stores the tokens of an authorisation (or a refresh) on shop `shopId`. A `refreshExpiresAt`
 * of null keeps the stored one (抖店 answers an early refresh with the same tokens, their lives
 * unchanged).
 */
export async function storeShopTokens(
  db: Queryable,
  box: SecretBox,
  shopId: number,
  auth: Pick<ShopAuthorisation, 'accessToken' | 'refreshToken' | 'expiresAt' | 'refreshExpiresAt'>,
): Promise<void> {
  await db.query(
    `UPDATE shops SET access_token_sealed = $2, refresh_token_sealed = $3, auth_expires_at = $4,
       refresh_expires_at = COALESCE($5, refresh_expires_at)
     WHERE id = $1`,
    [
      shopId,
      box.seal(auth.accessToken, context(shopId, 'access_token')),
      box.seal(auth.refreshToken, context(shopId, 'refresh_token')),
      auth.expiresAt,
      auth.refreshExpiresAt,
    ],
  );
}

/**
 * The opened tokens of shop `shopId`, or null when it has none (typed in by hand, never authorised).
 * Throws `SecretBoxError` when they were sealed under another key or altered.
 */
export async function openShopTokens(
  db: Queryable,
  box: SecretBox,
  shopId: number,
): Promise<ShopTokens | null> {
  const [row] = await db.query<{
    access_token_sealed: string | null;
    refresh_token_sealed: string | null;
    auth_expires_at: number | string | null;
    refresh_expires_at: number | string | null;
  }>(
    'SELECT access_token_sealed, refresh_token_sealed, auth_expires_at, refresh_expires_at FROM shops WHERE id = $1',
    [shopId],
  );
  if (!row?.access_token_sealed || !row.refresh_token_sealed) return null;
  return {
    accessToken: box.open(row.access_token_sealed, context(shopId, 'access_token')),
    refreshToken: box.open(row.refresh_token_sealed, context(shopId, 'refresh_token')),
    expiresAt: row.auth_expires_at === null ? null : Number(row.auth_expires_at),
    refreshExpiresAt: row.refresh_expires_at === null ? null : Number(row.refresh_expires_at),
  };
}

/**
 * Re-seals under `next` every shop token not sealed under it (sealed under `previous`): part of the key
 * rotation (security/rotate-data-key.ts), in its transaction. A token sealed under neither key throws
 * `SecretBoxError`. Returns how many tokens were re-sealed.
 */
export async function resealShopTokens(db: Queryable, previous: SecretBox, next: SecretBox): Promise<number> {
  const rows = await db.query<{
    id: number;
    access_token_sealed: string | null;
    refresh_token_sealed: string | null;
  }>(
    `SELECT id, access_token_sealed, refresh_token_sealed FROM shops
     WHERE access_token_sealed IS NOT NULL OR refresh_token_sealed IS NOT NULL ORDER BY id FOR UPDATE`,
  );
  let count = 0;
  const reseal = (sealed: string | null, shopId: number, column: 'access_token' | 'refresh_token') => {
    if (sealed === null || next.sealedHere(sealed)) return sealed;
    count++;
    return next.seal(previous.open(sealed, context(shopId, column)), context(shopId, column));
  };
  for (const row of rows) {
    const access = reseal(row.access_token_sealed, row.id, 'access_token');
    const refresh = reseal(row.refresh_token_sealed, row.id, 'refresh_token');
    if (access === row.access_token_sealed && refresh === row.refresh_token_sealed) continue;
    await db.query('UPDATE shops SET access_token_sealed = $2, refresh_token_sealed = $3 WHERE id = $1', [
      row.id,
      access,
      refresh,
    ]);
  }
  return count;
}

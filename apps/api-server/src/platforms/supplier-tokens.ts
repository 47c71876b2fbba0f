import type { Queryable } from '../db/db';
import { REFRESH_AHEAD_SECONDS, supplierTokenContext } from '../db/supplier-account';
import type { SecretBox } from '../security/secret-box';
import { type AlibabaConnector, type BuyerAuthorisation, SupplierError } from './alibaba';

/**
 * An access token of the account's 1688 buyer account good for at least `REFRESH_AHEAD_SECONDS`:
 * the stored one, or a refreshed one (stored). A `SupplierError` of kind `auth` when there is none or
 * 1688 refused the refresh (then the account is marked 已过期). `db` must not be inside a transaction
 * held across the call to 1688.
 */
export async function supplierAccessToken(
  db: Queryable,
  box: SecretBox,
  connector: Pick<AlibabaConnector, 'refreshToken'>,
  accountId: number,
  nowS: number,
  /** Refresh whatever the stored expiry says (1688 answered the stored token expired). */
  options: { force?: boolean } = {},
): Promise<string> {
  const [row] = await db.query<{
    access_token_sealed: string;
    refresh_token_sealed: string;
    expires_at: number | string;
    refresh_expires_at: number | string | null;
    status: string;
  }>(
    `SELECT access_token_sealed, refresh_token_sealed, expires_at, refresh_expires_at, status
     FROM supplier_accounts WHERE account_id = $1`,
    [accountId],
  );
  if (row?.status !== 'connected') {
    throw new SupplierError(
      'auth',
      row ? '1688账号授权已过期，请在代发设置中重新授权' : '未连接1688采购账号，请先在代发设置中连接',
      row ? 'expired' : 'not connected',
    );
  }
  const accessToken = box.open(row.access_token_sealed, supplierTokenContext(accountId, 'access_token'));
  if (!options.force && Number(row.expires_at) - nowS > REFRESH_AHEAD_SECONDS) return accessToken;
  const refreshToken = box.open(row.refresh_token_sealed, supplierTokenContext(accountId, 'refresh_token'));
  let auth: BuyerAuthorisation;
  try {
    auth = await connector.refreshToken(refreshToken);
  } catch (error) {
    if (error instanceof SupplierError && error.kind === 'auth') {
      await db.query(
        "UPDATE supplier_accounts SET status = 'expired' WHERE account_id = $1 AND access_token_sealed = $2",
        [accountId, row.access_token_sealed],
      );
    }
    throw error;
  }
  await db.query(
    `UPDATE supplier_accounts SET access_token_sealed = $2, refresh_token_sealed = $3, expires_at = $4,
       refresh_expires_at = COALESCE($5, refresh_expires_at)
     WHERE account_id = $1`,
    [
      accountId,
      box.seal(auth.accessToken, supplierTokenContext(accountId, 'access_token')),
      box.seal(auth.refreshToken, supplierTokenContext(accountId, 'refresh_token')),
      auth.expiresAt,
      auth.refreshExpiresAt,
    ],
  );
  return auth.accessToken;
}

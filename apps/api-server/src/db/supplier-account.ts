import type { SupplierAccount } from '@consign/api-client';
import type { BuyerAuthorisation } from '../platforms/alibaba';
import type { SecretBox } from '../security/secret-box';
import type { Queryable } from './db';
import type { Change } from './log';
import type { Scope } from './scope';

/**
 * A seller account's 1688 buyer account (migration 0025), connected in 代发设置 by OAuth: the tokens
 * are sealed (`SecretBox.seal(token, 'supplier_account:<account id>:access_token')`, resp.
 * `refresh_token`), and this module (with `supplierAccessToken`, platforms/supplier-tokens.ts, which refreshes them) is the
 * only code that touches those columns. 1688 access tokens
 * live 10 hours and refresh tokens about 180 days: `supplierAccessToken` refreshes the access token
 * when it has less than `REFRESH_AHEAD_SECONDS` left, before a call needs it; a refused refresh marks
 * the account 已过期 (the seller re-authorises).
 */

export const REFRESH_AHEAD_SECONDS = 30 * 60;

/** The context a supplier token is sealed under. */
export const supplierTokenContext = (accountId: number, column: 'access_token' | 'refresh_token') =>
  `supplier_account:${accountId}:${column}`;

interface Row {
  member_id: string;
  login_id: string;
  expires_at: number | string;
  refresh_expires_at: number | string | null;
  status: 'connected' | 'expired';
  connected_at: number | string;
}

function view(row: Row | undefined, nowS: number): SupplierAccount {
  if (!row) return { status: 'none', member_id: null, login_id: null, expires_at: null, connected_at: null };
  // Usable until the refresh token expires (1688 may not say: then until the access token does).
  const until = row.refresh_expires_at === null ? Number(row.expires_at) : Number(row.refresh_expires_at);
  return {
    status: row.status === 'expired' || until <= nowS ? 'expired' : 'connected',
    member_id: row.member_id,
    login_id: row.login_id,
    expires_at: until,
    connected_at: Number(row.connected_at),
  };
}

/** The account's 1688 buyer account as 代发设置 shows it. */
export async function supplierAccount(scope: Scope, nowS: number): Promise<SupplierAccount> {
  const [row] = await scope.db.query<Row>(
    `SELECT member_id, login_id, expires_at, refresh_expires_at, status, connected_at
     FROM supplier_accounts WHERE account_id = $1`,
    [scope.accountId],
  );
  return view(row, nowS);
}

/** Stores a new authorisation (连接 or 重新授权), tokens sealed; answers the account and the change. */
export async function saveSupplierAccount(
  scope: Scope,
  box: SecretBox,
  input: { auth: BuyerAuthorisation; userId: number },
  nowS: number,
): Promise<{ row: SupplierAccount; change: Change }> {
  const before = await supplierAccount(scope, nowS);
  const { auth } = input;
  await scope.db.query(
    `INSERT INTO supplier_accounts (account_id, member_id, login_id, access_token_sealed, refresh_token_sealed,
       expires_at, refresh_expires_at, status, connected_at, connected_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'connected', $8, $9)
     ON CONFLICT (account_id) DO UPDATE SET member_id = EXCLUDED.member_id, login_id = EXCLUDED.login_id,
       access_token_sealed = EXCLUDED.access_token_sealed, refresh_token_sealed = EXCLUDED.refresh_token_sealed,
       expires_at = EXCLUDED.expires_at, refresh_expires_at = EXCLUDED.refresh_expires_at,
       status = 'connected', connected_at = EXCLUDED.connected_at, connected_by = EXCLUDED.connected_by`,
    [
      scope.accountId,
      auth.memberId,
      auth.loginId,
      box.seal(auth.accessToken, supplierTokenContext(scope.accountId, 'access_token')),
      box.seal(auth.refreshToken, supplierTokenContext(scope.accountId, 'refresh_token')),
      auth.expiresAt,
      auth.refreshExpiresAt,
      nowS,
      input.userId,
    ],
  );
  const row = await supplierAccount(scope, nowS);
  const logged = (a: SupplierAccount) =>
    a.status === 'none' ? null : { purchase_account: a.login_id, status: a.status, expires_at: a.expires_at };
  return {
    row,
    change: {
      target: { type: 'supplier_account', id: null, name: row.login_id ?? '1688' },
      before: logged(before),
      after: logged(row),
    },
  };
}

/** Re-seals under `next` every supplier token not sealed under it: part of the key rotation. */
export async function resealSupplierTokens(
  db: Queryable,
  previous: SecretBox,
  next: SecretBox,
): Promise<number> {
  const rows = await db.query<{
    account_id: number;
    access_token_sealed: string;
    refresh_token_sealed: string;
  }>(
    'SELECT account_id, access_token_sealed, refresh_token_sealed FROM supplier_accounts ORDER BY account_id FOR UPDATE',
  );
  let count = 0;
  for (const row of rows) {
    const reseal = (sealed: string, column: 'access_token' | 'refresh_token') => {
      if (next.sealedHere(sealed)) return sealed;
      count++;
      return next.seal(
        previous.open(sealed, supplierTokenContext(row.account_id, column)),
        supplierTokenContext(row.account_id, column),
      );
    };
    const access = reseal(row.access_token_sealed, 'access_token');
    const refresh = reseal(row.refresh_token_sealed, 'refresh_token');
    if (access === row.access_token_sealed && refresh === row.refresh_token_sealed) continue;
    await db.query(
      'UPDATE supplier_accounts SET access_token_sealed = $2, refresh_token_sealed = $3 WHERE account_id = $1',
      [row.account_id, access, refresh],
    );
  }
  return count;
}

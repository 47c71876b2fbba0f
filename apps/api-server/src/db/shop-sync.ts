import type { ShopSync } from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import { publish } from '../live/hub';
import type { PlatformCode } from '../platforms/connector';
import type { Queryable } from './db';
import { DB_NOW_S } from './lease';
import { inShops, notFound, type Scope } from './scope';

/**
 * The order sync state of each platform shop (migration 0021) and the lease that lets one instance at
 * a time sync a shop. The job that uses it is src/jobs/shop-sync.ts.
 */

export const SYNC_RULES = {
  /** The least time between the starts of two syncs of a shop, 立即同步 included (seconds). */
  floorSeconds: 60,
  /**
   * The sync is the safety net of the platforms' messages: a shop is synced at least this often
   * (`ShopSyncOptions.fallbackSeconds`, the server's `SHOP_SYNC_FALLBACK_SECONDS`), or at its account's
   * longer 订单同步间隔 (seconds).
   */
  fallbackSeconds: 300,
  /**
   * How long a claim holds a shop; renewed at every window (seconds). A shop whose sync died with its
   * process (kill -9) is synced again once this has run out. `ShopSyncOptions.leaseSeconds` sets it
   * per server.
   */
  leaseSeconds: 300,
  /** How far back the first sync of a shop starts (bounded by the platform's lookback). */
  firstSyncSeconds: 24 * 3600,
  /** Each window starts this long before the previous one ended. */
  overlapSeconds: 5 * 60,
  /**
   * The cursor stays this long behind now (the platforms advise it, 拼多多: 3 minutes, as a change may
   * reach their index late); windows read up to now, and the next run reads again from before the cursor.
   */
  settleSeconds: 3 * 60,
  /** Backoff after a failure: `baseBackoffSeconds * 2^(failures - 1)`, at most `maxBackoffSeconds`. */
  baseBackoffSeconds: 30,
  maxBackoffSeconds: 30 * 60,
  /** Tokens whose access or refresh token expires within this are refreshed before the sync. */
  refreshAheadSeconds: 30 * 60,
} as const;

/** A shop the claim took: what the sync needs to run. */
export interface ClaimedShop {
  id: number;
  accountId: number;
  platform: PlatformCode;
  /** The platform update time up to which every change is stored; null: never synced. */
  cursor: number | null;
  /** The account's 订单同步间隔 (seconds), floored. */
  intervalSeconds: number;
}

/**
 * Takes one due shop of `platforms` (the platforms with a connector) for `leaseSeconds`, or null:
 * authorised, with tokens, enabled, due (its `sync_due_at` passed or null), and not leased by another
 * instance (or its lease ran out). `FOR UPDATE SKIP LOCKED` lets instances claim side by side without
 * waiting for one another or taking the same shop.
 */
export async function claimDueShop(
  db: Queryable,
  input: { nowS: number; platforms: readonly PlatformCode[]; token: string; leaseSeconds: number },
): Promise<ClaimedShop | null> {
  if (input.platforms.length === 0) return null;
  const [row] = await db.query<{
    id: number;
    account_id: number;
    platform: PlatformCode;
    sync_cursor: number | null;
    interval_minutes: number | null;
  }>(
    `UPDATE shops s SET sync_lease_token = $3, sync_lease_until = ${DB_NOW_S} + $4::bigint, sync_started_at = $1
     WHERE s.id = (
       SELECT c.id FROM shops c
       WHERE c.access_token_sealed IS NOT NULL AND c.auth_status = 'authorized' AND c.disabled_at IS NULL
         AND c.platform = ANY($2::text[])
         AND (c.sync_due_at IS NULL OR c.sync_due_at <= $1)
         AND (c.sync_lease_until IS NULL OR c.sync_lease_until <= ${DB_NOW_S})
       ORDER BY c.sync_due_at NULLS FIRST, c.id
       LIMIT 1 FOR UPDATE SKIP LOCKED
     ) AND (s.sync_lease_until IS NULL OR s.sync_lease_until <= ${DB_NOW_S})
     RETURNING s.id, s.account_id, s.platform, s.sync_cursor,
       (SELECT sync_interval_minutes FROM settings WHERE account_id = s.account_id) AS interval_minutes`,
    [input.nowS, [...input.platforms], input.token, input.leaseSeconds],
  );
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    platform: row.platform,
    cursor: row.sync_cursor === null ? null : Number(row.sync_cursor),
    intervalSeconds: Math.max(SYNC_RULES.floorSeconds, (row.interval_minutes ?? 5) * 60),
  };
}

/** Thrown when a sync's lease was taken over (it ran out): the sync stops and writes nothing more. */
export class LeaseLost extends Error {
  constructor(shopId: number) {
    super(`the sync lease of shop ${shopId} was lost`);
  }
}

/**
 * In a window's transaction: moves the cursor to `cursor` and renews the lease (`leaseSeconds` from
 * now), if the lease is still
 * `token`'s; otherwise throws `LeaseLost` (the transaction rolls back: nothing of the window is kept).
 * It runs first in the transaction, so the shop's row stays locked until the window is written.
 */
export async function advanceCursor(
  tx: Queryable,
  input: { shopId: number; token: string; cursor: number; leaseSeconds: number },
): Promise<void> {
  const rows = await tx.query(
    `UPDATE shops SET sync_cursor = $3, sync_lease_until = ${DB_NOW_S} + $4::bigint
     WHERE id = $1 AND sync_lease_token = $2 RETURNING id`,
    [input.shopId, input.token, input.cursor, input.leaseSeconds],
  );
  if (rows.length === 0) throw new LeaseLost(input.shopId);
}

/** Who holds a shop's lease now (for the log of a lost lease): its token's first 8 characters, until when. */
export async function leaseHolder(
  db: Queryable,
  shopId: number,
): Promise<{ lease: string | null; until: number | null; startedAt: number | null } | null> {
  const [row] = await db.query<{ lease: string | null; until: number | null; started_at: number | null }>(
    `SELECT left(sync_lease_token, 8) AS lease, sync_lease_until AS until, sync_started_at AS started_at
     FROM shops WHERE id = $1`,
    [shopId],
  );
  return row ? { lease: row.lease, until: row.until, startedAt: row.started_at } : null;
}

/**
 * Before `finishSync`, while the lease is still `token`'s: what the run stored (migration 0052), so a
 * finished sync is never read without its counts (立即同步 shows them).
 */
export async function recordSyncCounts(
  db: Queryable,
  input: { shopId: number; token: string; inserted: number; updated: number },
): Promise<void> {
  await db.query(
    'UPDATE shops SET sync_inserted = $3, sync_updated = $4 WHERE id = $1 AND sync_lease_token = $2',
    [input.shopId, input.token, input.inserted, input.updated],
  );
}

export type SyncOutcome =
  | { ok: true }
  | {
      ok: false;
      /** The seller's words (`PlatformError.message`). */
      error: string;
      /** The refresh was refused: the shop is 授权已过期 and is not synced until re-authorised. */
      authLost?: boolean;
    };

/**
 * Ends a sync and gives up the lease (if still `token`'s): on success the failures are reset and the
 * shop is next due after its interval; on failure the error is kept, the failures counted, and the shop
 * is due again after the backoff (never later than its interval). Returns the failures in a row.
 */
export async function finishSync(
  db: Queryable,
  input: { shopId: number; token: string; nowS: number; intervalSeconds: number; outcome: SyncOutcome },
): Promise<number> {
  const { outcome } = input;
  const [row] = await db.query<{ sync_failures: number; account_id: number }>(
    outcome.ok
      ? `UPDATE shops SET sync_lease_token = NULL, sync_lease_until = NULL, sync_finished_at = $3,
           sync_succeeded_at = $3, sync_error = NULL, sync_failures = 0,
           sync_due_at = GREATEST(COALESCE(sync_due_at, 0), $3::bigint + $4::bigint)
         WHERE id = $1 AND sync_lease_token = $2 RETURNING sync_failures`
      : `UPDATE shops SET sync_lease_token = NULL, sync_lease_until = NULL, sync_finished_at = $3,
           sync_error = $5, sync_failures = sync_failures + 1,
           sync_due_at = $3::bigint + LEAST($4::bigint, $6::bigint * power(2, LEAST(sync_failures, 20))::bigint, $7::bigint),
           auth_status = CASE WHEN $8::boolean THEN 'expired' ELSE auth_status END
         WHERE id = $1 AND sync_lease_token = $2 RETURNING sync_failures, account_id`,
    outcome.ok
      ? [input.shopId, input.token, input.nowS, input.intervalSeconds]
      : [
          input.shopId,
          input.token,
          input.nowS,
          input.intervalSeconds,
          outcome.error.slice(0, 500),
          SYNC_RULES.baseBackoffSeconds,
          SYNC_RULES.maxBackoffSeconds,
          outcome.authLost === true,
        ],
  );
  if (row) await publish(db, { accountId: row.account_id, topic: 'shops' });
  return row?.sync_failures ?? 0;
}

/** The sync columns of a shop row (`SHOP_SYNC_SELECT` over `s`) as the API answers them. */
export interface ShopSyncRow {
  sync_authorised: boolean;
  sync_cursor: number | null;
  sync_due_at: number | null;
  /** A sync holds the shop's lease now (by the database's clock, which the lease is on). */
  sync_leased: boolean;
  sync_finished_at: number | null;
  sync_succeeded_at: number | null;
  sync_error: string | null;
  sync_failures: number;
  sync_inserted: number | null;
  sync_updated: number | null;
}

export const SHOP_SYNC_SELECT = `s.access_token_sealed IS NOT NULL AS sync_authorised, s.sync_cursor, s.sync_due_at,
  COALESCE(s.sync_lease_until > ${DB_NOW_S}, false) AS sync_leased, s.sync_finished_at, s.sync_succeeded_at, s.sync_error, s.sync_failures,
  s.sync_inserted, s.sync_updated`;

/** The shop's sync as the API answers it (null for a shop never authorised). */
export function shopSyncOf(row: ShopSyncRow, nowS: number): ShopSync | null {
  if (!row.sync_authorised) return null;
  const num = (value: number | null) => (value === null ? null : Number(value));
  const cursor = num(row.sync_cursor);
  return {
    last_sync_at: num(row.sync_finished_at),
    last_success_at: num(row.sync_succeeded_at),
    lag_seconds: cursor === null ? null : Math.max(0, nowS - cursor),
    last_error: row.sync_error,
    failures: Number(row.sync_failures),
    syncing: row.sync_leased,
    next_sync_at: num(row.sync_due_at),
    last_inserted: num(row.sync_inserted),
    last_updated: num(row.sync_updated),
  };
}

/**
 * 立即同步: makes shop `id` of the account due now, or one minute after its last sync started when that
 * was less than a minute ago (`floorSeconds`). 409 for a shop that cannot sync (never authorised, or
 * its authorisation expired: the seller re-authorises first).
 */
export async function requestSync(scope: Scope, id: number, nowS: number): Promise<{ name: string }> {
  const params: unknown[] = [id, scope.accountId];
  const [shop] = await scope.db.query<{ name: string; auth_status: string; authorised: boolean }>(
    `SELECT name, auth_status, access_token_sealed IS NOT NULL AS authorised FROM shops
     WHERE id = $1 AND account_id = $2${inShops(scope, 'id', params)}`,
    params,
  );
  if (!shop) throw notFound();
  if (!shop.authorised) throw new HttpProblem(409, '店铺尚未授权，无法同步订单');
  if (shop.auth_status === 'expired') throw new HttpProblem(409, '店铺授权已过期，请重新授权后再同步');
  await scope.db.query(
    `UPDATE shops SET sync_due_at = GREATEST($3::bigint, COALESCE(sync_started_at, 0) + $4::bigint)
     WHERE id = $1 AND account_id = $2`,
    [id, scope.accountId, nowS, SYNC_RULES.floorSeconds],
  );
  return { name: shop.name };
}

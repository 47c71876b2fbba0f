import { AUTH_EXPIRY_WARNING_DAYS, type PlatformCode, shanghaiDate } from '@consign/api-client';
import type { Db } from '../db/db';
import { takeLease } from '../db/lease';
import { everNotified, notify, pruneNotifications } from '../db/notifications';
import type { Job, JobKind } from './runner';

/**
 * The authorisation sweep: tells each seller account, once, that a shop's platform authorisation
 * expires within {@link AUTH_EXPIRY_WARNING_DAYS} days (授权即将过期), and once more when it has
 * expired (授权已过期), by `AUTHORISED_UNTIL` (for a platform shop, its refresh token's expiry). One notification per shop, state and expiry: the key holds the expiry, so a
 * shop re-authorised and expiring again is told again, and a sweep that runs every hour is not (a
 * notification already raised for the key, read or not, is not raised again). It also deletes
 * notifications past their keeping time.
 *
 * A `JobKind` of the one runner: the unit is a whole sweep, taken by one instance at a time through a
 * lease in `rate_limits` (`sweep:auth-expiry`, the row the import lock uses too), so instances sharing
 * a Postgres sweep once per period between them.
 */

export const AUTH_EXPIRY_KIND = 'auth-expiry';
const LEASE_KEY = 'sweep:auth-expiry';
/** Shops read per statement (an account may have many). */
const BATCH = 500;

const PLATFORM_NAMES: Record<PlatformCode, string> = {
  taobao: '淘宝',
  pinduoduo: '拼多多',
  douyin: '抖店',
  kuaishou: '快手',
  jd: '京东',
};

export interface AuthExpiryOptions {
  /** How often a sweep runs. Default one hour. */
  everyMs?: number;
}

/** 店铺设置 filtered to the shop (its name, fully percent-encoded: an internal link's characters only). */
export function shopLink(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `/shop/setting?keyword=${encoded}`;
}

/**
 * When the seller must authorise the shop again, as 店铺设置 reads it (db/shop.ts `shopState`): for a
 * shop authorised on its platform the refresh token's expiry (the sync renews the access token, and
 * with it the refresh token, before they end; null when the platform does not say), for a shop typed
 * in by hand `auth_expires_at`.
 */
const AUTHORISED_UNTIL =
  'CASE WHEN platform_shop_id IS NOT NULL THEN refresh_expires_at ELSE auth_expires_at END';

interface DueShop {
  id: number;
  account_id: number;
  name: string;
  platform: PlatformCode;
  until: number | null;
  expired: boolean;
}

/** Runs one sweep now (the job's work; tests call it too). Answers how many notifications it raised. */
export async function sweepAuthExpiry(db: Db, nowS: number): Promise<number> {
  let raised = 0;
  let after = 0;
  for (;;) {
    // Authorised shops expiring within the warning, and shops whose authorisation has run out (by
    // their time, or marked 授权已过期 by the authorisation or the sync).
    const shops = await db.query<DueShop>(
      `SELECT id, account_id, name, platform, until,
              (auth_status = 'expired' OR until <= $1) AS expired
         FROM (SELECT id, account_id, name, platform, auth_status, ${AUTHORISED_UNTIL} AS until
                 FROM shops WHERE id > $3) s
        WHERE auth_status = 'expired' OR (auth_status = 'authorized' AND until <= $2)
        ORDER BY id LIMIT ${BATCH}`,
      [nowS, nowS + AUTH_EXPIRY_WARNING_DAYS * 86_400, after],
    );
    for (const shop of shops) {
      const state = shop.expired ? 'auth-expired' : 'auth-expiring';
      const key = `shop:${shop.id}:${state}:${shop.until ?? 0}`;
      if (await everNotified(db, shop.account_id, key)) continue;
      const where = `「${shop.name}」（${PLATFORM_NAMES[shop.platform] ?? shop.platform}）`;
      const date = shop.until ? shanghaiDate(Number(shop.until)) : '';
      await notify(
        db,
        {
          accountId: shop.account_id,
          kind: 'shop_auth',
          key,
          title: shop.expired ? '店铺授权已过期' : '店铺授权即将过期',
          body: shop.expired
            ? `${where}的授权已过期${date ? `（${date}）` : ''}，订单不再同步，请重新授权`
            : `${where}的授权将于 ${date} 过期，请及时重新授权`,
          link: shopLink(shop.name),
          shopId: shop.id,
        },
        nowS,
      );
      raised++;
    }
    if (shops.length < BATCH) break;
    after = shops[shops.length - 1]?.id ?? after;
  }
  await pruneNotifications(db, nowS);
  return raised;
}

/** The sweep as a kind of the job runner: at most one sweep per `everyMs` across every instance. */
export function authExpiryKind(db: Db, now: () => number, options: AuthExpiryOptions = {}): JobKind {
  const everyS = Math.max(1, Math.round((options.everyMs ?? 3_600_000) / 1000));
  return {
    name: AUTH_EXPIRY_KIND,
    concurrency: 1,
    pollMs: Math.min(60_000, everyS * 1000),
    async claim(): Promise<Job | undefined> {
      const nowS = Math.floor(now() / 1000);
      if (!(await takeLease(db, LEASE_KEY, nowS + everyS, nowS))) return undefined;
      return async () => {
        await sweepAuthExpiry(db, Math.floor(now() / 1000));
      };
    },
  };
}

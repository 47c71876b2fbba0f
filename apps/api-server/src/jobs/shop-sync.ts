import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';
import { notify } from '../db/notifications';
import { type StoreResult, storePlatformOrders } from '../db/platform-order';
import {
  advanceCursor,
  type ClaimedShop,
  claimDueShop,
  finishSync,
  LeaseLost,
  leaseHolder,
  recordSyncCounts,
  SYNC_RULES,
  type SyncOutcome,
} from '../db/shop-sync';
import { openShopTokens, type ShopTokens } from '../db/shop-tokens';
import type { Logger } from '../log';
import {
  type OrderWindow,
  PLATFORM_NAMES,
  type PlatformCode,
  type PlatformConnector,
  PlatformError,
  type PlatformOrder,
} from '../platforms/connector';
import { withFreshToken } from '../platforms/fresh-token';
import { refreshShopTokens } from '../platforms/shop-calls';
import type { SecretBox } from '../security/secret-box';
import type { JobKind } from './runner';

/** Failures in a row after which the account is told (once, until it reads it or the sync recovers). */
export const SYNC_FAILURES_NOTIFIED = 3;

/** 订单同步失败 in the bell: the shop's authorisation lost, or 3 failures in a row; opens 店铺设置. */
async function notifySyncFailing(db: Db, shop: ClaimedShop, error: string, nowS: number) {
  const [row] = await db.query<{ name: string }>('SELECT name FROM shops WHERE id = $1', [shop.id]);
  if (!row) return;
  await notify(
    db,
    {
      accountId: shop.accountId,
      kind: 'order_sync',
      key: `order_sync:${shop.id}`,
      title: '店铺订单同步失败',
      body: `${row.name}：${error}`,
      link: `/shop/setting?keyword=${encodeURIComponent(row.name)}`,
      shopId: shop.id,
    },
    nowS,
  );
}

/**
 * The order sync of platform shops, one `JobKind` of the server's `JobRunner`: `claim()` takes one
 * due shop under a lease (db/shop-sync.ts), and the job brings its orders up to date window by window:
 *
 * - per shop a cursor on the platform's update time; windows no longer than the connector's
 *   `maxWindowSeconds`, never starting before its `maxLookbackSeconds`, each starting
 *   `overlapSeconds` before the previous one ended and the last ending now, so a new order is stored by
 *   the next sync; the cursor moves at most to `settleSeconds` before now (the platforms' advice: a
 *   change may reach their index late), and the next run reads again from before it (the overlap, which
 *   is longer than the settle time); a first sync starts `firstSyncSeconds` (24 h) before that point;
 * - a window is read page by page: the first page gives the total, then the pages are read from the
 *   last back to the first (拼多多's advice: an order that changes while we page leaves the window,
 *   and the ones after it move one place forward, onto a page not read yet; the order itself comes
 *   back in a later window with its new update time); an order read twice is stored once;
 * - the window's orders are stored and the cursor moved in one transaction (db/platform-order.ts),
 *   so a window is kept whole or not at all, and a failed window is read again whole next time (an
 *   empty window moves the cursor with the next window that has orders);
 * - failures (`PlatformError.kind`): `token_expired` refreshes the token once and retries the call,
 *   and tokens whose access or refresh token expires within `refreshAheadSeconds` are refreshed
 *   before the sync starts;
 *   `auth` (the refresh refused) makes the shop 授权已过期 and stops its sync until re-authorised;
 *   anything else (rate limit, server, network, an answer that is not the platform's) ends the run
 *   with the cursor where the last whole window left it, the message kept for the seller, and the
 *   shop due again after a backoff (30 s doubling to 30 min).
 */

export const SHOP_SYNC_KIND = 'shop-sync';

/** Where the sync gets a platform's connector: null when the platform is disabled or not configured. */
export type ConnectorSource = (platform: PlatformCode) => Promise<PlatformConnector | null>;

export interface ShopSyncOptions {
  /** Shops synced at once by this process. Default 4. */
  concurrency?: number;
  /** How often to look for due shops while none is. Default 5 s. */
  pollMs?: number;
  /** Syncs every shop this often instead of its account's 订单同步间隔 (the sandbox demo: 60 s). */
  everySeconds?: number;
  /**
   * `SHOP_SYNC_FALLBACK_SECONDS`: the longest time between two syncs of a shop when the platform's
   * messages do not come (its account's 订单同步间隔 when that is longer). Default
   * `SYNC_RULES.fallbackSeconds` (5 minutes).
   */
  fallbackSeconds?: number;
  /**
   * How long a claim holds a shop, renewed at every window: after a crash the shop waits this long
   * before another run takes it. Default `SYNC_RULES.leaseSeconds` (5 minutes); longer than the
   * slowest window (its pages and its transaction), or a live run loses its lease.
   */
  leaseSeconds?: number;
}

export interface ShopSyncDeps {
  db: Db;
  box: SecretBox;
  /** The clock (ms). */
  now: () => number;
  log: Logger;
  connector: ConnectorSource;
  options?: ShopSyncOptions;
}

const PLATFORM_CODES = Object.keys(PLATFORM_NAMES) as PlatformCode[];

function leaseSecondsOf(deps: ShopSyncDeps): number {
  return deps.options?.leaseSeconds ?? SYNC_RULES.leaseSeconds;
}

/**
 * The time from a successful sync to the next (db/shop-sync.ts `finishSync`): the server's fallback
 * (`fallbackSeconds`), or the account's 订单同步间隔 when that is longer; never under the floor.
 */
export function syncIntervalSeconds(deps: Pick<ShopSyncDeps, 'options'>, shop: ClaimedShop): number {
  const fallback = deps.options?.fallbackSeconds ?? SYNC_RULES.fallbackSeconds;
  return Math.max(SYNC_RULES.floorSeconds, fallback, shop.intervalSeconds);
}

/** The `JobKind` to register with the server's `JobRunner`. */
export function shopSyncKind(deps: ShopSyncDeps): JobKind {
  return {
    name: SHOP_SYNC_KIND,
    concurrency: deps.options?.concurrency ?? 4,
    pollMs: deps.options?.pollMs ?? 5_000,
    async claim() {
      const platforms: PlatformCode[] = [];
      for (const platform of PLATFORM_CODES) if (await deps.connector(platform)) platforms.push(platform);
      const token = randomBytes(16).toString('hex');
      const nowS = Math.floor(deps.now() / 1000);
      const shop = await claimDueShop(deps.db, {
        nowS,
        platforms,
        token,
        leaseSeconds: leaseSecondsOf(deps),
      });
      if (!shop) return undefined;
      deps.log.debug('shop sync claimed', {
        shopId: shop.id,
        lease: token.slice(0, 8),
        nowS,
        cursor: shop.cursor,
      });
      return async () => {
        await syncShop(deps, shop, token);
      };
    },
  };
}

/** What one run did (for the log and the tests). */
export interface SyncReport extends StoreResult {
  windows: number;
  calls: number;
  outcome: SyncOutcome | 'lease lost';
}

/** Syncs one claimed shop and gives its lease up. */
export async function syncShop(deps: ShopSyncDeps, shop: ClaimedShop, token: string): Promise<SyncReport> {
  const { db, box, log } = deps;
  const nowS = () => Math.floor(deps.now() / 1000);
  const report: SyncReport = {
    windows: 0,
    calls: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    outcome: { ok: true },
  };
  let outcome: SyncOutcome;
  try {
    const connector = await deps.connector(shop.platform);
    if (!connector)
      throw new PlatformError(shop.platform, 'invalid', `${PLATFORM_NAMES[shop.platform]}已停用，暂停同步`);
    let tokens = await openShopTokens(db, box, shop.id);
    if (!tokens)
      throw new PlatformError(shop.platform, 'auth', `${PLATFORM_NAMES[shop.platform]}店铺尚未授权`);
    // Renewed before either token lapses: a lapsed refresh token means the seller authorises again.
    const ending = Math.min(tokens.expiresAt ?? Infinity, tokens.refreshExpiresAt ?? Infinity);
    if (ending - nowS() < SYNC_RULES.refreshAheadSeconds) {
      tokens = await refreshShopTokens(db, box, connector, shop.id, tokens);
    }
    let current: ShopTokens = tokens;
    let refreshed = false;
    /** One platform call; an expired token is refreshed once per run and the call made again. */
    const call = <T>(fn: (accessToken: string) => Promise<T>): Promise<T> => {
      report.calls += 1;
      if (refreshed) return fn(current.accessToken);
      return withFreshToken(current.accessToken, fn, async () => {
        refreshed = true;
        current = await refreshShopTokens(db, box, connector, shop.id, current);
        report.calls += 1;
        return current.accessToken;
      });
    };

    const runAt = nowS();
    const windows = windowsOf(connector, shop.cursor, runAt);
    // Every change up to here is surely stored once the windows are: the platforms' settle point.
    const settled = runAt - SYNC_RULES.settleSeconds;
    for (const [i, window] of windows.entries()) {
      const orders = await readWindow(connector, call, window);
      report.windows += 1;
      // An empty window moves the cursor with the next one that has orders (or the last): a first sync
      // is mostly empty windows, and a failure after them only reads them again.
      if (orders.length === 0 && i < windows.length - 1) continue;
      await db.transaction(async (tx) => {
        const cursor = Math.max(shop.cursor ?? 0, Math.min(window.end, settled));
        await advanceCursor(tx, {
          shopId: shop.id,
          token,
          cursor,
          leaseSeconds: leaseSecondsOf(deps),
        });
        const stored = await storePlatformOrders(tx, shop, orders, nowS());
        report.inserted += stored.inserted;
        report.updated += stored.updated;
        report.unchanged += stored.unchanged;
        report.skipped += stored.skipped;
      });
    }
    outcome = { ok: true };
  } catch (error) {
    if (error instanceof LeaseLost) {
      // Another instance took the shop over after our lease ran out: it owns the state now.
      log.warn('shop sync lease lost', {
        shopId: shop.id,
        lease: token.slice(0, 8),
        nowS: nowS(),
        holder: await leaseHolder(db, shop.id),
      });
      report.outcome = 'lease lost';
      return report;
    }
    if (error instanceof PlatformError) {
      outcome = { ok: false, error: error.message, authLost: error.kind === 'auth' };
      log.warn('shop sync failed', {
        shopId: shop.id,
        kind: error.kind,
        code: error.code,
        platformMessage: error.platformMessage,
      });
    } else {
      outcome = { ok: false, error: '同步订单时出错，稍后自动重试' };
      log.error('shop sync failed', { shopId: shop.id, error: String(error) });
    }
  }
  report.outcome = outcome;
  await recordSyncCounts(db, { shopId: shop.id, token, inserted: report.inserted, updated: report.updated });
  const failures = await finishSync(db, {
    shopId: shop.id,
    token,
    nowS: nowS(),
    intervalSeconds: deps.options?.everySeconds ?? syncIntervalSeconds(deps, shop),
    outcome,
  });
  if (!outcome.ok && (outcome.authLost || failures === SYNC_FAILURES_NOTIFIED)) {
    await notifySyncFailing(db, shop, outcome.error, nowS());
  }
  log.info('shop synced', {
    shopId: shop.id,
    ok: outcome.ok,
    windows: report.windows,
    calls: report.calls,
    inserted: report.inserted,
    updated: report.updated,
  });
  return report;
}

/**
 * The windows of one run, oldest first: from the cursor (less the overlap; for a first sync 24 h before
 * the settle point; never before the platform's lookback) to now. The caller moves the cursor no further
 * than `settleSeconds` before now.
 */
export function windowsOf(
  connector: Pick<PlatformConnector, 'maxWindowSeconds' | 'maxLookbackSeconds'>,
  cursor: number | null,
  nowS: number,
): OrderWindow[] {
  const endBound = nowS;
  // A minute inside the lookback, so the window is still allowed when the platform's clock is ahead.
  const earliest = nowS - connector.maxLookbackSeconds + 60;
  const overlap = Math.min(SYNC_RULES.overlapSeconds, Math.floor(connector.maxWindowSeconds / 4));
  if (cursor !== null && cursor >= endBound) return [];
  let start = Math.max(
    earliest,
    cursor === null ? nowS - SYNC_RULES.settleSeconds - SYNC_RULES.firstSyncSeconds : cursor - overlap,
  );
  const windows: OrderWindow[] = [];
  for (;;) {
    const end = Math.min(start + connector.maxWindowSeconds, endBound);
    if (end <= start) break;
    windows.push({ start, end });
    if (end >= endBound) break;
    start = Math.max(earliest, end - overlap);
  }
  return windows;
}

/** The most pages read of one window (100 orders each): beyond it the window is an error. */
const MAX_PAGES = 1_000;

/**
 * Every order of one window: page 1 for the total, then from the last page back to page 1 (see the
 * module comment), then onwards if the total grew meanwhile.
 */
async function readWindow(
  connector: PlatformConnector,
  call: <T>(fn: (accessToken: string) => Promise<T>) => Promise<T>,
  window: OrderWindow,
): Promise<PlatformOrder[]> {
  const size = connector.maxPageSize;
  const first = await call((t) => connector.listChangedOrders(t, window, 1, size));
  if (!first.hasMore) return first.orders;
  const orders = [...first.orders];
  const last = Math.min(MAX_PAGES, Math.max(2, Math.ceil(first.total / size)));
  let lastHasMore = false;
  for (let page = last; page >= 1; page--) {
    const answer = await call((t) => connector.listChangedOrders(t, window, page, size));
    if (page === last) lastHasMore = answer.hasMore;
    orders.push(...answer.orders);
  }
  for (let page = last + 1; lastHasMore; page++) {
    if (page > MAX_PAGES) {
      throw new PlatformError(
        connector.platform,
        'bad_answer',
        `${PLATFORM_NAMES[connector.platform]}订单分页过多，稍后自动重试`,
      );
    }
    const answer = await call((t) => connector.listChangedOrders(t, window, page, size));
    orders.push(...answer.orders);
    lastHasMore = answer.hasMore;
  }
  return orders;
}

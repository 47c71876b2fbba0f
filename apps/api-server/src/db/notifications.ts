import {
  isInternalLink,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type Page,
} from '@consign/api-client';
import { publish } from '../live/hub';
import type { Queryable } from './db';
import type { Change } from './log';
import { inShops, notFound, type Scope } from './scope';

/**
 * 消息通知: what a seller account is told in the header's bell (migration 0023). A notification
 * belongs to the account, so every member who may open it sees it (its kind needs the permission of the
 * page it links to: `NOTIFICATION_PERMISSIONS`); read or not is each user's own (`notification_reads`):
 * one member reading 授权即将过期 does not hide it from the others, who may be the ones to act on it. Background work (the authorisation sweep, the order sync, the writeback)
 * raises them with {@link notify}; the routes (routes/notification.ts) read and mark them.
 */

export interface NotifyInput {
  accountId: number;
  kind: NotificationKind;
  /**
   * What it is about, one event: `shop:3:auth-expiring:1764400000`. While a notification with this
   * key is open (nobody of the account has read it yet), notify() refreshes its title, body and link
   * instead of adding another; once read, the same key raises a new one.
   */
  key: string;
  title: string;
  body: string;
  /** An internal path of the app (`/shop/setting?shop_id=3`, `/order/index?keyword=...`), or ''. */
  link: string;
  /**
   * The shop it is about (a shop's authorisation or sync, an order's writeback or purchase), so that
   * members limited to other shops do not see it (db/scope.ts); omitted: the whole account's.
   */
  shopId?: number | null;
}

export const NOTIFICATION_TITLE_MAX = 64;
export const NOTIFICATION_BODY_MAX = 300;
/** Notifications older than this are deleted by the sweep (read or not). */
export const NOTIFICATION_KEEP_DAYS = 90;

/** At most `max` characters (code points, so an emoji is never cut in half). */
function clip(value: string, max: number): string {
  const chars = Array.from(value.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Raises a notification for an account, or refreshes the open one with the same `key` (so a sweep or
 * a retry loop that calls it again and again leaves one notification, not one per call). Safe to call
 * from several instances at once (the open key is unique in the database). `link` must be an
 * internal path (else it throws: a programming error, never a user's input). Title and body are
 * clipped to 64 and 300 characters.
 */
export async function notify(
  db: Queryable,
  input: NotifyInput,
  nowS: number = Math.floor(Date.now() / 1000),
): Promise<{ id: number; created: boolean }> {
  if (!NOTIFICATION_KINDS.includes(input.kind)) throw new Error(`unknown notification kind ${input.kind}`);
  if (input.link !== '' && !isInternalLink(input.link)) {
    throw new Error(`notification link must be an internal path: ${JSON.stringify(input.link)}`);
  }
  const key = input.key.slice(0, 200);
  if (key === '') throw new Error('notification key is empty');
  const [row] = await db.query<{ id: number; created: boolean }>(
    `INSERT INTO notifications (account_id, kind, key, title, body, link, created_at, shop_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, key) WHERE open
       DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link, kind = EXCLUDED.kind,
         shop_id = EXCLUDED.shop_id
     RETURNING id, (xmax = 0) AS created`,
    [
      input.accountId,
      input.kind,
      key,
      clip(input.title, NOTIFICATION_TITLE_MAX),
      clip(input.body, NOTIFICATION_BODY_MAX),
      input.link,
      nowS,
      input.shopId ?? null,
    ],
  );
  if (!row) throw new Error('notify: no row');
  await publish(db, { accountId: input.accountId, topic: 'notifications' });
  return row;
}

/** Whether the account was ever told about `key` (read or not): what the sweeps notify once. */
export async function everNotified(db: Queryable, accountId: number, key: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM notifications WHERE account_id = $1 AND key = $2 LIMIT 1', [
    accountId,
    key,
  ]);
  return rows.length > 0;
}

const SELECT = `n.id, n.kind, n.title, n.body, n.link, n.created_at, (r.user_id IS NOT NULL) AS read
  FROM notifications n
  LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2`;

/**
 * Who reads the bell: the user, and the notification kinds they may open (`notificationKindsFor` of
 * the contract: a kind needs the permission of the page its link opens). Every function below sees
 * only those kinds, so a member without 管理店铺 neither lists, counts nor marks a shop's notifications.
 */
export interface Reader {
  userId: number;
  kinds: readonly NotificationKind[];
}

/**
 * A member limited to some shops (db/scope.ts) sees the account's notifications about none (shop_id
 * NULL) and those about their shops: ` AND (...)` with the shops appended to `params`, '' for all.
 */
function aboutShops(scope: Scope, params: unknown[]): string {
  const shops = inShops(scope, 'n.shop_id', params);
  return shops && ` AND (n.shop_id IS NULL OR ${shops.slice(' AND '.length)})`;
}

/** A page of the account's notifications for the reader: unread first, then newest first. */
export async function listNotifications(
  scope: Scope,
  reader: Reader,
  params: { pageIndex: number; pageSize: number },
): Promise<Page<Notification>> {
  const listParams: unknown[] = [
    scope.accountId,
    reader.userId,
    params.pageSize,
    (params.pageIndex - 1) * params.pageSize,
    reader.kinds,
  ];
  const countParams: unknown[] = [scope.accountId, reader.kinds];
  const [list, [count]] = await Promise.all([
    scope.db.query<Notification>(
      `SELECT ${SELECT} WHERE n.account_id = $1 AND n.kind = ANY($5::text[])${aboutShops(scope, listParams)}
       ORDER BY (r.user_id IS NOT NULL), n.created_at DESC, n.id DESC LIMIT $3 OFFSET $4`,
      listParams,
    ),
    scope.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM notifications n
       WHERE n.account_id = $1 AND n.kind = ANY($2::text[])${aboutShops(scope, countParams)}`,
      countParams,
    ),
  ]);
  return { list, total: count?.total ?? 0 };
}

/** How many of the account's notifications the reader may open and has not read. */
export async function unreadCount(scope: Scope, reader: Reader): Promise<number> {
  const params: unknown[] = [scope.accountId, reader.userId, reader.kinds];
  const [row] = await scope.db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM notifications n
     WHERE n.account_id = $1 AND n.kind = ANY($3::text[])${aboutShops(scope, params)}
       AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $2)`,
    params,
  );
  return row?.unread ?? 0;
}

/** Marks one of the account's notifications read for the reader (another account's, or a kind they may not open: 404). */
export async function markRead(
  scope: Scope,
  reader: Reader,
  id: number,
  nowS: number,
): Promise<{ row: Notification; change: Change }> {
  const userId = reader.userId;
  const params: unknown[] = [id, userId, scope.accountId, reader.kinds];
  const [found] = await scope.db.query<Notification>(
    `SELECT ${SELECT} WHERE n.id = $1 AND n.account_id = $3 AND n.kind = ANY($4::text[])${aboutShops(scope, params)}`,
    params,
  );
  if (!found) throw notFound();
  await scope.db.query(
    `INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [id, userId, nowS],
  );
  await scope.db.query('UPDATE notifications SET open = false WHERE id = $1 AND open', [id]);
  return {
    row: { ...found, read: true },
    change: {
      target: { type: 'notification', id, name: found.title },
      before: { read: found.read },
      after: { read: true },
    },
  };
}

/** 全部已读: marks every notification of the account the reader may open read; answers how many were unread. */
export async function markAllRead(
  scope: Scope,
  reader: Reader,
  nowS: number,
): Promise<{ marked: number; change: Change }> {
  const params: unknown[] = [scope.accountId, reader.userId, nowS, reader.kinds];
  const marked = await scope.db.query<{ id: number }>(
    `INSERT INTO notification_reads (notification_id, user_id, read_at)
     SELECT n.id, $2, $3 FROM notifications n
     WHERE n.account_id = $1 AND n.kind = ANY($4::text[])${aboutShops(scope, params)}
     ON CONFLICT DO NOTHING
     RETURNING notification_id AS id`,
    params,
  );
  if (marked.length > 0) {
    await scope.db.query('UPDATE notifications SET open = false WHERE id = ANY($1::int[]) AND open', [
      marked.map((row) => row.id),
    ]);
  }
  return {
    marked: marked.length,
    change: {
      target: { type: 'notification', id: null, name: '全部通知' },
      before: { unread: marked.length },
      after: { unread: 0 },
    },
  };
}

/** Deletes the notifications older than {@link NOTIFICATION_KEEP_DAYS} (their reads go with them). */
export async function pruneNotifications(db: Queryable, nowS: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM notifications WHERE id IN (
       SELECT id FROM notifications WHERE created_at < $1 LIMIT 10000) RETURNING id`,
    [nowS - NOTIFICATION_KEEP_DAYS * 86_400],
  );
  return rows.length;
}

import type { LogChange, LogEntry, Page } from '@consign/api-client';
import type { BodyOf } from '../contract';
import type { Queryable } from './db';
import { dayEndExclusive, dayStart, Filters, likePattern, NEWEST_FIRST, page } from './list';
import type { Scope } from './scope';

/**
 * The operation log (操作日志). The data functions of a write describe what they changed as a
 * {@link Change}; the `audit` middleware (middleware/audit.ts) appends the entry (who, where from,
 * which action) in the transaction of the change itself, so both commit or neither does. Secrets
 * never reach the table.
 */

/** What a write changed: the record and its fields before (null: created) and after (null: deleted). */
export interface Change {
  target: { type: string; id: number | null; name: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What a write function answers: the saved row and what changed. */
export interface Saved<T> {
  row: T;
  change: Change;
}

/** Fields whose values the log never holds, only that they changed. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'app_secret',
  'access_token',
  'token',
  'password',
  'sms_code',
]);
export const MASK = '******';

/** Bookkeeping columns that change with every save and tell a reader nothing. */
const NOT_LOGGED: ReadonlySet<string> = new Set(['version', 'updated_at']);

/**
 * The fields that differ between `before` and `after`: all of them for a create (before null) and a
 * delete (after null). Secrets show only as changed ({@link MASK}).
 */
export function changedFields({ before, after }: Pick<Change, 'before' | 'after'>): LogChange[] {
  const fields: LogChange[] = [];
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (NOT_LOGGED.has(field)) continue;
    const old = before?.[field] ?? null;
    const value = after?.[field] ?? null;
    if (before && after && JSON.stringify(old) === JSON.stringify(value)) continue;
    fields.push(
      SECRET_FIELDS.has(field)
        ? { field, before: old === null ? null : MASK, after: value === null ? null : MASK }
        : { field, before: old, after: value },
    );
  }
  return fields;
}

/** One entry to append. */
export interface LogRecord {
  accountId: number | null;
  /** Who; their mobile and nickname are copied in as they are now. */
  userId: number | null;
  ip: string;
  action: string;
  actionLabel: string;
  change: Change | null;
  at: number;
  /** The operation did not succeed: why, in the seller's words (null or absent: it succeeded). */
  failure?: string | null;
  /** Without a user: who the entry names instead (`系统` for background work). */
  actorName?: string;
}

export async function appendLog(db: Queryable, r: LogRecord): Promise<void> {
  await db.query(
    `INSERT INTO operation_log (account_id, user_id, actor_mobile, actor_name, ip, action, action_label,
       target_type, target_id, target_name, changes, created_at, failure)
     SELECT $1, $2, COALESCE(u.mobile, ''), COALESCE(u.nickname, $12, ''), $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11
     FROM (SELECT 1) one LEFT JOIN users u ON u.id = $2`,
    [
      r.accountId,
      r.userId,
      r.ip.slice(0, 64),
      r.action,
      r.actionLabel,
      r.change?.target.type ?? r.action.split('.')[0],
      r.change?.target.id ?? null,
      (r.change?.target.name ?? '').slice(0, 200),
      JSON.stringify(r.change ? changedFields(r.change) : []),
      r.at,
      r.failure?.slice(0, 500) ?? null,
      r.actorName ?? null,
    ],
  );
}

/**
 * A background operation on an order that ended failed (自动采购, 自动付款, 发货回传): an entry of its
 * own, failed, with the reason the order shows. `userId` null is background work (操作人 系统).
 */
export async function logOrderFailure(
  db: Queryable,
  r: Omit<LogRecord, 'ip' | 'change' | 'failure'> & {
    orderId: number;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    failure: string;
  },
): Promise<void> {
  const [order] = await db.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [
    r.orderId,
  ]);
  await appendLog(db, {
    accountId: r.accountId,
    userId: r.userId,
    ip: '',
    action: r.action,
    actionLabel: r.actionLabel,
    change: {
      target: { type: 'order', id: r.orderId, name: order?.order_no ?? String(r.orderId) },
      before: r.before,
      after: r.after,
    },
    at: r.at,
    failure: r.failure,
  });
}

/**
 * A page of the account's log, newest first; with `withPlatform` (operators) also the platform
 * changes (`account_id IS NULL`).
 */
export function listLog(
  scope: Scope,
  params: BodyOf<'/api/log/index'>,
  { withPlatform }: { withPlatform: boolean },
): Promise<Page<LogEntry>> {
  const f = new Filters();
  const account = f.p(scope.accountId);
  f.and(withPlatform ? `(l.account_id = ${account} OR l.account_id IS NULL)` : `l.account_id = ${account}`);
  const actor = likePattern(params.actor);
  if (actor) {
    const k = f.p(actor);
    f.and(`(l.actor_mobile ILIKE ${k} OR l.actor_name ILIKE ${k})`);
  }
  if (params.action) f.and(`l.action = ${f.p(params.action)}`);
  if (params.start_date) f.and(`l.created_at >= ${f.p(dayStart(params.start_date))}`);
  if (params.end_date) f.and(`l.created_at < ${f.p(dayEndExclusive(params.end_date))}`);
  return page<LogEntry>(
    scope.db,
    {
      table: 'operation_log',
      alias: 'l',
      filters: f,
      order: NEWEST_FIRST,
      select: `l.id, l.created_at, l.user_id, l.actor_mobile, l.actor_name, l.account_id, l.ip, l.action,
        l.action_label, l.target_type, l.target_id, l.target_name, l.changes, l.failure`,
    },
    params,
  );
}

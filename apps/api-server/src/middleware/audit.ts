import { type ApiPath, apiRoutes, auditAction, type RouteContract } from '@consign/api-client/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db, Queryable } from '../db/db';
import { appendLog, type Change } from '../db/log';
import { withDb } from '../db/scope';
import type { ApiEnv } from '../env';
import { clientIp } from '../http/client-ip';
import { publishWrite } from '../live/hub';

/** Who did it, when the call itself decides (sign-in); otherwise the signed-in caller. */
export interface Actor {
  userId: number;
  accountId: number;
}

/**
 * The labelled calls that commit in parts, each part with its own log entry through {@link logged}:
 * the batches and the tracking-number import commit order by order (a crash mid-batch keeps the
 * orders done so far, each with its entry), and the sign-in counts a wrong code even though the call
 * then fails. Every other labelled call runs in the one transaction `audit` opens.
 */
const COMMITS_IN_PARTS: ReadonlySet<ApiPath> = new Set<ApiPath>([
  '/api/default/login',
  '/api/order/batch-purchase',
  '/api/order/batch-ship',
  '/api/order/batch-cancel',
  '/api/order/import-apply',
  '/api/order/import-orders-apply',
  // Each try to add a member by mobile is counted, refused ones too (team-rules.ts); the save is the part.
  '/api/team/member-save',
  // 查看完整收货信息 calls the platform (seconds, spending quota) outside any transaction, then logs.
  '/api/order/receiver-decrypt',
  // The OAuth state is taken back for good and the platform called outside a transaction; the shop is the part.
  '/api/shop/authorise-callback',
  // purchase: 一键采购 queues each order with its entry; 关联货源 reads 1688 outside a transaction.
  '/api/purchase/start',
  '/api/purchase/link',
  // The same for the seller's 1688 buyer account: the account is the part.
  '/api/supplier/authorise-callback',
]);

/** Thrown inside the call's transaction to roll it back when the call did not succeed. */
const NOT_A_SUCCESS = Symbol('not a success');

/**
 * What a write route reports for the operation log: the record its data function changed (a
 * {@link Change}: target, fields before and after). At most once per call; the entry is written in
 * the call's transaction, before it commits.
 */
export function recordChange(c: Context<ApiEnv>, change: Change) {
  if (!c.get('afterCommit')) {
    throw new Error(`${c.req.path}: recordChange outside the call's transaction (use logged())`);
  }
  c.set('change', change);
}

/**
 * Runs `fn` once the call's transaction has committed (at once when the call has none): waking a
 * worker for a row the call wrote, which another connection could not see before the commit.
 */
export function afterCommit(c: Context<ApiEnv>, fn: () => void) {
  const queue = c.get('afterCommit');
  if (queue) queue.push(fn);
  else fn();
}

/** The entry of a call, but for its change and actor. */
function entryOf(c: Context<ApiEnv>, contract: RouteContract, now: () => number, trustProxy?: boolean) {
  const path = c.req.path as ApiPath;
  return (change: Change | null, actor: Actor | null) => ({
    accountId: contract.access === 'operator' ? null : (actor?.accountId ?? null),
    userId: actor?.userId ?? null,
    ip: clientIp(c, trustProxy),
    action: auditAction(path),
    actionLabel: contract.audit ?? '',
    change,
    at: Math.floor(now() / 1000),
  });
}

function callerOf(c: Context<ApiEnv>): Actor | null {
  const auth = c.get('auth');
  return auth ? { userId: auth.userId, accountId: auth.accountId } : null;
}

/**
 * One part of a call that commits in parts ({@link COMMITS_IN_PARTS}): `work` runs in its own
 * transaction with a handle bound to it, and the log entry of what it changed is appended in the
 * same transaction, so the part and its entry commit together or not at all. A part that throws
 * changes and logs nothing. `actor` is who did it when the call decides (the sign-in).
 */
export async function logged<T>(
  c: Context<ApiEnv>,
  work: (tx: Queryable) => Promise<{ row: T; change: Change; actor?: Actor }>,
): Promise<T> {
  const append = c.get('logPart');
  if (!append) throw new Error(`${c.req.path}: logged() in a call that does not commit in parts`);
  return append(work);
}

/**
 * The operation log (操作日志): every call whose contract entry has an `audit` label commits its
 * change together with exactly one entry describing it (who, which account: none for `operator`
 * calls, which change the platform; when, the IP as `TRUST_PROXY` says, the action, and the change
 * the route reported with {@link recordChange}). For such a call this middleware opens ONE
 * transaction around the route and hands the route a `scope` and `database` bound to it (nested
 * `inTransaction` calls join it); the entry is appended inside it once the route succeeded (HTTP
 * 200, nothing thrown), and a failed or refused call is rolled back whole: it changes and logs
 * nothing. A crash before the commit loses both, never one of them. The calls of
 * {@link COMMITS_IN_PARTS} log each committed part through {@link logged} instead.
 * `test/audit.test.ts` calls every path of the contract and fails for a call that changes data
 * without its entry.
 */
export function audit({ db, now, trustProxy }: { db: Db; now: () => number; trustProxy?: boolean }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const path = c.req.path as ApiPath;
    const contract: RouteContract | undefined = apiRoutes[path];
    if (!contract?.audit) return next();
    const entry = entryOf(c, contract, now, trustProxy);
    // The entry, and the live event of the change to the open pages of the account (live/hub.ts).
    const logAndPublish = async (tx: Queryable, change: Change | null, actor: Actor | null) => {
      const record = entry(change, actor);
      await appendLog(tx, record);
      if (record.accountId !== null) await publishWrite(tx, record.accountId, path, change);
    };

    if (COMMITS_IN_PARTS.has(path)) {
      c.set('logPart', (work) =>
        db.transaction(async (tx) => {
          const { row, change, actor } = await work(tx);
          await logAndPublish(tx, change, actor ?? callerOf(c));
          return row;
        }),
      );
      return next();
    }

    const committed: (() => void)[] = [];
    const outside = { database: c.get('database'), scope: c.get('scope') };
    try {
      await db.transaction(
        async (tx) => {
          c.set('database', tx);
          c.set('scope', outside.scope ? withDb(outside.scope, tx) : null);
          c.set('afterCommit', committed);
          await next();
          if (c.error || c.res.status !== 200) throw NOT_A_SUCCESS;
          await logAndPublish(tx, c.get('change') ?? null, callerOf(c));
          // Once: the route cannot run twice in one request. A deadlock here answers 409 (app.ts).
        },
        { retry: false },
      );
    } catch (error) {
      // The route's answer (its error envelope) stands; its writes are rolled back.
      if (error !== NOT_A_SUCCESS) throw error;
      return;
    } finally {
      // The handles bound to the transaction end with it.
      c.set('database', outside.database);
      c.set('scope', outside.scope);
      c.set('afterCommit', undefined);
    }
    for (const fn of committed) fn();
  });
}

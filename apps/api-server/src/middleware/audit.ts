import { type ApiPath, apiRoutes, auditAction, type RouteContract } from '@consign/api-client/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Queryable } from '../db/db';
import { appendLog, type Change } from '../db/log';
import type { ApiEnv } from '../env';
import { clientIp } from '../http/client-ip';

/** Who did it, when the call itself decides (sign-in); otherwise the signed-in caller. */
export interface Actor {
  userId: number;
  accountId: number;
}

/**
 * What a write route reports for the operation log: the record its data function changed (a
 * {@link Change}: target, fields before and after). At most once per call.
 */
export function recordChange(c: Context<ApiEnv>, change: Change, actor?: Actor) {
  c.set('change', change);
  if (actor) c.set('actor', actor);
}

/**
 * The operation log (操作日志): every call whose contract entry has an `audit` label appends exactly
 * one entry when it succeeds (HTTP 200, no error), whoever wrote the route: who, which account (none
 * for `operator` calls, which change the platform), when, the IP (as `TRUST_PROXY` says), the action,
 * and the change the route reported with {@link recordChange}. A failed or refused call logs nothing.
 * `test/audit.test.ts` calls every path of the contract and fails for a call that changes data
 * without an entry.
 */
export function audit({ db, now, trustProxy }: { db: Queryable; now: () => number; trustProxy?: boolean }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const path = c.req.path as ApiPath;
    const contract: RouteContract | undefined = apiRoutes[path];
    if (!contract?.audit) return next();
    await next();
    if (c.error || c.res.status !== 200) return;
    const auth = c.get('auth');
    const actor = c.get('actor') ?? (auth ? { userId: auth.userId, accountId: auth.accountId } : null);
    await appendLog(db, {
      accountId: contract.access === 'operator' ? null : (actor?.accountId ?? null),
      userId: actor?.userId ?? null,
      ip: clientIp(c, trustProxy),
      action: auditAction(path),
      actionLabel: contract.audit,
      change: c.get('change') ?? null,
      at: Math.floor(now() / 1000),
    });
  });
}

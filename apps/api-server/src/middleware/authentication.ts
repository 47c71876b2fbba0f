import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Queryable } from '../db/db';
import { type Scope, scopeOf } from '../db/scope';
import type { ApiEnv } from '../env';
import { HttpProblem, MESSAGES } from '../http/respond';
import type { TokenStore } from '../security/tokens';

/**
 * Who is calling: the user of a valid `Authorization: Bearer <token>` (active, in an active account),
 * else null. Sets `user` (the current user), `auth` (`{ userId, accountId, isOperator }`) and `scope`
 * (the caller's data boundary, db/scope.ts, with a member's shop restriction). Refuses nothing itself (public calls take an optional
 * token, e.g. logout); `authorisation` decides.
 */
export function authentication(tokens: TokenStore, db: Queryable) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    const caller = token ? await tokens.caller(token) : null;
    c.set('token', token);
    c.set('user', caller?.user ?? null);
    c.set(
      'auth',
      caller
        ? { userId: caller.user.id, accountId: caller.accountId, isOperator: caller.user.is_manage }
        : null,
    );
    c.set('scope', caller ? scopeOf(db, caller.accountId, caller.shopIds) : null);
    c.set('database', db);
    await next();
  });
}

/**
 * The database of a platform-wide call (operators' company and seller calls, sign-in): in a
 * labelled call, bound to the call's transaction like `scope(c)` (middleware/audit.ts). Such a route
 * never uses the `db` of its deps, which in a labelled call would run outside the transaction (and
 * on PGlite, whose one connection the transaction holds, wait for it forever).
 */
export function database(c: Context<ApiEnv>): Queryable {
  return c.get('database');
}

/** The caller's data boundary in a route of `user` access (authorisation made sure there is one). */
export function scope(c: Context<ApiEnv>): Scope {
  const value = c.get('scope');
  if (!value) throw new HttpProblem(401, MESSAGES.unauthorized);
  return value;
}

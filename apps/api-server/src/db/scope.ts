import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import type { Db, Queryable } from './db';

/**
 * The data boundary (docs/design.md#seller-accounts-permissions-and-the-operation-log): the one way into the business tables (shops, shop groups,
 * goods, orders, after-sale orders, copy records, settings). A `Scope` is the database handle bound
 * to the caller's seller account; every function of db/order.ts, shop.ts, goods.ts, copy.ts and
 * setting.ts takes it as its first parameter, has no other handle to the database, and filters every
 * query by `scope.accountId`. The authentication middleware makes it for a signed-in caller
 * (`c.get('scope')`), so a route cannot reach another account's rows, nor forget the filter.
 */
export interface Scope {
  readonly accountId: number;
  readonly db: Queryable;
}

export function scopeOf(db: Queryable, accountId: number): Scope {
  return { db, accountId };
}

/** What the API answers for a record that does not exist, or belongs to another account. */
export const NOT_FOUND_MESSAGE = '记录不存在';

export function notFound(): HttpProblem {
  return new HttpProblem(404, NOT_FOUND_MESSAGE);
}

/**
 * What the API answers (409) to a save whose `version` is no longer the record's: another save came
 * first, and this one changed nothing (`UPDATE ... WHERE id = $1 AND version = $2` found no row).
 */
export function staleRecord(): HttpProblem {
  return new HttpProblem(409, STALE_RECORD_MESSAGE);
}

/**
 * Runs `fn` in one transaction with a scope bound to it (committed when it resolves, rolled back when
 * it throws); inside a transaction already, it simply runs `fn`.
 */
export function inTransaction<T>(scope: Scope, fn: (tx: Scope) => Promise<T>): Promise<T> {
  const db = scope.db as Partial<Db>;
  if (typeof db.transaction !== 'function') return fn(scope);
  return db.transaction((tx) => fn(scopeOf(tx, scope.accountId)));
}

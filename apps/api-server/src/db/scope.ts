import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import type { Db, Queryable } from './db';
import type { Filters } from './list';

/**
 * The data boundary (docs/design.md#seller-accounts-permissions-and-the-operation-log): the one way into the business tables (shops, shop groups,
 * goods, orders, after-sale orders, copy records, settings). A `Scope` is the database handle bound
 * to the caller's seller account; every function of db/order.ts, shop.ts, goods.ts, copy.ts and
 * setting.ts takes it as its first parameter, has no other handle to the database, and filters every
 * query by `scope.accountId`. The authentication middleware makes it for a signed-in caller
 * (`c.get('scope')`), so a route cannot reach another account's rows, nor forget the filter.
 *
 * `shopIds` is the caller's shop restriction (子账号 店铺权限): null for every shop of the account (the
 * owner, a member without one, background work), else the only shops whose rows (orders, after-sale
 * orders, goods, copy records, writebacks, purchases, notifications about a shop, exports) the caller
 * reaches. Every query of such rows adds {@link inShops} / {@link shopFilter}; a row of another shop
 * answers 404 like another account's.
 */
export interface Scope {
  readonly accountId: number;
  readonly db: Queryable;
  readonly shopIds: readonly number[] | null;
}

/** The boundary of an account; of some of its shops only with `shopIds` (background work: every shop). */
export function scopeOf(db: Queryable, accountId: number, shopIds: readonly number[] | null = null): Scope {
  return { db, accountId, shopIds };
}

/** The same boundary over another handle (a transaction). */
export function withDb(scope: Scope, db: Queryable): Scope {
  return { ...scope, db };
}

/**
 * The shop restriction of a query with positional parameters: '' for every shop, else
 * ` AND <column> = ANY($n::int[])` with the shops appended to `params` (so build `params` first).
 */
export function inShops(scope: Scope, column: string, params: unknown[]): string {
  if (!scope.shopIds) return '';
  params.push(scope.shopIds);
  return ` AND ${column} = ANY($${params.length}::int[])`;
}

/** The shop restriction of a list's {@link Filters}: nothing for every shop. */
export function shopFilter(scope: Scope, f: Filters, column: string): void {
  if (scope.shopIds) f.and(`${column} = ANY(${f.p(scope.shopIds)}::int[])`);
}

/** Whether the caller may reach `shopId` (else the caller answers 404, as for another account's shop). */
export function reachesShop(scope: Scope, shopId: number): boolean {
  return !scope.shopIds || scope.shopIds.includes(shopId);
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
  return db.transaction((tx) => fn(withDb(scope, tx)));
}

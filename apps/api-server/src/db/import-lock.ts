import { HttpProblem } from '../http/respond';
import { takeLease } from './lease';
import type { Scope } from './scope';

/**
 * One import (导入快递单号: preview or apply) at a time per seller account, on every instance of one
 * database: a lease in `rate_limits` (migration 0006, shared by the instances) keyed `import:<account>`,
 * taken by one atomic upsert that only replaces a lease that has run out. It is given back when the
 * import ends, however it ends (answer, 4xx, error); a process that dies while holding it leaves it to
 * run out after `IMPORT_LEASE_SECONDS` (the sweeper then deletes it with the ended rate-limit windows).
 * Other accounts are not concerned; how many files are read at once in all is import-file.ts's limit.
 */

export const IMPORT_BUSY = '已有一个导入正在进行，请等它完成后再试';
/** Far above an import's longest run (a 15 s parse, then 1,000 guarded updates). */
export const IMPORT_LEASE_SECONDS = 300;

export async function withImportLock<T>(scope: Scope, nowS: number, fn: () => Promise<T>): Promise<T> {
  const key = `import:${scope.accountId}`;
  const until = nowS + IMPORT_LEASE_SECONDS;
  if (!(await takeLease(scope.db, key, until, nowS))) throw new HttpProblem(409, IMPORT_BUSY);
  try {
    return await fn();
  } finally {
    // Only its own lease: after a run past the lease, another import may hold the key by now.
    await scope.db.query('DELETE FROM rate_limits WHERE key = $1 AND window_ends_at = $2', [key, until]);
  }
}

import { HttpProblem } from '../http/respond';
import type { Queryable } from './db';
import { inTransaction, type Scope } from './scope';

/**
 * The one rule by which background workers take jobs, shared by every kind (exports, copies, and the
 * platform sync jobs to come): turns between seller accounts, and per-account limits on what may
 * wait. A kind's table has `id`, `account_id` and `status` (`queued`, `running`, then a final state).
 *
 * **Turns.** `claimNextJob` takes the oldest queued job of the account that has the fewest running
 * jobs of the kind, and among those the account whose last turn is the oldest (an account never
 * served comes first); the claim records the account's turn (`job_turns`, migration 0018) in the same
 * statement. So while one account has 100 jobs queued, another account's job is the next one
 * taken, not the 101st. `FOR UPDATE SKIP LOCKED`: instances sharing a Postgres never claim one job
 * twice and do not wait on each other.
 *
 * **Limits.** `admitJobs` refuses (429, a message naming the limit) jobs that would take an account
 * past `limit` unfinished (queued or running) jobs of the kind. It runs under a per-account advisory
 * lock in the transaction of the insert, so concurrent requests of one account cannot both pass.
 */
export interface JobQueue {
  /** Its table (a constant of the code, never input). */
  readonly table: 'export_jobs' | 'copy_records';
  /** Its name in `job_turns`. */
  readonly kind: string;
  /** Its key for `pg_advisory_xact_lock(key, account_id)` (distinct per kind). */
  readonly lockKey: number;
}

export const EXPORT_JOBS: JobQueue = { table: 'export_jobs', kind: 'export', lockKey: 72_728_001 };
export const COPY_JOBS: JobQueue = { table: 'copy_records', kind: 'copy', lockKey: 72_728_002 };

/** The database's clock in unix seconds: one clock for every instance (their own may disagree). */
export const DB_NOW_S = 'floor(extract(epoch FROM clock_timestamp()))::bigint';

/**
 * Claims the next queued job by the turns rule: sets `status = 'running'` and `set` (SQL assignments
 * with `$1`...`$n` from `params`), and answers the `returning` columns of the job, or undefined
 * when nothing is queued (or every queued job is being claimed by another instance).
 */
export async function claimNextJob<T>(
  db: Queryable,
  queue: JobQueue,
  claim: {
    set: string;
    params: readonly unknown[];
    returning: string;
    /** SQL over the queued job `j` (and `claim.params`): a job it is true of waits (a spent budget). */
    skip?: string;
  },
): Promise<T | undefined> {
  const kind = `$${claim.params.length + 1}`;
  const { table } = queue;
  const [job] = await db.query<T>(
    `WITH claimed AS (
       UPDATE ${table} SET status = 'running', ${claim.set}
       WHERE id = (
         SELECT j.id FROM ${table} j
         WHERE j.status = 'queued'${claim.skip ? ` AND NOT ${claim.skip}` : ''}
         ORDER BY
           (SELECT count(*) FROM ${table} r WHERE r.account_id = j.account_id AND r.status = 'running'),
           (SELECT t.last_turn FROM job_turns t WHERE t.kind = ${kind} AND t.account_id = j.account_id)
             NULLS FIRST,
           j.id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING ${claim.returning}, account_id AS turn_account_id
     ), turn AS (
       INSERT INTO job_turns (kind, account_id, last_turn)
       SELECT ${kind}, turn_account_id, nextval('job_turn_seq') FROM claimed
       ON CONFLICT (kind, account_id) DO UPDATE SET last_turn = EXCLUDED.last_turn
     )
     SELECT * FROM claimed`,
    [...claim.params, queue.kind],
  );
  if (!job) return undefined;
  const { turn_account_id: _, ...rest } = job as T & { turn_account_id: number };
  return rest as T;
}

/**
 * Runs `insert` (the new jobs of the caller's account) only if the account's unfinished jobs of the
 * kind plus `adding` stay within `limit`; else 429 with `refusal(unfinished)`. One transaction under
 * the account's lock for the kind, so two requests at once cannot both pass the count.
 */
export function admitJobs<T>(
  scope: Scope,
  queue: JobQueue,
  { adding, limit, refusal }: { adding: number; limit: number; refusal: (unfinished: number) => string },
  insert: (tx: Scope) => Promise<T>,
): Promise<T> {
  return inTransaction(scope, async (tx) => {
    await tx.db.query('SELECT pg_advisory_xact_lock($1, $2)', [queue.lockKey, tx.accountId]);
    const [row] = await tx.db.query<{ unfinished: number }>(
      `SELECT count(*)::int AS unfinished FROM ${queue.table}
       WHERE account_id = $1 AND status IN ('queued', 'running')`,
      [tx.accountId],
    );
    const unfinished = row?.unfinished ?? 0;
    if (unfinished + adding > limit) throw new HttpProblem(429, refusal(unfinished));
    return insert(tx);
  });
}

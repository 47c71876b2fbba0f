import type { LiveTopic } from '@consign/api-client';
import type { Queryable } from '../db/db';
import { inTransaction, type Scope } from '../db/scope';
import { HttpProblem } from '../http/respond';
import { publish } from '../live/hub';

/**
 * The one background-work queue of the server (docs/design.md#background-work-the-queue-decision): how
 * every job kind claims its next unit under a lease, takes turns between seller accounts, and writes a
 * claim's outcome fenced by the claim. The job's own table is the queue: the domain rows keep their
 * states (the UI shows them) and their exactly-once fencing; this module is the SQL they share.
 * `jobs/runner.ts` runs the kinds; each kind's file says what its work is.
 *
 * **Claim.** One statement: the next due job of the table is marked held (`FOR UPDATE SKIP LOCKED`,
 * so instances sharing a Postgres never claim one job twice and never wait on each other). A leased
 * table (`attempts`, `next_attempt_at`, `lease_until`, the database's clock in ms) has as due a waiting
 * job whose `next_attempt_at` passed and a held job whose `lease_until` ran out (its process died); the
 * claim adds 1 to `attempts` (the claim's fencing token) and sets the lease. Without turns the
 * earliest due job comes first.
 *
 * **Turns.** With `turns`, the accounts that have a due job are ranked first (the fewest held jobs of
 * the kind, then the oldest last turn in `job_turns`, an account never served first, then the oldest
 * job), and the first account's oldest due job is taken; the claim records the account's turn in the
 * same statement. So one account's backlog of 1,000 never holds another account's one job back, and a
 * long backlog costs one pass over it, not a count per job.
 *
 * **Finish.** Only the claim that holds a job writes its outcome: `WHERE id AND attempts AND status =
 * held` (`updateHeld`, `finishJob`); a claim taken over after its lease ran out writes nothing. A
 * retry is due again after `backoffMs`, the one backoff rule of every kind.
 *
 * **Recurring looks.** A queue with `lookAt` (the 1688 supplier follow-up) is a row looked at again and
 * again while it stays in one status: due when its `lookAt` time passed; the claim moves that time
 * `leaseMs` ahead (its next look, which is also its lease: a process that dies mid-look leaves it for
 * the next round) and changes nothing else; its writes are fenced by the status alone.
 *
 * **Limits.** `admitJobs` refuses jobs that would take an account past its limit of unfinished ones.
 */
export interface Queue {
  /** The job's table (a constant of the code, never input). */
  readonly table:
    | 'order_writebacks'
    | 'order_purchases'
    | 'export_jobs'
    | 'copy_records'
    | 'platform_events'
    | 'goods_listings';
  /** The status of a job waiting to be claimed. */
  readonly waiting: string;
  /** The status of a claimed job. */
  readonly held: string;
  /** The table has `attempts`, `next_attempt_at` and `lease_until`: due by time, leased, fenced. */
  readonly leased: boolean;
  /** Turns between accounts, under this name in `job_turns`; absent: the earliest due job first. */
  readonly turns?: string;
  /** Its key for `admitJobs`'s `pg_advisory_xact_lock(key, account_id)` (distinct per kind). */
  readonly lockKey?: number;
  /** A recurring look (see above): the column (ms) of a job's next look. */
  readonly lookAt?: 'next_poll_at' | 'monitor_next_at';
  /** The live pages' topic a change of the job's state changes (`publish` in `updateHeld`). */
  readonly live?: LiveTopic;
}

/** 发货回传 (jobs/writeback.ts). */
export const WRITEBACK_QUEUE: Queue = {
  table: 'order_writebacks',
  waiting: 'pending',
  held: 'sending',
  leased: true,
  live: 'orders',
};
/** 一键采购 (jobs/purchase.ts). */
export const PURCHASE_QUEUE: Queue = {
  table: 'order_purchases',
  waiting: 'queued',
  held: 'placing',
  leased: true,
  live: 'orders',
};

/** The 1688 supplier follow-up (jobs/purchase.ts): a placed purchase, looked at every interval. */
export const FOLLOW_UP_QUEUE: Queue = {
  table: 'order_purchases',
  waiting: 'placed',
  held: 'placed',
  leased: false,
  lookAt: 'next_poll_at',
  live: 'orders',
};
/** 待付款提醒 (jobs/purchase.ts): a placed purchase unpaid too long, claimed once (`where`) to be told. */
export const UNPAID_ALERT_QUEUE: Queue = {
  table: 'order_purchases',
  waiting: 'placed',
  held: 'placed',
  leased: false,
};

/** 导出 (jobs/export.ts): no lease (a heartbeat per batch, the sweep fails dead ones), turns. */
export const EXPORT_QUEUE: Queue = {
  table: 'export_jobs',
  waiting: 'queued',
  held: 'running',
  leased: false,
  turns: 'export',
  lockKey: 72_728_001,
};
/** 商品复制 (jobs/copy.ts): no lease column (a stale `updated_at` puts it back), turns. */
export const COPY_QUEUE: Queue = {
  table: 'copy_records',
  waiting: 'queued',
  held: 'running',
  leased: false,
  turns: 'copy',
  lockKey: 72_728_002,
};

/** 平台消息 (jobs/platform-events.ts): leased, no turns (the account is known once the shop is found). */
export const PLATFORM_EVENT_QUEUE: Queue = {
  table: 'platform_events',
  waiting: 'pending',
  held: 'processing',
  leased: true,
};

/** 铺货 (jobs/publish.ts): a (goods, shop) listing to publish; leased, turns between accounts. */
export const PUBLISH_QUEUE: Queue = {
  table: 'goods_listings',
  waiting: 'queued',
  held: 'publishing',
  leased: true,
  turns: 'publish',
  lockKey: 72_728_003,
};
/** 铺货's review follow-up (jobs/publish.ts): a listing the platform reviews, looked at again until decided. */
export const PUBLISH_REVIEW_QUEUE: Queue = {
  table: 'goods_listings',
  waiting: 'reviewing',
  held: 'checking',
  leased: true,
};

/** 货源监控 (jobs/monitor.ts): a 已发布 listing, looked at again every interval while it stays published. */
export const MONITOR_QUEUE: Queue = {
  table: 'goods_listings',
  waiting: 'published',
  held: 'published',
  leased: false,
  lookAt: 'monitor_next_at',
};

/** The database's clock in unix seconds: one clock for every instance (their own may disagree). */
export const DB_NOW_S = 'floor(extract(epoch FROM clock_timestamp()))::bigint';
/** The database's clock in milliseconds: one clock for every instance. */
export const DB_NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** What a kind asks of a claim. SQL pieces use `$1`...`$n` from `params`. */
export interface ClaimSpec {
  /** More assignments of the claimed row (`updated_at = $1`). */
  set?: string;
  params?: readonly unknown[];
  /** The columns answered, of the claimed row. */
  returning: string;
  /** SQL over the due job `j`: a job it is true of waits (its account's budget is spent). */
  skip?: string;
  /** SQL over the job `j`: only a job it is true of is due (beside the queue's own condition). */
  where?: string;
  /** Leased tables: how long the claim holds the job before another may take it over. */
  leaseMs?: number;
  /** `claimJobs`: at most this many jobs (with turns, one per account). Default 1. */
  limit?: number;
}

/** A claimed job: its row, and whether it was taken over from a claim whose lease ran out. */
export interface Claimed<T> {
  job: T;
  takenOver: boolean;
}

/** Claims the next due job of `queue` (see above), or undefined when none is due. */
export async function claimJob<T>(
  db: Queryable,
  queue: Queue,
  spec: ClaimSpec,
): Promise<Claimed<T> | undefined> {
  const [claimed] = await claimJobs<T>(db, queue, { ...spec, limit: 1 });
  return claimed;
}

/** Claims up to `spec.limit` due jobs of `queue` at once, in the order `claimJob` takes them. */
export async function claimJobs<T>(db: Queryable, queue: Queue, spec: ClaimSpec): Promise<Claimed<T>[]> {
  const params: unknown[] = [...(spec.params ?? [])];
  const arg = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { table, leased, lookAt } = queue;
  const waiting = arg(queue.waiting);
  const held = arg(queue.held);
  const limit = arg(spec.limit ?? 1);
  const due = leased
    ? `((j.status = ${waiting} AND j.next_attempt_at <= ${DB_NOW_MS}) OR (j.status = ${held} AND j.lease_until < ${DB_NOW_MS}))`
    : lookAt
      ? `j.status = ${waiting} AND j.${lookAt} <= ${DB_NOW_MS}`
      : `j.status = ${waiting}`;
  const where = `${due}${spec.where ? ` AND (${spec.where})` : ''}${spec.skip ? ` AND NOT (${spec.skip})` : ''}`;
  const order = leased
    ? 'COALESCE(j.next_attempt_at, j.lease_until), j.id'
    : lookAt
      ? `j.${lookAt}, j.id`
      : 'j.id';
  const take = (filter: string, max: string) =>
    `SELECT j.id AS queue_id, j.status AS queue_was FROM ${table} j
     WHERE ${filter} ORDER BY ${order} LIMIT ${max} FOR UPDATE SKIP LOCKED`;
  const kind = queue.turns === undefined ? '' : arg(queue.turns);
  const picked = queue.turns
    ? `SELECT p.queue_id, p.queue_was
       FROM (SELECT j.account_id, min(j.id) AS oldest FROM ${table} j WHERE ${where} GROUP BY j.account_id) a
       CROSS JOIN LATERAL (${take(`j.account_id = a.account_id AND ${where}`, '1')}) p
       ORDER BY
         (SELECT count(*) FROM ${table} r WHERE r.account_id = a.account_id AND r.status = ${held}),
         (SELECT t.last_turn FROM job_turns t WHERE t.kind = ${kind} AND t.account_id = a.account_id) NULLS FIRST,
         a.oldest
       LIMIT ${limit}`
    : take(where, limit);
  const lease = leased
    ? `, attempts = q.attempts + 1, lease_until = ${DB_NOW_MS} + ${arg(spec.leaseMs ?? 0)}::bigint`
    : lookAt
      ? `, ${lookAt} = ${DB_NOW_MS} + ${arg(spec.leaseMs ?? 0)}::bigint`
      : '';
  const turn = queue.turns
    ? `, turn AS (
         INSERT INTO job_turns (kind, account_id, last_turn)
         SELECT ${kind}, queue_account_id, nextval('job_turn_seq') FROM claimed
         ON CONFLICT (kind, account_id) DO UPDATE SET last_turn = EXCLUDED.last_turn
       )`
    : '';
  const rows = await db.query<T & { queue_account_id: number; queue_taken_over: boolean }>(
    `WITH picked AS (${picked}), claimed AS (
       UPDATE ${table} q SET status = ${held}${lease}${spec.set ? `, ${spec.set}` : ''}
       FROM picked WHERE q.id = picked.queue_id
       RETURNING ${spec.returning}, q.account_id AS queue_account_id,
         picked.queue_was = ${held} AS queue_taken_over
     )${turn}
     SELECT * FROM claimed`,
    params,
  );
  return rows.map(({ queue_account_id: _, queue_taken_over: takenOver, ...job }) => ({
    job: job as T,
    takenOver: leased && Boolean(takenOver),
  }));
}

/** The claim a fenced write names: the job and the claim's token (leased tables; else unused). */
export type Claim = { id: number; attempts?: number };

/**
 * A write of the claim that holds the job: `set` (with `$1`...`$n` from `params`) only while the job is
 * still held by `claim` (its status, and on leased tables its `attempts`). False: taken over meanwhile
 * (nothing written).
 */
export async function updateHeld(
  db: Queryable,
  queue: Queue,
  claim: Claim,
  set: string,
  params: readonly unknown[] = [],
): Promise<boolean> {
  const n = params.length;
  const rows = await db.query<{ account_id: number }>(
    `UPDATE ${queue.table} SET ${set}
     WHERE id = $${n + 1} AND status = $${n + 2}${queue.leased ? ` AND attempts = $${n + 3}` : ''}
     RETURNING ${queue.live ? 'account_id' : 'id'}`,
    [...params, claim.id, queue.held, ...(queue.leased ? [claim.attempts] : [])],
  );
  const [row] = rows;
  if (row && queue.live) await publish(db, { accountId: row.account_id, topic: queue.live });
  return rows.length === 1;
}

/**
 * Ends the claim with its outcome: `status` (the lease given up), due again in `retryInMs` when given
 * (a retry), and `set` (with `$1`...`$n` from `params`). Fenced as `updateHeld`.
 */
export function finishJob(
  db: Queryable,
  queue: Queue,
  claim: Claim,
  outcome: { status: string; retryInMs?: number; set?: string; params?: readonly unknown[] },
): Promise<boolean> {
  const params = [...(outcome.params ?? [])];
  const n = params.length;
  params.push(outcome.status);
  let set = `status = $${n + 1}${queue.leased ? ', lease_until = NULL' : ''}`;
  if (outcome.retryInMs !== undefined) {
    params.push(Math.round(outcome.retryInMs));
    set += `, ${queue.lookAt ?? 'next_attempt_at'} = ${DB_NOW_MS} + $${n + 2}::bigint`;
  }
  return updateHeld(db, queue, claim, outcome.set ? `${set}, ${outcome.set}` : set, params);
}

/**
 * Puts a claimed job back as it was, due again in `inMs`, its attempt not counted (its account's
 * budget of platform calls is spent: nothing was tried). Fenced as `updateHeld`.
 */
export function deferJob(db: Queryable, queue: Queue, claim: Claim, inMs: number): Promise<boolean> {
  return finishJob(db, queue, claim, {
    status: queue.waiting,
    retryInMs: inMs,
    set: 'attempts = attempts - 1',
  });
}

/**
 * The one backoff rule: the delay before the next try after `attempts` tries (the claim's token,
 * 1 after the first): `baseMs × 2^(attempts − 1)`, at most `capMs`, ±20 % so retries spread out.
 */
export function backoffMs(attempts: number, rule: { baseMs: number; capMs: number }): number {
  const delay = Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * Runs `insert` (the new jobs of the caller's account) only if the account's unfinished (waiting or
 * held) jobs of the queue plus `adding` stay within `limit`; else 429 with `refusal(unfinished)`. One
 * transaction under the account's advisory lock for the queue, so two requests at once cannot both
 * pass the count.
 */
export function admitJobs<T>(
  scope: Scope,
  queue: Queue,
  { adding, limit, refusal }: { adding: number; limit: number; refusal: (unfinished: number) => string },
  insert: (tx: Scope) => Promise<T>,
): Promise<T> {
  return inTransaction(scope, async (tx) => {
    await tx.db.query('SELECT pg_advisory_xact_lock($1, $2)', [queue.lockKey, tx.accountId]);
    const [row] = await tx.db.query<{ unfinished: number }>(
      `SELECT count(*)::int AS unfinished FROM ${queue.table}
       WHERE account_id = $1 AND status IN ($2, $3)`,
      [tx.accountId, queue.waiting, queue.held],
    );
    const unfinished = row?.unfinished ?? 0;
    if (unfinished + adding > limit) throw new HttpProblem(429, refusal(unfinished));
    return insert(tx);
  });
}

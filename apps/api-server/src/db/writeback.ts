import {
  type OrderWriteback,
  WRITEBACK_NONE_MESSAGE,
  WRITEBACK_RETRY_FROM,
  WRITEBACK_STATUSES,
  writebackRetryRefusedMessage,
} from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import { claimJob, DB_NOW_MS, finishJob, WRITEBACK_QUEUE } from '../jobs/queue';
import type { Queryable } from './db';
import type { Saved } from './log';
import { inShops, notFound, type Scope } from './scope';

/**
 * 发货回传: the shipment of a platform order written back to its platform. `recordWriteback` runs in
 * the transaction of the 发货 step (db/order-steps.ts `shipOrder`), so an order is never shipped without
 * its writeback nor the other way round; the `writeback` job kind (jobs/writeback.ts) claims and sends
 * due writebacks through the functions below. Table `order_writebacks` (migration 0022).
 *
 * Exactly once: a writeback is marked `sending` with a lease and committed BEFORE the platform is
 * called; its outcome is written only by the holder of that claim (`attempts` is the claim's ticket). A
 * lease found expired (the process died mid-call) or a retry after a failure that may have reached the
 * platform is claimed with `checkFirst`: the job asks the platform whether the order already shipped
 * with this tracking number before sending again.
 */

/** The platforms a writeback goes to (the connectors'). */
const WRITEBACK_PLATFORMS = ['pinduoduo', 'douyin'];

/** The stored state of a writeback (`pending` and `sending` show as 回传中). */
type StoredStatus = 'waiting' | 'pending' | 'sending' | 'succeeded' | 'failed';

/** The status the order shows for a stored one. */
export function shownStatus(status: StoredStatus): OrderWriteback['status'] {
  return status === 'pending' ? 'sending' : status;
}

/**
 * The SQL of an order's writeback as the API shows it (`Order.writeback`), for a query where `o` is the
 * order: a JSON object or null.
 */
export const ORDER_WRITEBACK_COLUMN = `(SELECT json_build_object(
    'status', CASE w.status WHEN 'pending' THEN 'sending' ELSE w.status END,
    'message', COALESCE(w.last_error, ''),
    'updated_at', w.updated_at)
  FROM order_writebacks w WHERE w.order_id = o.id) AS writeback`;

/** The order's writeback as read by {@link ORDER_WRITEBACK_COLUMN} (json from either driver). */
export function toOrderWriteback(value: unknown): OrderWriteback | null {
  if (value === null || value === undefined) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as OrderWriteback;
  return {
    status: (WRITEBACK_STATUSES as readonly string[]).includes(row.status) ? row.status : 'sending',
    message: row.message ?? '',
    updated_at: Number(row.updated_at),
  };
}

/**
 * In the 发货 step's transaction: records the writeback of order `orderId` when it is a platform order
 * (`platform_order_no`) of a shop authorised on 拼多多 or 抖店, queued at once when the account's
 * 自动回传物流 is on (`pending`), else `waiting` (待回传) for 重新回传. Other orders get none. Answers
 * whether one was queued (the caller wakes the job once committed).
 */
export async function recordWriteback(
  scope: Scope,
  orderId: number,
  shipment: { carrier: string; trackingNo: string },
  now: number,
): Promise<boolean> {
  const params: unknown[] = [
    orderId,
    scope.accountId,
    shipment.carrier,
    shipment.trackingNo,
    now,
    WRITEBACK_PLATFORMS,
  ];
  const [row] = await scope.db.query<{ status: StoredStatus }>(
    `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
       tracking_no, status, next_attempt_at, created_at, updated_at)
     SELECT o.account_id, o.id, o.shop_id, s.platform, o.platform_order_no, $3, $4,
       CASE WHEN COALESCE((SELECT st.auto_sync_logistics FROM settings st WHERE st.account_id = o.account_id), true)
         THEN 'pending' ELSE 'waiting' END,
       ${DB_NOW_MS}, $5, $5
     FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.id = $1 AND o.account_id = $2 AND o.platform_order_no IS NOT NULL
       AND s.platform = ANY($6::text[]) AND s.platform_shop_id IS NOT NULL${inShops(scope, 'o.shop_id', params)}
     ON CONFLICT (order_id) DO UPDATE SET carrier = EXCLUDED.carrier, tracking_no = EXCLUDED.tracking_no,
       status = EXCLUDED.status, attempts = 0, next_attempt_at = EXCLUDED.next_attempt_at,
       lease_until = NULL, last_error = NULL, platform_message = NULL, updated_at = EXCLUDED.updated_at,
       sent_at = NULL, requested_by = NULL
     RETURNING status`,
    params,
  );
  return row?.status === 'pending';
}

/**
 * 重新回传: queues the writeback of the account's order `orderId` again, from 待回传 or 回传失败 (one
 * guarded UPDATE: two at once queue it once, the other is told its state). 404 for another account's
 * order; 409 when it has no writeback or one in another state.
 */
export async function retryWriteback(
  scope: Scope,
  orderId: number,
  now: number,
  userId: number | null,
): Promise<Saved<OrderWriteback>> {
  const orderParams: unknown[] = [orderId, scope.accountId];
  const [order] = await scope.db.query<{
    order_no: string;
    status: StoredStatus | null;
    message: string | null;
  }>(
    `SELECT o.order_no, w.status, w.last_error AS message FROM orders o
     LEFT JOIN order_writebacks w ON w.order_id = o.id
     WHERE o.id = $1 AND o.account_id = $2${inShops(scope, 'o.shop_id', orderParams)}`,
    orderParams,
  );
  if (!order) throw notFound();
  if (!order.status) throw new HttpProblem(409, WRITEBACK_NONE_MESSAGE);
  const [row] = await scope.db.query<{ updated_at: number | string }>(
    `UPDATE order_writebacks SET status = 'pending', attempts = 0, next_attempt_at = ${DB_NOW_MS},
       lease_until = NULL, last_error = NULL, platform_message = NULL, updated_at = $3, requested_by = $5
     WHERE order_id = $1 AND account_id = $2 AND status = ANY($4::text[])
     RETURNING updated_at`,
    [orderId, scope.accountId, now, [...WRITEBACK_RETRY_FROM], userId],
  );
  if (!row) {
    const [current] = await scope.db.query<{ status: StoredStatus }>(
      'SELECT status FROM order_writebacks WHERE order_id = $1 AND account_id = $2',
      [orderId, scope.accountId],
    );
    throw new HttpProblem(409, writebackRetryRefusedMessage(shownStatus(current?.status ?? 'pending')));
  }
  return {
    row: { status: 'sending', message: '', updated_at: Number(row.updated_at) },
    change: {
      target: { type: 'order', id: orderId, name: order.order_no },
      before: { writeback: shownStatus(order.status), message: order.message ?? '' },
      after: { writeback: 'sending' },
    },
  };
}

/** A writeback claimed for sending. */
export interface ClaimedWriteback {
  id: number;
  account_id: number;
  order_id: number;
  shop_id: number;
  platform: string;
  platform_order_no: string;
  carrier: string;
  tracking_no: string;
  /** Who asked for it by 重新回传 (null: queued by the 发货 step). */
  requested_by: number | null;
  /** The claim's ticket: only the claim with this value writes the outcome. */
  attempts: number;
  /** An earlier attempt may have reached the platform: ask it before sending again. */
  checkFirst: boolean;
}

/**
 * Claims the next due writeback (jobs/queue.ts: a pending one whose attempt is due, or one whose lease
 * ran out), marking it `sending` under a lease of `leaseMs`; the claim commits before the platform is
 * called.
 */
export async function claimWriteback(
  db: Queryable,
  leaseMs: number,
  now: number,
): Promise<ClaimedWriteback | undefined> {
  const claimed = await claimJob<Omit<ClaimedWriteback, 'checkFirst'>>(db, WRITEBACK_QUEUE, {
    leaseMs,
    set: 'updated_at = $1',
    params: [now],
    returning:
      'id, account_id, order_id, shop_id, platform, platform_order_no, carrier, tracking_no, requested_by, attempts',
  });
  if (!claimed) return undefined;
  return { ...claimed.job, checkFirst: claimed.takenOver || claimed.job.attempts > 1 };
}

/** The outcome of an attempt, written only by the claim that made it (`attempts` unchanged since). */
export function finishWriteback(
  db: Queryable,
  claim: Pick<ClaimedWriteback, 'id' | 'attempts'>,
  outcome:
    | { status: 'succeeded' }
    | { status: 'failed'; message: string; platformMessage: string }
    | { status: 'pending'; message: string; platformMessage: string; retryInMs: number },
  now: number,
): Promise<boolean> {
  const failure = outcome.status === 'succeeded' ? null : outcome;
  return finishJob(db, WRITEBACK_QUEUE, claim, {
    status: outcome.status,
    ...(outcome.status === 'pending' ? { retryInMs: outcome.retryInMs } : {}),
    set: `last_error = $1, platform_message = $2, updated_at = $3${outcome.status === 'succeeded' ? ', sent_at = $3' : ''}`,
    params: [failure?.message ?? null, failure?.platformMessage ?? null, now],
  });
}

/**
 * The platform is back after an outage: the writebacks of `platform` that failed since `sinceS` (our
 * clock, as `updated_at`) and wait for a retry are due now, rather than each waiting out its backoff
 * (up to `retryMaxMs`). They are sent through the queue as any due writeback, `concurrency` at a time
 * per process. Returns how many.
 */
export async function releaseRetries(db: Queryable, platform: string, sinceS: number): Promise<number> {
  const rows = await db.query(
    `UPDATE order_writebacks SET next_attempt_at = ${DB_NOW_MS}
     WHERE status = 'pending' AND platform = $1 AND attempts > 0 AND updated_at >= $2
       AND next_attempt_at > ${DB_NOW_MS}
     RETURNING id`,
    [platform, sinceS],
  );
  return rows.length;
}

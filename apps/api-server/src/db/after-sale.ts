import {
  AFTER_SALE_PURCHASE_REFUSAL,
  AFTER_SALE_STEPS,
  type AfterSaleDetail,
  type AfterSaleEvent,
  type AfterSaleStep,
  type AfterSaleStepResult,
  afterSaleStepRefusedMessage,
} from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import type { Queryable } from './db';
import type { Saved } from './log';
import type { StepActor } from './order-steps';
import { inShops, notFound, type Scope } from './scope';

/** The answers to after-sale requests (同意退款, 拒绝, 确认收到退货) and an after-sale's detail. */

/**
 * SQL over an order `o`: an after-sale is in progress (售后中): an open 售后单 (待处理 / 处理中) or the
 * platform's refund in progress. Such an order is not bought (`afterSaleRefusal`) and the list shows it.
 */
export const AFTER_SALE_OPEN_SQL = `(COALESCE(o.refund_status, '') = 'in_progress' OR EXISTS (
  SELECT 1 FROM after_sales oa WHERE oa.order_id = o.id AND oa.account_id = o.account_id
    AND oa.status IN ('pending', 'processing')))`;

/**
 * The one check of every purchase path (一键采购 and its preview, 采购, 批量采购, 自动采购, the purchase
 * job before it calls 1688): `AFTER_SALE_PURCHASE_REFUSAL` when the account's order `orderId` has an
 * after-sale in progress, null otherwise (also for an order that is not the account's: the caller's
 * own lookup answers 404).
 */
export async function afterSaleRefusal(db: Queryable, accountId: number, orderId: number) {
  const [row] = await db.query<{ open: boolean }>(
    `SELECT ${AFTER_SALE_OPEN_SQL} AS open FROM orders o WHERE o.id = $1 AND o.account_id = $2`,
    [orderId, accountId],
  );
  return row?.open ? AFTER_SALE_PURCHASE_REFUSAL : null;
}

/**
 * Takes an after-sale step in one guarded UPDATE (it starts only from the (type, status) pairs of
 * `AFTER_SALE_STEPS[step].from`) that also inserts its
 * 处理记录 entry (who, when, the reason or return number), like an order step: 404 for one that is not
 * the account's, 409 naming the current state when the step is not allowed (or lost a race).
 */
export async function afterSaleStep(
  scope: Scope,
  id: number,
  step: AfterSaleStep,
  fields: { reject_reason?: string; return_tracking_no?: string },
  actor: StepActor,
  now: number,
): Promise<Saved<AfterSaleStepResult>> {
  // The request of another shop than the caller's answers 404 here, before anything changes.
  const params: unknown[] = [id, scope.accountId];
  const [before] = await scope.db.query<{
    type: 'refund' | 'return' | 'exchange';
    status: string;
    order_no: string;
  }>(
    `SELECT a.type, a.status, o.order_no FROM after_sales a JOIN orders o ON o.id = a.order_id
     WHERE a.id = $1 AND a.account_id = $2${inShops(scope, 'o.shop_id', params)}`,
    params,
  );
  if (!before) throw notFound();
  const details =
    step === 'reject'
      ? { reason: fields.reject_reason ?? null }
      : step === 'receive'
        ? { return_tracking_no: fields.return_tracking_no ?? null }
        : {};
  const [row] = await scope.db.query<AfterSaleStepResult>(
    `WITH done AS (
       UPDATE after_sales SET status = $3, handled_at = $4,
         reject_reason = COALESCE($5, reject_reason), return_tracking_no = COALESCE($6, return_tracking_no)
       WHERE id = $1 AND account_id = $2
         AND (type, status) IN (SELECT * FROM unnest($10::text[], $11::text[]))
       RETURNING id, status
     ), event AS (
       INSERT INTO after_sale_events (account_id, after_sale_id, user_id, actor, action, details, created_at)
       SELECT $2, done.id, $7,
         COALESCE((SELECT COALESCE(NULLIF(u.nickname, ''), u.mobile) FROM users u WHERE u.id = $7), '系统'),
         $8, $9::jsonb, $4
       FROM done
     )
     SELECT id, status FROM done`,
    [
      id,
      scope.accountId,
      AFTER_SALE_STEPS[step].to,
      now,
      fields.reject_reason ?? null,
      fields.return_tracking_no ?? null,
      actor.userId,
      step,
      JSON.stringify(details),
      AFTER_SALE_STEPS[step].from.map(([type]) => type),
      AFTER_SALE_STEPS[step].from.map(([, status]) => status),
    ],
  );
  if (!row) {
    const [current] = await scope.db.query<{
      type: typeof before.type;
      status: AfterSaleStepResult['status'];
    }>('SELECT type, status FROM after_sales WHERE id = $1 AND account_id = $2', [id, scope.accountId]);
    if (!current) throw notFound();
    throw new HttpProblem(409, afterSaleStepRefusedMessage(step, current.type, current.status));
  }
  return {
    row,
    change: {
      target: { type: 'after_sale', id: row.id, name: before.order_no },
      before: { status: before.status },
      after: { status: row.status, ...fields },
    },
  };
}

/** One after-sale request of the account with its answers and its 处理记录 (oldest first), or a 404. */
export async function afterSaleDetail(scope: Scope, id: number): Promise<AfterSaleDetail> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<Omit<AfterSaleDetail, 'events'>>(
    `SELECT a.id, o.id AS order_id, o.order_no, o.platform_order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods,
       a.refund_amount, a.type, a.status, a.reason, a.created_at, a.reject_reason, a.return_tracking_no,
       a.handled_at
     FROM after_sales a JOIN orders o ON o.id = a.order_id JOIN shops s ON s.id = o.shop_id
     WHERE a.id = $1 AND a.account_id = $2${inShops(scope, 'o.shop_id', params)}`,
    params,
  );
  if (!row) throw notFound();
  const events = await scope.db.query<AfterSaleEvent>(
    `SELECT id, action, actor, created_at, details FROM after_sale_events
     WHERE after_sale_id = $1 AND account_id = $2 ORDER BY id LIMIT 100`,
    [id, scope.accountId],
  );
  return { ...row, events };
}

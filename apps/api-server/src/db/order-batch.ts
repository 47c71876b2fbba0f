import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type BatchItemResult,
  type BatchResult,
  batchCountChangedMessage,
  batchTooLargeMessage,
  ORDER_BATCH_MAX,
  type OrderFilter,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { senderAddressById } from './address';
import type { Saved } from './log';
import { orderFilters } from './order-filters';
import { purchaseOrder, type StepActor, shipOrder } from './order-steps';
import { inShops, notFound, type Scope } from './scope';

/**
 * The batch calls (批量采购, 批量发货, and the imports' apply): which orders a batch touches, and how it
 * runs a step (order-steps.ts) on each, one transaction per order.
 */

interface Target {
  id: number;
  order_no: string;
}

/**
 * The orders a batch touches: the account's orders among `ids` (in the given order; an id that is not
 * the account's is reported as 记录不存在), or every order matching `filter`, newest first. A filter
 * matching more than `ORDER_BATCH_MAX` is refused (400, with the count) before anything changes, and
 * so is one matching another number than the `expected_count` the user saw (409): the orders are read
 * in one statement and counted as read.
 */
export async function batchTargets(
  scope: Scope,
  selection: { ids?: number[]; filter?: OrderFilter; expected_count?: number },
): Promise<(Target | { id: number; order_no: null })[]> {
  if (selection.ids) {
    const ids = [...new Set(selection.ids)];
    const params: unknown[] = [scope.accountId, ids];
    const rows = await scope.db.query<Target>(
      `SELECT id, order_no FROM orders WHERE account_id = $1 AND id = ANY($2::int[])${inShops(scope, 'shop_id', params)}`,
      params,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? { id, order_no: null });
  }
  const { filters: f, filterJoins: joins } = orderFilters(
    scope,
    (selection.filter ?? {}) as Parameters<typeof orderFilters>[1],
  );
  const rows = await scope.db.query<Target>(
    `SELECT o.id, o.order_no FROM orders o ${joins} ${f.sql}
     ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDER_BATCH_MAX + 1}`,
    f.params,
  );
  if (rows.length > ORDER_BATCH_MAX) {
    const [counted] = await scope.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o ${joins} ${f.sql}`,
      f.params,
    );
    throw new HttpProblem(400, batchTooLargeMessage(counted?.n ?? rows.length));
  }
  if (rows.length !== selection.expected_count) {
    throw new HttpProblem(409, batchCountChangedMessage(rows.length, selection.expected_count ?? 0));
  }
  return rows;
}

/**
 * How a batch commits each order: `step` runs in a transaction of its own, bound to the account, and
 * the operation-log entry of the order's change is written in it (the route passes `logged`,
 * middleware/audit.ts). So a crash mid-batch keeps the orders done so far, each with its entry.
 */
export type CommitEach = <T>(step: (tx: Scope) => Promise<Saved<T>>) => Promise<T>;

/**
 * Runs `step` on each order in turn, each in its own transaction (`step` commits it through a
 * {@link CommitEach}): one order's refusal (its state, its tracking number) is that row's result and
 * does not stop the others. Each order starts a new turn of the event loop: PGlite runs its queries
 * on this thread, and without it a batch of 1,000 orders would hold every other request until its end.
 */
export async function runBatch(
  targets: { id: number; order_no: string | null }[],
  step: (target: Target) => Promise<unknown>,
): Promise<BatchResult> {
  const results: BatchItemResult[] = [];
  for (const target of targets) {
    await nextTurn();
    if (target.order_no === null) {
      results.push({ id: target.id, order_no: '', ok: false, message: notFound().message });
      continue;
    }
    try {
      await step(target as Target);
      results.push({ id: target.id, order_no: target.order_no, ok: true, message: '' });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      results.push({ id: target.id, order_no: target.order_no, ok: false, message: error.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** 批量发货: one carrier and sender for all, a tracking number per order. */
export async function batchShip(
  scope: Scope,
  body: BodyOf<'/api/order/batch-ship'>,
  actor: StepActor,
  now: number,
  each: CommitEach,
): Promise<BatchResult> {
  // The sender must be the account's: a wrong one refuses the whole call, before anything changes.
  await senderAddressById(scope, body.sender_address_id).then((address) => {
    if (!address) throw notFound();
  });
  const tracking = new Map(body.items.map((item) => [item.id, item.tracking_no]));
  const targets = await batchTargets(scope, { ids: body.items.map((item) => item.id) });
  return runBatch(targets, (target) =>
    each((tx) =>
      shipOrder(
        tx,
        {
          id: target.id,
          carrier: body.carrier,
          tracking_no: tracking.get(target.id) ?? '',
          sender_address_id: body.sender_address_id,
        },
        actor,
        now,
      ),
    ),
  );
}

/**
 * 批量采购: the shared purchase fields for all, each order's own row fields (purchase-fields.ts). Each order is
 * 采购 on its own (its state, its 黑名单 confirmation), like the single step.
 */
export async function batchPurchase(
  scope: Scope,
  body: BodyOf<'/api/order/batch-purchase'>,
  actor: StepActor,
  now: number,
  each: CommitEach,
): Promise<BatchResult> {
  const { items: rows, ...shared } = body;
  const items = new Map(rows.map((item) => [item.id, item]));
  const targets = await batchTargets(scope, { ids: rows.map((item) => item.id) });
  return runBatch(targets, (target) => {
    const item = items.get(target.id);
    // Every target is one of the items' ids (batchTargets answers only those).
    if (!item) throw notFound();
    return each((tx) => purchaseOrder(tx, { ...shared, ...item, id: target.id }, actor, now));
  });
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ADDRESS_EDITABLE_STATUSES,
  type AddressSnapshot,
  AFTER_SALE_STEPS,
  type AfterSaleDetail,
  type AfterSaleEvent,
  type AfterSaleStep,
  type AfterSaleStepResult,
  addressRefusedMessage,
  afterSaleStepRefusedMessage,
  type BatchItemResult,
  type BatchResult,
  BLACKLIST_CONFIRM_MESSAGE,
  batchCountChangedMessage,
  batchTooLargeMessage,
  canCorrectAddress,
  carrierOf,
  maskMobile,
  normalizeTrackingNo,
  ORDER_BATCH_MAX,
  ORDER_STEPS,
  type OrderDetail,
  type OrderEvent,
  type OrderFilter,
  type OrderStatus,
  type OrderStep,
  type OrderStepResult,
  stepRefusedMessage,
  trackingNoProblem,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { defaultAddress, senderAddressById } from './address';
import { orderIsBlacklisted } from './buyer';
import type { Change, Saved } from './log';
import { ORDER_COLUMNS, type OrderRow, orderFilters, toOrder } from './order';
import { inTransaction, notFound, type Scope, staleRecord } from './scope';
import { recordWriteback } from './writeback';

/**
 * Order fulfilment: the steps of an order (采购, 发货, 完成, 取消), its timeline, the batch
 * calls and the after-sale answers. Every step is ONE guarded statement: the UPDATE names the states
 * the step may start from (`ORDER_STEPS`), and the timeline entry is inserted by the same statement
 * from the updated row. So when two staff act on one order at once, Postgres lets one UPDATE through
 * and the other finds the new state and changes nothing (409 naming that state); nothing is half done.
 */

/** Who takes a step: the signed-in user (their nickname, else mobile, is copied into the timeline). */
export interface StepActor {
  userId: number | null;
}

/** The SET fragment and the values of a step's own columns (`$n` numbered from `first`). */
interface StepColumns {
  columns: Record<string, unknown>;
  details: Record<string, string | number | null>;
}

/** The 409 of a step the order's current state does not allow. */
function refused(step: OrderStep, status: OrderStatus): HttpProblem {
  return new HttpProblem(409, stepRefusedMessage(step, status));
}

async function currentStatus(scope: Scope, id: number) {
  const [row] = await scope.db.query<{ status: OrderStatus; order_no: string }>(
    'SELECT status, order_no FROM orders WHERE id = $1 AND account_id = $2',
    [id, scope.accountId],
  );
  return row;
}

/**
 * Takes `step` on order `id` of the account: the guarded UPDATE and its timeline entry in one
 * statement. 404 for an order that is not the account's, 409 (naming the current state) for one
 * whose state does not allow the step, including when another step won a race.
 */
async function takeStep(
  scope: Scope,
  id: number,
  step: OrderStep,
  { columns, details }: StepColumns,
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  const before = await currentStatus(scope, id);
  if (!before) throw notFound();
  const rule = ORDER_STEPS[step];
  if (!(rule.from as readonly string[]).includes(before.status)) throw refused(step, before.status);
  const names = Object.keys(columns);
  const params: unknown[] = [
    id,
    scope.accountId,
    rule.to,
    now,
    [...rule.from],
    actor.userId,
    step,
    JSON.stringify(details),
    ...Object.values(columns),
  ];
  // Column names come from our own step code, never from input; every value is a parameter.
  const sets = names.map((name, i) => `${name} = $${9 + i}${name === 'sender' ? '::jsonb' : ''}`);
  const [row] = await scope.db.query<OrderStepResult & { order_no: string }>(
    `WITH done AS (
       UPDATE orders SET status = $3, updated_at = $4${sets.map((set) => `, ${set}`).join('')}
       WHERE id = $1 AND account_id = $2 AND status = ANY($5::text[])
       RETURNING id, order_no, status
     ), event AS (
       INSERT INTO order_events (account_id, order_id, user_id, actor, action, details, created_at)
       SELECT $2, done.id, $6,
         COALESCE((SELECT COALESCE(NULLIF(u.nickname, ''), u.mobile) FROM users u WHERE u.id = $6), '系统'),
         $7, $8::jsonb, $4
       FROM done
     )
     SELECT id, order_no, status FROM done`,
    params,
  );
  if (!row) {
    // Another step came first: say what the order is now.
    const current = await currentStatus(scope, id);
    if (!current) throw notFound();
    throw refused(step, current.status);
  }
  const change: Change = {
    target: { type: 'order', id: row.id, name: row.order_no },
    before: { status: before.status },
    after: { status: row.status, ...details },
  };
  return { row: { id: row.id, status: row.status }, change };
}

/** 采购: 待采购 -> 已采购, with the supplier, its order number and the cost (fen). */
export async function purchaseOrder(
  scope: Scope,
  input: {
    id: number;
    supplier: string;
    supplier_order_no?: string;
    cost?: number | null;
    confirm_blacklist?: boolean;
  },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  // 黑名单: a blacklisted buyer's order is purchased only when the caller confirmed it.
  if (!input.confirm_blacklist && (await orderIsBlacklisted(scope, input.id))) {
    throw new HttpProblem(409, BLACKLIST_CONFIRM_MESSAGE);
  }
  const supplierOrderNo = input.supplier_order_no ?? '';
  const cost = input.cost ?? null;
  return takeStep(
    scope,
    input.id,
    'purchase',
    {
      columns: { supplier: input.supplier, supplier_order_no: supplierOrderNo || null, cost },
      details: { supplier: input.supplier, supplier_order_no: supplierOrderNo || null, cost },
    },
    actor,
    now,
  );
}

/**
 * 发货: 已采购 -> 已发货, with the carrier, the tracking number (checked against the carrier's format:
 * 422 otherwise) and a sender address of the account (`sender_address_id`; absent: the account's
 * default sender address). The address is copied into the order as it is now. The tracking-number
 * import (exports branch) calls this too. A platform order of an authorised 拼多多 / 抖店 shop gets its
 * 发货回传 recorded in the same transaction (db/writeback.ts); the caller wakes the `writeback` job.
 */
export async function shipOrder(
  scope: Scope,
  input: { id: number; carrier: string; tracking_no: string; sender_address_id?: number | null },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  const carrier = carrierOf(input.carrier);
  if (!carrier) throw new HttpProblem(422, `未知的承运商：${input.carrier}`);
  const trackingNo = normalizeTrackingNo(input.tracking_no);
  const problem = trackingNoProblem(carrier.code, trackingNo);
  if (problem) throw new HttpProblem(422, problem);
  const address = input.sender_address_id
    ? await senderAddressById(scope, input.sender_address_id)
    : await defaultAddress(scope, 'sender');
  if (!address) {
    throw input.sender_address_id ? notFound() : new HttpProblem(422, '请先在发货地址中添加发货地址');
  }
  const sender: AddressSnapshot = {
    name: address.name,
    mobile: address.mobile,
    region: address.region,
    address: address.address,
  };
  return inTransaction(scope, async (tx) => {
    const saved = await takeStep(
      tx,
      input.id,
      'ship',
      {
        columns: { carrier: carrier.code, tracking_no: trackingNo, sender: JSON.stringify(sender) },
        details: {
          carrier: carrier.name,
          tracking_no: trackingNo,
          sender: `${sender.name} ${sender.region}${sender.address}`,
        },
      },
      actor,
      now,
    );
    await recordWriteback(tx, saved.row.id, { carrier: carrier.code, trackingNo }, now);
    return saved;
  });
}

/** The id of the account's order with this number (the tracking-number import has numbers), or null. */
export async function orderIdByNo(scope: Scope, orderNo: string): Promise<number | null> {
  const [row] = await scope.db.query<{ id: number }>(
    'SELECT id FROM orders WHERE account_id = $1 AND order_no = $2',
    [scope.accountId, orderNo.trim()],
  );
  return row?.id ?? null;
}

/** 完成: 已发货 -> 已完成. */
export function completeOrder(
  scope: Scope,
  input: { id: number },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  return takeStep(scope, input.id, 'complete', { columns: {}, details: {} }, actor, now);
}

/** 取消: 待采购 or 已采购 -> 已取消, with the reason. */
export function cancelOrder(
  scope: Scope,
  input: { id: number; reason: string },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  return takeStep(
    scope,
    input.id,
    'cancel',
    { columns: { cancel_reason: input.reason }, details: { reason: input.reason } },
    actor,
    now,
  );
}

interface DetailRow extends OrderRow {
  supplier: string | null;
  supplier_order_no: string | null;
  cost: number | null;
  carrier: string | null;
  tracking_no: string | null;
  sender: AddressSnapshot | null;
  cancel_reason: string | null;
  version: number;
  receiver_encrypted: boolean;
  buyer_message: string | null;
  refund_status: OrderDetail['refund_status'];
  paid_at: number | null;
  freight: number | null;
  discount: number | null;
}

/** One order of the account with its purchase and shipping details and its timeline, or a 404. */
export async function orderDetail(scope: Scope, id: number): Promise<OrderDetail> {
  const [row] = await scope.db.query<DetailRow>(
    `SELECT ${ORDER_COLUMNS}, o.supplier, o.supplier_order_no, o.cost, o.carrier, o.tracking_no, o.sender,
       o.cancel_reason, o.version, o.buyer_message, o.refund_status, o.paid_at, o.freight, o.discount,
       (o.receiver_cipher IS NOT NULL AND o.platform_order_no IS NOT NULL) AS receiver_encrypted
     FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = $1 AND o.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  const events = await scope.db.query<OrderEvent>(
    `SELECT id, action, actor, created_at, details FROM order_events
     WHERE order_id = $1 AND account_id = $2 ORDER BY id LIMIT 100`,
    [id, scope.accountId],
  );
  return {
    ...toOrder(row),
    supplier: row.supplier,
    supplier_order_no: row.supplier_order_no,
    cost: row.cost,
    carrier: row.carrier,
    tracking_no: row.tracking_no,
    sender: row.sender,
    cancel_reason: row.cancel_reason,
    events,
    version: row.version,
    receiver_encrypted: row.receiver_encrypted,
    buyer_message: row.buyer_message,
    refund_status: row.refund_status,
    paid_at: row.paid_at,
    freight: row.freight,
    discount: row.discount,
  };
}

// ---- 地址管理: the receiver's address before shipping ---------------------------------------------

/**
 * Corrects the receiver of order `id` (name, address, and the mobile when given) while the order has
 * not shipped (`ADDRESS_EDITABLE_STATUSES`; 409 naming the state otherwise) and is still at the
 * `version` the caller read (409 `staleRecord()` otherwise: two corrections at once, one wins), with
 * its timeline entry, in ONE guarded statement like a step. The operation log gets the receiver before
 * and after, with the mobile masked as everywhere staff read it.
 */
export async function correctOrderAddress(
  scope: Scope,
  input: BodyOf<'/api/order/address'>,
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  const [before] = await scope.db.query<{
    status: OrderStatus;
    receiver_name: string;
    receiver_mobile: string;
    receiver_address: string;
    version: number;
  }>(
    `SELECT status, receiver_name, receiver_mobile, receiver_address, version FROM orders
     WHERE id = $1 AND account_id = $2`,
    [input.id, scope.accountId],
  );
  if (!before) throw notFound();
  if (!canCorrectAddress(before.status)) {
    throw new HttpProblem(409, addressRefusedMessage(before.status));
  }
  if (before.version !== input.version) throw staleRecord();
  const mobile = input.mobile ?? before.receiver_mobile;
  const details = { name: input.name, mobile: maskMobile(mobile), address: input.address };
  const [row] = await scope.db.query<OrderStepResult & { order_no: string }>(
    `WITH done AS (
       UPDATE orders SET receiver_name = $3, receiver_mobile = $4, receiver_address = $5, updated_at = $6,
         version = version + 1
       WHERE id = $1 AND account_id = $2 AND status = ANY($7::text[]) AND version = $10
       RETURNING id, order_no, status
     ), event AS (
       INSERT INTO order_events (account_id, order_id, user_id, actor, action, details, created_at)
       SELECT $2, done.id, $8,
         COALESCE((SELECT COALESCE(NULLIF(u.nickname, ''), u.mobile) FROM users u WHERE u.id = $8), '系统'),
         'address', $9::jsonb, $6
       FROM done
     )
     SELECT id, order_no, status FROM done`,
    [
      input.id,
      scope.accountId,
      input.name,
      mobile,
      input.address,
      now,
      [...ADDRESS_EDITABLE_STATUSES],
      actor.userId,
      JSON.stringify(details),
      input.version,
    ],
  );
  if (!row) {
    // Shipped (or cancelled) in the meantime: say what the order is now; else another correction
    // came first.
    const current = await currentStatus(scope, input.id);
    if (!current) throw notFound();
    if (!canCorrectAddress(current.status)) throw new HttpProblem(409, addressRefusedMessage(current.status));
    throw staleRecord();
  }
  return {
    row: { id: row.id, status: row.status },
    change: {
      target: { type: 'order', id: row.id, name: row.order_no },
      before: {
        name: before.receiver_name,
        mobile: maskMobile(before.receiver_mobile),
        address: before.receiver_address,
      },
      after: details,
    },
  };
}

// ---- batch -------------------------------------------------------------------------------------

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
    const rows = await scope.db.query<Target>(
      'SELECT id, order_no FROM orders WHERE account_id = $1 AND id = ANY($2::int[])',
      [scope.accountId, ids],
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

// ---- after-sale --------------------------------------------------------------------------------

/** The SQL condition of the states (and types) each after-sale step may start from (rules.ts). */
const AFTER_SALE_GUARDS: Record<AfterSaleStep, string> = {
  refund: `((type = 'refund' AND status IN ('pending', 'processing')) OR (type = 'return' AND status = 'processing'))`,
  reject: `status IN ('pending', 'processing')`,
  receive: `type IN ('return', 'exchange') AND status = 'pending'`,
};

/**
 * Takes an after-sale step in one guarded UPDATE (see {@link AFTER_SALE_GUARDS}) that also inserts its
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
  const [before] = await scope.db.query<{
    type: 'refund' | 'return' | 'exchange';
    status: string;
    order_no: string;
  }>(
    `SELECT a.type, a.status, o.order_no FROM after_sales a JOIN orders o ON o.id = a.order_id
     WHERE a.id = $1 AND a.account_id = $2`,
    [id, scope.accountId],
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
       WHERE id = $1 AND account_id = $2 AND ${AFTER_SALE_GUARDS[step]}
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
  const [row] = await scope.db.query<Omit<AfterSaleDetail, 'events'>>(
    `SELECT a.id, o.id AS order_id, o.order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods,
       a.refund_amount, a.type, a.status, a.reason, a.created_at, a.reject_reason, a.return_tracking_no,
       a.handled_at
     FROM after_sales a JOIN orders o ON o.id = a.order_id JOIN shops s ON s.id = o.shop_id
     WHERE a.id = $1 AND a.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  const events = await scope.db.query<AfterSaleEvent>(
    `SELECT id, action, actor, created_at, details FROM after_sale_events
     WHERE after_sale_id = $1 AND account_id = $2 ORDER BY id LIMIT 100`,
    [id, scope.accountId],
  );
  return { ...row, events };
}

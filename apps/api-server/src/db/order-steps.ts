import {
  ADDRESS_EDITABLE_STATUSES,
  type AddressSnapshot,
  addressRefusedMessage,
  BLACKLIST_CONFIRM_MESSAGE,
  canCorrectAddress,
  carrierOf,
  maskMobile,
  normalizeTrackingNo,
  ORDER_STEPS,
  type OrderStatus,
  type OrderStep,
  type OrderStepResult,
  stepRefusedMessage,
  trackingNoProblem,
} from '@consign/api-client';
import { type PurchaseValues, purchaseColumns } from '@consign/api-client/contract';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { defaultAddress, senderAddressById } from './address';
import { afterSaleRefusal } from './after-sale';
import { chargePurchaseFee, refundPurchaseFee } from './balance';
import { orderIsBlacklisted } from './buyer';
import type { Saved } from './log';
import { inShops, inTransaction, notFound, type Scope, staleRecord } from './scope';
import { recordWriteback } from './writeback';

/**
 * The steps of an order (采购, 发货, 完成, 取消) and the correction of its receiver (地址管理). Each is
 * ONE guarded statement ({@link updateWithTimeline}): the UPDATE names the states it may start from
 * (`ORDER_STEPS`), and the timeline entry is inserted by the same statement from the updated row. So
 * when two staff act on one order at once, Postgres lets one UPDATE through and the other finds the
 * new state and changes nothing (409 naming that state); nothing is half done. The batch calls
 * (order-batch.ts) and the imports run these same functions per order.
 */

/** Who takes a step: the signed-in user (their nickname, else mobile, is copied into the timeline). */
export interface StepActor {
  userId: number | null;
}

/** The 409 of a step the order's current state does not allow. */
function refused(step: OrderStep, status: OrderStatus): HttpProblem {
  return new HttpProblem(409, stepRefusedMessage(step, status));
}

async function currentStatus(scope: Scope, id: number) {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<{ status: OrderStatus; order_no: string }>(
    `SELECT status, order_no FROM orders WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', params)}`,
    params,
  );
  return row;
}

/** Jsonb columns a step writes (their values are JSON text). */
const JSONB_COLUMNS = new Set(['sender']);

/**
 * The one statement of every step and correction: a guarded UPDATE of order `id` of the account (only
 * from the `from` states, and when `version` is given only at that version, which it then bumps) and,
 * from the updated row, its timeline entry (the actor's nickname, else mobile, else 系统). Answers the
 * updated row, or undefined when the guard let nothing through (another step came first).
 */
async function updateWithTimeline(
  scope: Scope,
  id: number,
  update: {
    set: Record<string, unknown>;
    from: readonly OrderStatus[];
    version?: number;
    action: string;
    details: Record<string, unknown>;
  },
  actor: StepActor,
  now: number,
) {
  const names = Object.keys(update.set);
  const params: unknown[] = [
    id,
    scope.accountId,
    now,
    [...update.from],
    actor.userId,
    update.action,
    JSON.stringify(update.details),
    update.version ?? null,
    ...Object.values(update.set),
  ];
  // Column names come from our own step code, never from input; every value is a parameter.
  const sets = names.map((name, i) => `, ${name} = $${9 + i}${JSONB_COLUMNS.has(name) ? '::jsonb' : ''}`);
  const shops = inShops(scope, 'shop_id', params);
  const [row] = await scope.db.query<{ id: number; order_no: string; status: OrderStatus }>(
    `WITH done AS (
       UPDATE orders SET updated_at = $3${sets.join('')}
         ${update.version === undefined ? '' : ', version = version + 1'}
       WHERE id = $1 AND account_id = $2 AND status = ANY($4::text[])
         AND ($8::int IS NULL OR version = $8::int)${shops}
       RETURNING id, order_no, status
     ), event AS (
       INSERT INTO order_events (account_id, order_id, user_id, actor, action, details, created_at)
       SELECT $2, done.id, $5,
         COALESCE((SELECT COALESCE(NULLIF(u.nickname, ''), u.mobile) FROM users u WHERE u.id = $5), '系统'),
         $6, $7::jsonb, $3
       FROM done
     )
     SELECT id, order_no, status FROM done`,
    params,
  );
  return row;
}

/**
 * Takes `step` on order `id` of the account, with the step's own columns and the details its timeline
 * entry (and the operation log) shows. 404 for an order that is not the account's, 409 (naming the
 * current state) for one whose state does not allow the step, including when another step won a race.
 */
async function takeStep(
  scope: Scope,
  id: number,
  step: OrderStep,
  { columns, details }: { columns: Record<string, unknown>; details: Record<string, string | number | null> },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  const before = await currentStatus(scope, id);
  if (!before) throw notFound();
  const rule = ORDER_STEPS[step];
  if (!(rule.from as readonly string[]).includes(before.status)) throw refused(step, before.status);
  const row = await updateWithTimeline(
    scope,
    id,
    { set: { status: rule.to, ...columns }, from: rule.from, action: step, details },
    actor,
    now,
  );
  if (!row) {
    // Another step came first: say what the order is now.
    const current = await currentStatus(scope, id);
    if (!current) throw notFound();
    throw refused(step, current.status);
  }
  return {
    row: { id: row.id, status: row.status },
    change: {
      target: { type: 'order', id: row.id, name: row.order_no },
      before: { status: before.status },
      after: { status: row.status, ...details },
    },
  };
}

/**
 * 采购: 待采购 -> 已采购, with the purchase fields (purchase-fields.ts: the supplier, its order number,
 * the cost in fen), each saved in the `orders` column of its name and shown in the timeline.
 */
export async function purchaseOrder(
  scope: Scope,
  input: PurchaseValues & {
    id: number;
    confirm_blacklist?: boolean;
    /** 一键采购 held the 代发服务费 before calling 1688 (db/balance.ts `holdPurchaseFee`): not charged again. */
    fee_held?: boolean;
    /**
     * The record of a supplier order already placed (the purchase job): an after-sale opened
     * meanwhile does not undo it (it is marked 需拦截 instead, db/purchase.ts `flagInterception`).
     */
    bought?: boolean;
  },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  // 黑名单: a blacklisted buyer's order is purchased only when the caller confirmed it.
  if (!input.confirm_blacklist && (await orderIsBlacklisted(scope, input.id))) {
    throw new HttpProblem(409, BLACKLIST_CONFIRM_MESSAGE);
  }
  const values = purchaseColumns(input);
  return inTransaction(scope, async (tx) => {
    const saved = await takeStep(tx, input.id, 'purchase', { columns: values, details: values }, actor, now);
    // 售后中: refused after the state's own check (an order that is not 待采购 is told its state), and
    // the step rolled back with it.
    if (!input.bought) {
      const afterSale = await afterSaleRefusal(tx.db, tx.accountId, input.id);
      if (afterSale) throw new HttpProblem(409, afterSale);
    }
    // balance (余额): the 代发服务费, in this transaction (余额不足: 409, the purchase rolled back).
    if (!input.fee_held)
      await chargePurchaseFee(tx, { id: saved.row.id, orderNo: saved.change.target.name }, actor.userId, now);
    return saved;
  });
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
  const params: unknown[] = [scope.accountId, orderNo.trim()];
  const [row] = await scope.db.query<{ id: number }>(
    `SELECT id FROM orders WHERE account_id = $1 AND order_no = $2${inShops(scope, 'shop_id', params)}`,
    params,
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
export async function cancelOrder(
  scope: Scope,
  input: { id: number; reason: string },
  actor: StepActor,
  now: number,
): Promise<Saved<OrderStepResult>> {
  return inTransaction(scope, async (tx) => {
    const saved = await takeStep(
      tx,
      input.id,
      'cancel',
      { columns: { cancel_reason: input.reason }, details: { reason: input.reason } },
      actor,
      now,
    );
    // balance (余额): cancelled before shipping, the 代发服务费 comes back.
    await refundPurchaseFee(tx, { id: saved.row.id, orderNo: saved.change.target.name }, actor.userId, now);
    return saved;
  });
}

/**
 * The supplier cancelled the purchase (purchase, db/purchase.ts): 已采购 -> 待采购 in one guarded
 * statement with its timeline entry (`purchase_cancelled`), the purchase fields cleared. Answers whether the order moved (false: it is no longer 已采购).
 */
export async function revertPurchase(
  scope: Scope,
  input: { id: number; reason: string },
  actor: StepActor,
  now: number,
): Promise<boolean> {
  const row = await updateWithTimeline(
    scope,
    input.id,
    {
      set: { status: 'pending', ...purchaseColumns({}) },
      from: ['purchased'],
      action: 'purchase_cancelled',
      details: { reason: input.reason },
    },
    actor,
    now,
  );
  return row !== undefined;
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
  const addressParams: unknown[] = [input.id, scope.accountId];
  const [before] = await scope.db.query<{
    status: OrderStatus;
    receiver_name: string;
    receiver_mobile: string;
    receiver_address: string;
    version: number;
  }>(
    `SELECT status, receiver_name, receiver_mobile, receiver_address, version FROM orders
     WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', addressParams)}`,
    addressParams,
  );
  if (!before) throw notFound();
  if (!canCorrectAddress(before.status)) {
    throw new HttpProblem(409, addressRefusedMessage(before.status));
  }
  if (before.version !== input.version) throw staleRecord();
  const mobile = input.mobile ?? before.receiver_mobile;
  const details = { name: input.name, mobile: maskMobile(mobile), address: input.address };
  const row = await updateWithTimeline(
    scope,
    input.id,
    {
      set: { receiver_name: input.name, receiver_mobile: mobile, receiver_address: input.address },
      from: ADDRESS_EDITABLE_STATUSES,
      version: input.version,
      action: 'address',
      details,
    },
    actor,
    now,
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

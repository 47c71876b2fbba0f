import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  canTakeStep,
  carrierByCodeOrName,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  normalizeTrackingNo,
  type OrderStatus,
  stepRefusedMessage,
  trackingNoProblem,
} from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import type { FileRow } from '../import-file';
import { defaultAddress } from './address';
import type { CommitEach } from './order-batch';
import { type StepActor, shipOrder } from './order-steps';
import { inShops, type Scope } from './scope';

/**
 * 导入快递单号: the rows of a file (import-file.ts) checked against the account's orders,
 * then shipped. The preview and the apply run the same checks on the same file (the client sends it
 * again), so nothing is kept between the two calls and apply never trusts an old preview.
 */

export const ORDER_NOT_FOUND = '订单不存在';
export const NO_DEFAULT_SENDER = '请先在发货地址中添加默认发货地址，导入时用它发货';

interface CheckedRow extends ImportRow {
  /** Set when the row has no errors: what apply ships. */
  ship?: { id: number; carrier: string; tracking_no: string };
}

/** Each row with what is wrong with it (empty cells, unknown carrier, tracking format, order, state, repeats). */
async function checkRows(scope: Scope, rows: FileRow[]): Promise<CheckedRow[]> {
  const numbers = [...new Set(rows.map((row) => row.order_no).filter((no) => no !== ''))];
  // Another account's order is not found, exactly like a number that does not exist.
  const params: unknown[] = [scope.accountId, numbers];
  const orders = await scope.db.query<{ id: number; order_no: string; status: OrderStatus }>(
    `SELECT id, order_no, status FROM orders WHERE account_id = $1 AND order_no = ANY($2::text[])${inShops(scope, 'shop_id', params)}`,
    params,
  );
  const byNo = new Map(orders.map((order) => [order.order_no, order]));
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const errors: string[] = [];
    if (row.order_no === '') errors.push('订单号不能为空');
    if (row.carrier === '') errors.push('快递公司不能为空');
    if (row.tracking_no === '') errors.push('快递单号不能为空');
    const carrier = row.carrier === '' ? undefined : carrierByCodeOrName(row.carrier);
    if (row.carrier !== '' && !carrier) errors.push(`未知的快递公司：${row.carrier}`);
    const trackingNo = normalizeTrackingNo(row.tracking_no);
    if (carrier && trackingNo !== '') {
      const problem = trackingNoProblem(carrier.code, trackingNo);
      if (problem) errors.push(problem);
    }
    const order = byNo.get(row.order_no);
    if (row.order_no !== '') {
      const seen = firstLine.get(row.order_no);
      if (seen !== undefined) errors.push(`订单号与第 ${seen} 行重复`);
      else firstLine.set(row.order_no, row.line);
      if (!order) errors.push(ORDER_NOT_FOUND);
      else if (!canTakeStep('ship', order.status)) errors.push(stepRefusedMessage('ship', order.status));
    }
    const checked: CheckedRow = { ...row, errors };
    if (errors.length === 0 && order && carrier) {
      checked.ship = { id: order.id, carrier: carrier.code, tracking_no: trackingNo };
    }
    return checked;
  });
}

/** The preview: each row with its errors and the counts. Writes nothing. */
export async function previewImport(scope: Scope, rows: FileRow[]): Promise<ImportPreview> {
  const checked = await checkRows(scope, rows);
  const preview = checked.map(({ ship: _ship, ...row }) => row);
  const valid = preview.filter((row) => row.errors.length === 0).length;
  return { rows: preview, valid, invalid: preview.length - valid };
}

/**
 * Ships every valid row through `shipOrder` (its own guarded statement and timeline entry, committed
 * with its operation-log entry through `each`) with the account's default sender address; refuses
 * the whole call (422) when there is none. Rows with errors, and rows whose 发货 is refused now
 * (another user came first), are that row's failure and change nothing.
 */
export async function applyImport(
  scope: Scope,
  rows: FileRow[],
  actor: StepActor,
  now: number,
  each: CommitEach,
): Promise<ImportResult> {
  const sender = await defaultAddress(scope, 'sender');
  if (!sender) throw new HttpProblem(422, NO_DEFAULT_SENDER);
  const results: ImportResult['results'] = [];
  for (const row of await checkRows(scope, rows)) {
    await nextTurn(); // other requests are served between the rows (see runBatch)
    const ship = row.ship;
    if (!ship) {
      results.push({ line: row.line, order_no: row.order_no, ok: false, message: row.errors.join('；') });
      continue;
    }
    try {
      await each((tx) => shipOrder(tx, { ...ship, sender_address_id: sender.id }, actor, now));
      results.push({ line: row.line, order_no: row.order_no, ok: true, message: '' });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      results.push({ line: row.line, order_no: row.order_no, ok: false, message: error.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

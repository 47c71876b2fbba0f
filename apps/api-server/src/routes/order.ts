import type { Context } from 'hono';
import { Hono } from 'hono';
import { afterSaleDetail, afterSaleStep } from '../db/after-sale';
import { applyImport, previewImport } from '../db/import';
import { withImportLock } from '../db/import-lock';
import {
  countAfterSalesByStatus,
  countOrderExceptions,
  countOrdersByStatus,
  listAfterSales,
  listOrders,
  listReceivers,
} from '../db/order';
import { batchPurchase, batchShip, batchTargets, type CommitEach, runBatch } from '../db/order-batch';
import { orderDetail } from '../db/order-detail';
import { applyOrderFile, createOrder, previewOrderFile } from '../db/order-entry';
import {
  cancelOrder,
  completeOrder,
  correctOrderAddress,
  purchaseOrder,
  type StepActor,
  shipOrder,
} from '../db/order-steps';
import { withDb } from '../db/scope';
import { retryWriteback } from '../db/writeback';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { afterCommit, logged, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { orderFileLines } from '../order-file';
import { decryptReceiver } from '../platforms/receiver-decrypt';

/** The signed-in caller, as the timeline names them. */
function actor(c: Context<ApiEnv>): StepActor {
  return { userId: c.get('auth')?.userId ?? null };
}

/**
 * How the batches and the import commit: each order in its own transaction with its operation-log
 * entry (`logged`, middleware/audit.ts), bound to the caller's account.
 */
function commitEach(c: Context<ApiEnv>): CommitEach {
  const caller = scope(c);
  return (step) => logged(c, (tx) => step(withDb(caller, tx)));
}

/**
 * Pages of orders and after-sale orders, an order's detail and timeline, its steps (采购, 发货, 完成,
 * 取消), the batches, the tracking-number import and the after-sale answers. The rules are in db/order-steps.ts,
 * db/order-batch.ts and db/after-sale.ts.
 */
export function orderRoutes({
  now: clock,
  imports,
  wakeJobs,
  connectorFor,
  shopCalls,
  platforms,
}: Pick<Deps, 'now' | 'imports' | 'wakeJobs' | 'connectorFor' | 'shopCalls' | 'platforms'>) {
  const now = () => Math.floor(clock() / 1000);
  /** Once the 发货 is committed, the `writeback` job looks for the writebacks it queued. */
  const wakeWriteback = (c: Context<ApiEnv>) => afterCommit(c, () => wakeJobs('writeback'));
  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/order/index'), async (c) =>
        ok(c, await listOrders(scope(c), c.req.valid('json'))),
      )
      .post('/status-counts', body('/api/order/status-counts'), async (c) =>
        ok(c, { counts: await countOrdersByStatus(scope(c), c.req.valid('json')) }),
      )
      .post('/exception-counts', body('/api/order/exception-counts'), async (c) =>
        ok(c, { counts: await countOrderExceptions(scope(c), c.req.valid('json')) }),
      )
      .post('/after-sale', body('/api/order/after-sale'), async (c) =>
        ok(c, await listAfterSales(scope(c), c.req.valid('json'))),
      )
      .post('/after-sale-status-counts', body('/api/order/after-sale-status-counts'), async (c) =>
        ok(c, { counts: await countAfterSalesByStatus(scope(c), c.req.valid('json')) }),
      )
      .post('/receivers', body('/api/order/receivers'), async (c) =>
        ok(c, await listReceivers(scope(c), c.req.valid('json'))),
      )
      .post('/detail', body('/api/order/detail'), async (c) =>
        ok(c, await orderDetail(scope(c), c.req.valid('json').id)),
      )
      .post('/purchase', body('/api/order/purchase'), async (c) => {
        const { row, change } = await purchaseOrder(scope(c), c.req.valid('json'), actor(c), now());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/ship', body('/api/order/ship'), async (c) => {
        const { row, change } = await shipOrder(scope(c), c.req.valid('json'), actor(c), now());
        recordChange(c, change);
        wakeWriteback(c);
        return ok(c, row);
      })
      .post('/complete', body('/api/order/complete'), async (c) => {
        const { row, change } = await completeOrder(scope(c), c.req.valid('json'), actor(c), now());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/cancel', body('/api/order/cancel'), async (c) => {
        const { row, change } = await cancelOrder(scope(c), c.req.valid('json'), actor(c), now());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/address', body('/api/order/address'), async (c) => {
        const { row, change } = await correctOrderAddress(scope(c), c.req.valid('json'), actor(c), now());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/batch-purchase', body('/api/order/batch-purchase'), async (c) =>
        ok(c, await batchPurchase(scope(c), c.req.valid('json'), actor(c), now(), commitEach(c))),
      )
      .post('/batch-ship', body('/api/order/batch-ship'), async (c) => {
        const result = await batchShip(scope(c), c.req.valid('json'), actor(c), now(), commitEach(c));
        wakeWriteback(c);
        return ok(c, result);
      })
      .post('/batch-cancel', body('/api/order/batch-cancel'), async (c) => {
        const input = c.req.valid('json');
        const each = commitEach(c);
        const targets = await batchTargets(scope(c), input);
        return ok(
          c,
          await runBatch(targets, (target) =>
            each((tx) => cancelOrder(tx, { id: target.id, reason: input.reason }, actor(c), now())),
          ),
        );
      })
      // 导入快递单号: the file is read and checked on both calls (import-file.ts, db/import.ts), one
      // import at a time per account (db/import-lock.ts).
      .post('/import-preview', body('/api/order/import-preview'), async (c) =>
        withImportLock(scope(c), now(), async () => {
          const rows = await imports.read(c.req.valid('json').file);
          return ok(c, await previewImport(scope(c), rows));
        }),
      )
      .post('/import-apply', body('/api/order/import-apply'), async (c) =>
        withImportLock(scope(c), now(), async () => {
          const rows = await imports.read(c.req.valid('json').file);
          const result = await applyImport(scope(c), rows, actor(c), now(), commitEach(c));
          wakeWriteback(c);
          return ok(c, result);
        }),
      )
      .post('/writeback-retry', body('/api/order/writeback-retry'), async (c) => {
        // Each retry calls the platform again: within the account's writeback_retry budget (429).
        await platforms.budgets.spend(scope(c).db, 'writeback_retry', scope(c).accountId, now());
        const { row, change } = await retryWriteback(
          scope(c),
          c.req.valid('json').id,
          now(),
          c.get('auth')?.userId ?? null,
        );
        recordChange(c, change);
        wakeWriteback(c);
        return ok(c, row);
      })
      // The platform is called outside any transaction (PGlite has one connection); the entry that it
      // was viewed is written once it answered.
      .post('/receiver-decrypt', body('/api/order/receiver-decrypt'), async (c) => {
        const saved = await decryptReceiver(scope(c), c.req.valid('json').id, {
          connectorFor,
          shopCalls,
          budgets: platforms.budgets,
          nowS: now(),
        });
        return ok(c, await logged(c, async () => saved));
      })
      // 手工建单 and 导入订单 (db/order-entry.ts): the order file is read like the tracking file above,
      // under the same lock.
      .post('/create', body('/api/order/create'), async (c) => {
        const { row, change } = await createOrder(scope(c), c.req.valid('json'), now());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/import-orders-preview', body('/api/order/import-orders-preview'), async (c) =>
        withImportLock(scope(c), now(), async () => {
          const { file, shop_id } = c.req.valid('json');
          const lines = orderFileLines(await imports.readTable(file));
          return ok(c, await previewOrderFile(scope(c), shop_id, lines));
        }),
      )
      .post('/import-orders-apply', body('/api/order/import-orders-apply'), async (c) =>
        withImportLock(scope(c), now(), async () => {
          const { file, shop_id } = c.req.valid('json');
          const lines = orderFileLines(await imports.readTable(file));
          return ok(c, await applyOrderFile(scope(c), shop_id, lines, now(), commitEach(c)));
        }),
      )
      .post('/after-sale-detail', body('/api/order/after-sale-detail'), async (c) =>
        ok(c, await afterSaleDetail(scope(c), c.req.valid('json').id)),
      )
      .post('/after-sale-refund', body('/api/order/after-sale-refund'), async (c) => {
        const { row, change } = await afterSaleStep(
          scope(c),
          c.req.valid('json').id,
          'refund',
          {},
          actor(c),
          now(),
        );
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/after-sale-reject', body('/api/order/after-sale-reject'), async (c) => {
        const { id, reason } = c.req.valid('json');
        const { row, change } = await afterSaleStep(
          scope(c),
          id,
          'reject',
          { reject_reason: reason },
          actor(c),
          now(),
        );
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/after-sale-receive', body('/api/order/after-sale-receive'), async (c) => {
        const { id, return_tracking_no } = c.req.valid('json');
        const { row, change } = await afterSaleStep(
          scope(c),
          id,
          'receive',
          { return_tracking_no },
          actor(c),
          now(),
        );
        recordChange(c, change);
        return ok(c, row);
      })
  );
}

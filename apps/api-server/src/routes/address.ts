import { Hono } from 'hono';
import { deleteAddress, listAddresses, saveAddress } from '../db/address';
import { releaseHeldShipments } from '../db/purchase';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/**
 * 发货地址: the account's sender and return addresses. Saving a sender address releases the supplier
 * shipments held for want of one (db/purchase.ts `releaseHeldShipments`): they ship within seconds of
 * the save, not at the next look at 1688.
 */
export function addressRoutes({ now, wakeJobs }: Pick<Deps, 'now' | 'wakeJobs'>) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/address/index'), async (c) =>
      ok(c, await listAddresses(scope(c), c.req.valid('json').kind)),
    )
    .post('/save', body('/api/address/save'), async (c) => {
      const { row, change } = await saveAddress(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
      recordChange(c, change);
      if (row.kind === 'sender' && (await releaseHeldShipments(scope(c).db, scope(c).accountId)) > 0) {
        afterCommit(c, () => wakeJobs('supplier-logistics'));
      }
      return ok(c, row);
    })
    .post('/del', body('/api/address/del'), async (c) => {
      const { row, change } = await deleteAddress(scope(c), c.req.valid('json').id);
      recordChange(c, change);
      return ok(c, row);
    });
}

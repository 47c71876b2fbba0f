import { Hono } from 'hono';
import { getFeeRates, saveFeeRates } from '../db/profit';
import { getSettings, updateSettings } from '../db/setting';
import type { ApiEnv } from '../env';
import { ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** The dropshipping settings. */
export function settingRoutes() {
  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/setting/index'), async (c) => ok(c, await getSettings(scope(c))))
      .post('/update', body('/api/setting/update'), async (c) => {
        const { row, change } = await updateSettings(scope(c), c.req.valid('json'));
        recordChange(c, change);
        return ok(c, row);
      })
      // profit: 平台扣点
      .post('/fee-rates', body('/api/setting/fee-rates'), async (c) => ok(c, await getFeeRates(scope(c))))
      .post('/fee-rates-save', body('/api/setting/fee-rates-save'), async (c) => {
        const { row, change } = await saveFeeRates(scope(c), c.req.valid('json'));
        recordChange(c, change);
        return ok(c, row);
      })
  );
}

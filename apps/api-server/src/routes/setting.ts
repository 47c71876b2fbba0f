import { Hono } from 'hono';
import { getSettings, updateSettings } from '../db/setting';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { body } from '../middleware/validate';

/** The dropshipping settings. */
export function settingRoutes({ db }: Deps) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/setting/index'), async (c) => ok(c, await getSettings(db)))
    .post('/update', body('/api/setting/update'), async (c) =>
      ok(c, await updateSettings(db, c.req.valid('json'))),
    );
}

import { Hono } from 'hono';
import { blacklistEntryById, liftBlacklist, listBlacklist, listBuyers, saveBlacklist } from '../db/buyer';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** 买家管理 and 黑名单: the rules are in db/buyer.ts. */
export function buyerRoutes({ now }: Pick<Deps, 'now'>) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/buyer/index'), async (c) =>
      ok(c, await listBuyers(scope(c), c.req.valid('json'))),
    )
    .post('/blacklist-index', body('/api/buyer/blacklist-index'), async (c) =>
      ok(c, await listBlacklist(scope(c), c.req.valid('json'))),
    )
    .post('/blacklist-save', body('/api/buyer/blacklist-save'), async (c) => {
      const { id, change } = await saveBlacklist(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
      recordChange(c, change);
      return ok(c, await blacklistEntryById(scope(c), id));
    })
    .post('/blacklist-del', body('/api/buyer/blacklist-del'), async (c) => {
      const input = c.req.valid('json');
      recordChange(c, await liftBlacklist(scope(c), input));
      return ok(c, { id: input.id });
    });
}

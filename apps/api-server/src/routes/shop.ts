import { Hono } from 'hono';
import { isUniqueViolation } from '../db/db';
import { deleteGroup, groupById, listGroups, listShops, moveShop, saveGroup, shopById } from '../db/shop';
import { requestSync } from '../db/shop-sync';
import type { ApiEnv, Deps } from '../env';
import { ApiRefusal, ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** Shops, shop groups, and moving a shop between groups. */
export function shopRoutes({ now, wakeShopSync }: Pick<Deps, 'now' | 'wakeShopSync'>) {
  const nowS = () => Math.floor(now() / 1000);
  return new Hono<ApiEnv>()
    .post('/index', body('/api/shop/index'), async (c) =>
      ok(c, await listShops(scope(c), c.req.valid('json'), nowS())),
    )
    .post('/group-index', body('/api/shop/group-index'), async (c) =>
      ok(c, await listGroups(scope(c), c.req.valid('json'))),
    )
    .post('/group-save', body('/api/shop/group-save'), async (c) => {
      try {
        const { id, change } = await saveGroup(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
        recordChange(c, change);
        return ok(c, await groupById(scope(c), id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiRefusal('分组名称已存在');
        throw error;
      }
    })
    .post('/group-del', body('/api/shop/group-del'), async (c) => {
      const { id } = c.req.valid('json');
      recordChange(c, await deleteGroup(scope(c), id));
      return ok(c, { id });
    })
    .post('/move', body('/api/shop/move'), async (c) => {
      const move = c.req.valid('json');
      recordChange(c, await moveShop(scope(c), move, nowS()));
      return ok(c, await shopById(scope(c), move.shop_id, nowS()));
    })
    .post('/sync', body('/api/shop/sync'), async (c) => {
      // 立即同步: the shop is due now; the sync is woken once the call has committed.
      const { id } = c.req.valid('json');
      const { name } = await requestSync(scope(c), id, nowS());
      recordChange(c, { target: { type: 'shop', id, name }, before: null, after: { sync: '立即同步' } });
      afterCommit(c, wakeShopSync);
      return ok(c, await shopById(scope(c), id, nowS()));
    });
}

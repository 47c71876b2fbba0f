import { Hono } from 'hono';
import { goodsDetail, listGoods, saveGoods } from '../db/goods';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** Goods pages, one product, create and update. */
export function goodsRoutes({ now }: Pick<Deps, 'now'>) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/goods/index'), async (c) =>
      ok(c, await listGoods(scope(c), c.req.valid('json'))),
    )
    .post('/detail', body('/api/goods/detail'), async (c) =>
      ok(c, await goodsDetail(scope(c), c.req.valid('json').id)),
    )
    .post('/save', body('/api/goods/save'), async (c) => {
      const { row, change } = await saveGoods(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
      recordChange(c, change);
      return ok(c, row);
    });
}

import { Hono } from 'hono';
import { goodsById, listGoods, saveGoods } from '../db/goods';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { body } from '../middleware/validate';

/** Goods pages, one product, create and update. */
export function goodsRoutes({ db, now }: Deps) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/goods/index'), async (c) => ok(c, await listGoods(db, c.req.valid('json'))))
    .post('/detail', body('/api/goods/detail'), async (c) =>
      ok(c, await goodsById(db, c.req.valid('json').id)),
    )
    .post('/save', body('/api/goods/save'), async (c) => {
      const id = await saveGoods(db, c.req.valid('json'), Math.floor(now() / 1000));
      return ok(c, await goodsById(db, id));
    });
}

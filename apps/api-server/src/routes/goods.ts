import { Hono } from 'hono';
import { goodsDetail, listGoods, saveGoods, saveGoodsSkus } from '../db/goods';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { offerForSeller } from '../platforms/offer-reads';

/** Goods pages, one product, create and update; its SKUs and their 货源 on 1688. */
export function goodsRoutes({ now, platforms, secretBox }: Pick<Deps, 'now' | 'platforms' | 'secretBox'>) {
  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/goods/index'), async (c) =>
        ok(c, await listGoods(scope(c), c.req.valid('json'), c.get('auth')?.userId ?? 0)),
      )
      .post('/detail', body('/api/goods/detail'), async (c) =>
        ok(c, await goodsDetail(scope(c), c.req.valid('json').id)),
      )
      .post('/save', body('/api/goods/save'), async (c) => {
        const { row, change } = await saveGoods(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/sku-save', body('/api/goods/sku-save'), async (c) => {
        const { row, change } = await saveGoodsSkus(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
        recordChange(c, change);
        return ok(c, row);
      })
      // Reads 1688 (no transaction: the call is not logged, it changes nothing).
      .post('/supplier-offer', body('/api/goods/supplier-offer'), async (c) =>
        ok(
          c,
          await offerForSeller(
            { db: database(c), box: secretBox, platforms },
            scope(c).accountId,
            c.req.valid('json').offer,
            Math.floor(now() / 1000),
          ),
        ),
      )
  );
}

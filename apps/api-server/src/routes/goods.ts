import { offerIdOf } from '@consign/api-client';
import { Hono } from 'hono';
import { goodsDetail, listGoods, saveGoods, saveGoodsSkus } from '../db/goods';
import { offerReadFailure, readSupplierOffer, supplierOfferView } from '../db/supplier-offer';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { SupplierError } from '../platforms/alibaba';

/** Goods pages, one product, create and update; its SKUs and their 货源 on 1688. */
export function goodsRoutes({ now, platforms, secretBox }: Pick<Deps, 'now' | 'platforms' | 'secretBox'>) {
  return (
    new Hono<ApiEnv>()
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
      })
      .post('/sku-save', body('/api/goods/sku-save'), async (c) => {
        const { row, change } = await saveGoodsSkus(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
        recordChange(c, change);
        return ok(c, row);
      })
      // Reads 1688 (no transaction: the call is not logged, it changes nothing).
      .post('/supplier-offer', body('/api/goods/supplier-offer'), async (c) => {
        const offerId = offerIdOf(c.req.valid('json').offer);
        if (!offerId) {
          throw new HttpProblem(
            400,
            '请填写1688商品链接或商品ID，例如 https://detail.1688.com/offer/610000000001.html',
          );
        }
        try {
          const offer = await readSupplierOffer(
            { db: database(c), box: secretBox, platforms },
            scope(c).accountId,
            offerId,
            Math.floor(now() / 1000),
          );
          return ok(c, supplierOfferView(offer));
        } catch (error) {
          if (!(error instanceof SupplierError)) throw error;
          throw new HttpProblem(error.retryable ? 502 : 409, offerReadFailure(error));
        }
      })
  );
}

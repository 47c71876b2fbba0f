import { Hono } from 'hono';
import { listAfterSales, listOrders } from '../db/order';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { body } from '../middleware/validate';

/** Pages of orders and after-sale orders. */
export function orderRoutes({ db }: Deps) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/order/index'), async (c) => ok(c, await listOrders(db, c.req.valid('json'))))
    .post('/after-sale', body('/api/order/after-sale'), async (c) =>
      ok(c, await listAfterSales(db, c.req.valid('json'))),
    );
}

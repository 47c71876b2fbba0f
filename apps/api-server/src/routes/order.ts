import { Hono } from 'hono';
import { listAfterSales, listOrders } from '../db/order';
import type { ApiEnv } from '../env';
import { ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** Pages of orders and after-sale orders. */
export function orderRoutes() {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/order/index'), async (c) =>
      ok(c, await listOrders(scope(c), c.req.valid('json'))),
    )
    .post('/after-sale', body('/api/order/after-sale'), async (c) =>
      ok(c, await listAfterSales(scope(c), c.req.valid('json'))),
    );
}

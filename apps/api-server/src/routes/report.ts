import { Hono } from 'hono';
import { profitReport } from '../db/profit';
import type { ApiEnv } from '../env';
import { ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** 利润报表 (db/profit.ts). */
export function reportRoutes() {
  return new Hono<ApiEnv>().post('/profit', body('/api/report/profit'), async (c) =>
    ok(c, await profitReport(scope(c), c.req.valid('json'))),
  );
}

import { Hono } from 'hono';
import { dashboardSummary } from '../db/dashboard';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** 工作台 at a glance: today's counts and the 30-day chart (db/dashboard.ts). */
export function dashboardRoutes({ now }: Pick<Deps, 'now'>) {
  return new Hono<ApiEnv>().post('/summary', body('/api/dashboard/summary'), async (c) =>
    ok(c, await dashboardSummary(scope(c), Math.floor(now() / 1000))),
  );
}

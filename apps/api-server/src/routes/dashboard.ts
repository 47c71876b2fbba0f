import { hasPermission } from '@consign/api-client/contract';
import { Hono } from 'hono';
import { dashboardSummary } from '../db/dashboard';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/**
 * 工作台: today's counts, the 30-day chart, the balance, the shops that need the seller (for a caller
 * with shop:manage) and 新手指引's checklist (db/dashboard.ts).
 */
export function dashboardRoutes({ now }: Pick<Deps, 'now'>) {
  return new Hono<ApiEnv>().post('/summary', body('/api/dashboard/summary'), async (c) =>
    ok(
      c,
      await dashboardSummary(scope(c), Math.floor(now() / 1000), {
        withShops: hasPermission(c.get('user'), 'shop:manage'),
      }),
    ),
  );
}

import { Hono } from 'hono';
import { listCopyRecords, queueCopyJobs } from '../db/copy';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** Copy jobs: their pages, and queueing new ones for the copy worker. */
export function copyRoutes({ now, wakeCopyWorker }: Pick<Deps, 'now' | 'wakeCopyWorker'>) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/copy/index'), async (c) =>
      ok(c, await listCopyRecords(scope(c), c.req.valid('json'))),
    )
    .post('/create', body('/api/copy/create'), async (c) => {
      const created = await queueCopyJobs(scope(c), c.req.valid('json'), Math.floor(now() / 1000));
      wakeCopyWorker();
      return ok(c, { created });
    });
}

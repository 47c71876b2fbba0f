import { Hono } from 'hono';
import { listCopyRecords, queueCopyJobs } from '../db/copy';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { body } from '../middleware/validate';

/** Copy jobs: their pages, and queueing new ones for the copy worker. */
export function copyRoutes({ db, now, wakeCopyWorker }: Deps) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/copy/index'), async (c) =>
      ok(c, await listCopyRecords(db, c.req.valid('json'))),
    )
    .post('/create', body('/api/copy/create'), async (c) => {
      const created = await queueCopyJobs(db, c.req.valid('json'), Math.floor(now() / 1000));
      wakeCopyWorker();
      return ok(c, { created });
    });
}

import { Hono } from 'hono';
import { listCopyRecords, queueCopyJobs } from '../db/copy';
import type { ApiEnv, Deps } from '../env';
import { ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** Copy jobs (商品复制 of 1688 offers): their pages, and queueing new ones for the copy job. */
export function copyRoutes({ now, wakeJobs }: Pick<Deps, 'now' | 'wakeJobs'>) {
  return new Hono<ApiEnv>()
    .post('/index', body('/api/copy/index'), async (c) =>
      ok(c, await listCopyRecords(scope(c), c.req.valid('json'))),
    )
    .post('/create', body('/api/copy/create'), async (c) => {
      const input = c.req.valid('json');
      const result = await queueCopyJobs(scope(c), input, Math.floor(now() / 1000));
      recordChange(c, {
        target: { type: 'copy', id: null, name: `${result.created} 个链接` },
        before: null,
        after: { shop_id: input.shop_id, urls: input.urls, refused: result.refused.map((r) => r.url) },
      });
      if (result.created > 0) afterCommit(c, () => wakeJobs('copy'));
      return ok(c, result);
    });
}

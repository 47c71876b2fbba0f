import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { EXPORT_LINK_SECONDS, type ExportFormat } from '@consign/api-client';
import { Hono } from 'hono';
import type { Db } from '../db/db';
import { createExportJob, downloadableJob, listExportJobs } from '../db/export';
import type { ApiEnv, Deps } from '../env';
import { EXPORT_CONTENT_TYPES } from '../export-file';
import { ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/**
 * Order exports (下载中心). The file itself is not an API call: `/api/export/download-url` (signed,
 * scoped, `order:view`) answers a link `/download/export/<id>?exp=<unix s>&sig=<HMAC>` valid
 * {@link EXPORT_LINK_SECONDS} s, and `downloadRoutes` streams the file to whoever holds an unexpired
 * link. The HMAC key is the job's own random `download_key` (never sent to a client; not the request
 * signing secret, which ships in the browser bundle), so a link cannot be made for another job or
 * stretched past its time, and the bearer token never goes into an address.
 */
export function exportRoutes({ now, wakeExportWorker }: Pick<Deps, 'now' | 'wakeExportWorker'>) {
  return new Hono<ApiEnv>()
    .post('/create', body('/api/export/create'), async (c) => {
      const input = c.req.valid('json');
      const auth = c.get('auth');
      const job = await createExportJob(scope(c), auth?.userId ?? null, input, Math.floor(now() / 1000));
      recordChange(c, {
        target: { type: 'export', id: job.id, name: job.name },
        before: null,
        after: { format: job.format, filters: job.filters },
      });
      afterCommit(c, wakeExportWorker);
      return ok(c, job);
    })
    .post('/index', body('/api/export/index'), async (c) =>
      ok(c, await listExportJobs(scope(c), c.req.valid('json'))),
    )
    .post('/download-url', body('/api/export/download-url'), async (c) => {
      const job = await downloadableJob(scope(c), c.req.valid('json').id);
      const exp = Math.floor(now() / 1000) + EXPORT_LINK_SECONDS;
      return ok(c, {
        url: `/download/export/${job.id}?exp=${exp}&sig=${linkSignature(job, exp)}`,
        expires_at: exp,
      });
    });
}

function linkSignature(job: { id: number; download_key: string }, exp: number): string {
  return createHmac('sha256', job.download_key).update(`${job.id}.${exp}`).digest('base64url');
}

export const DOWNLOAD_MESSAGES = {
  invalid: '下载链接无效或已过期，请回到下载中心重新下载',
} as const;

/** `GET /download/export/:id?exp=&sig=`: the file of a finished export, streamed from disk. */
export function downloadRoutes({ db, now, exportDir }: { db: Db; now: () => number; exportDir: string }) {
  return new Hono().get('/export/:id{[0-9]{1,10}}', async (c) => {
    const refuse = () =>
      c.text(DOWNLOAD_MESSAGES.invalid, 403, {
        'cache-control': 'no-store',
        'content-type': 'text/plain; charset=utf-8',
      });
    const id = Number(c.req.param('id'));
    const exp = Number(c.req.query('exp'));
    const sig = c.req.query('sig') ?? '';
    if (!Number.isSafeInteger(exp) || exp < Math.floor(now() / 1000)) return refuse();
    const [job] = await db.query<{
      id: number;
      download_key: string;
      name: string;
      format: ExportFormat;
      file_name: string;
    }>(
      `SELECT id, download_key, name, format, file_name FROM export_jobs
       WHERE id = $1 AND status = 'succeeded' AND expires_at > $2`,
      [id, Math.floor(now() / 1000)],
    );
    const expected = job ? Buffer.from(linkSignature(job, exp)) : null;
    const given = Buffer.from(sig);
    if (!job || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      return refuse();
    const path = join(exportDir, job.file_name);
    const file = await stat(path).catch(() => null);
    if (!file) return refuse();
    const fileName = `${job.name}.${job.format}`;
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
      'content-type': EXPORT_CONTENT_TYPES[job.format],
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="export.${job.format}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    });
  });
}

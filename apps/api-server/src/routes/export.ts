import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { EXPORT_LINK_SECONDS, hasPermission, MAX_ID } from '@consign/api-client';
import { Hono } from 'hono';
import type { Db } from '../db/db';
import {
  chosenExportColumns,
  createExportJob,
  downloadableJob,
  linkedJob,
  listExportJobs,
} from '../db/export';
import type { ApiEnv, Deps } from '../env';
import { EXPORT_CONTENT_TYPES } from '../export-file';
import { ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import type { NonceStore } from '../security/nonce-store';

/**
 * Order exports (下载中心). The file itself is not an API call: `/api/export/download-url` (signed,
 * scoped, `order:view`) answers a link `/download/export/<id>?u=<user>&exp=<unix s>&n=<nonce>&sig=<HMAC>`
 * valid {@link EXPORT_LINK_SECONDS} s, and `downloadRoutes` streams the file once to whoever holds it.
 * The HMAC key is the job's own random `download_key` (never sent to a client; not the request
 * signing secret, which ships in the browser bundle), so a link cannot be made for another job or
 * user, or stretched past its time, and the bearer token never goes into an address. At download
 * time the job, its account and the link's user are checked again (`linkedJob`), and the link is
 * spent: its signature goes into the shared nonce store, so a second fetch, on any instance, is refused.
 */
export function exportRoutes({ now, wakeJobs }: Pick<Deps, 'now' | 'wakeJobs'>) {
  return new Hono<ApiEnv>()
    .post('/create', body('/api/export/create'), async (c) => {
      const { columns, ...input } = c.req.valid('json');
      const auth = c.get('auth');
      const job = await createExportJob(
        scope(c),
        auth?.userId ?? null,
        input,
        Math.floor(now() / 1000),
        'orders',
        hasPermission(c.get('user'), 'finance:view'),
        chosenExportColumns(columns),
      );
      recordChange(c, {
        target: { type: 'export', id: job.id, name: job.name },
        before: null,
        after: { format: job.format, filters: job.filters, columns: job.columns ?? null },
      });
      afterCommit(c, () => wakeJobs('export'));
      return ok(c, job);
    })
    .post('/index', body('/api/export/index'), async (c) =>
      ok(c, await listExportJobs(scope(c), c.req.valid('json'))),
    )
    .post('/download-url', body('/api/export/download-url'), async (c) => {
      const job = await downloadableJob(
        scope(c),
        c.req.valid('json').id,
        hasPermission(c.get('user'), 'finance:view'),
      );
      const link = {
        userId: c.get('auth')?.userId ?? 0,
        exp: Math.floor(now() / 1000) + EXPORT_LINK_SECONDS,
        nonce: randomBytes(16).toString('base64url'),
      };
      const query = `u=${link.userId}&exp=${link.exp}&n=${link.nonce}&sig=${linkSignature(job, link)}`;
      return ok(c, { url: `/download/export/${job.id}?${query}`, expires_at: link.exp });
    });
}

interface Link {
  userId: number;
  exp: number;
  nonce: string;
}

function linkSignature(job: { id: number; download_key: string }, link: Link): string {
  return createHmac('sha256', job.download_key)
    .update(`${job.id}.${link.userId}.${link.exp}.${link.nonce}`)
    .digest('base64url');
}

/** A database id from an address: digits within the int4 column (1..2147483647), else null. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

export const DOWNLOAD_MESSAGES = {
  invalid: '下载链接无效或已过期，请回到下载中心重新下载',
} as const;

/**
 * `GET /download/export/:id?u=&exp=&n=&sig=`: the file of a finished export, streamed from disk, once
 * per link. Anything wrong (an id out of range, a bad or expired or spent link, a user or account
 * disabled since, `order:view` gone, or `finance:view` for a file with money) answers the same 403.
 */
export function downloadRoutes({
  db,
  now,
  exportDir,
  nonces,
}: {
  db: Db;
  now: () => number;
  exportDir: string;
  nonces: NonceStore;
}) {
  return new Hono().get('/export/:id{[0-9]{1,10}}', async (c) => {
    const refuse = () =>
      c.text(DOWNLOAD_MESSAGES.invalid, 403, {
        'cache-control': 'no-store',
        'content-type': 'text/plain; charset=utf-8',
      });
    const nowS = Math.floor(now() / 1000);
    const id = idParam(c.req.param('id'));
    const userId = idParam(c.req.query('u'));
    const exp = Number(c.req.query('exp'));
    const nonce = c.req.query('n') ?? '';
    const sig = c.req.query('sig') ?? '';
    if (id === null || userId === null || !Number.isSafeInteger(exp) || exp < nowS) return refuse();
    if (!/^[A-Za-z0-9_-]{22}$/.test(nonce)) return refuse();
    const job = await linkedJob(db, id, userId, nowS);
    const expected = job ? Buffer.from(linkSignature(job, { userId, exp, nonce })) : null;
    const given = Buffer.from(sig);
    if (!job || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      return refuse();
    if (!job.allowed) return refuse();
    const path = join(exportDir, job.file_name);
    const file = await stat(path).catch(() => null);
    if (!file) return refuse();
    // Spent now, on every instance: the nonce store keeps it 10 minutes, longer than the link lives.
    if ((await nonces.check(`export-link:${sig}`)) === 'replayed') return refuse();
    const fileName = `${job.name}.${job.format}`;
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
      'content-type': EXPORT_CONTENT_TYPES[job.format],
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="export.${job.format}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    });
  });
}

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_LIMITS, tooManyCopies } from '../src/db/copy';
import { EXPORT_LIMITS, tooManyExports } from '../src/db/export';
import { CopyJobs } from '../src/jobs/copy';
import { ExportJobs } from '../src/jobs/export';
import { ADMIN, envelope, startTestServer, type TestServer } from './helpers';

/**
 * Turns between seller accounts in background work and the per-account limits (db/job-queue.ts),
 * through the real routes and the real workers on the real database (PGlite, and Postgres with
 * `pnpm test:postgres`). The server's own workers are off: the test runs the same worker classes
 * step by step, so the order of the jobs is asserted, never a time.
 */

let t: TestServer;
let a: string; // the demo account's owner: the account with the backlog
let b: string; // a new seller account's owner
let bAccount: number;
let bShop: number;
const dirs: string[] = [];

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: false, logLevel: 'error' });
  a = await t.login(ADMIN);
  b = await t.login('13700000077');
  const [user] = await t.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    ['13700000077'],
  );
  bAccount = user?.account_id ?? 0;
  // Accounts get shops from their platforms (no API creates one): give the new account one.
  const [shop] = await t.server.db.query<{ id: number }>(
    `INSERT INTO shops (name, platform, auth_status, created_at, account_id)
     VALUES ('新店铺', 'taobao', 'authorized', 1, $1) RETURNING id`,
    [bAccount],
  );
  bShop = shop?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await t?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function exportDir() {
  const dir = mkdtempSync(join(tmpdir(), 'consign-fair-'));
  dirs.push(dir);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const exportsOf = (mobile: string) =>
  t.server.db.query<{ id: number; status: string; size: number | null; file_name: string | null }>(
    `SELECT e.id, e.status, e.size, e.file_name FROM export_jobs e JOIN users u ON u.account_id = e.account_id
     WHERE u.mobile = $1 ORDER BY e.id`,
    [mobile],
  );

describe('exports', () => {
  it('refuses an account past its unfinished exports; another account’s export runs before the backlog', async () => {
    const create = (token: string) => t.post('/api/export/create', { format: 'csv' }, { token });
    for (let i = 0; i < EXPORT_LIMITS.unfinished; i++) expect((await create(a)).status).toBe(200);
    const refused = await create(a);
    expect(refused.status).toBe(429);
    expect(await envelope(refused)).toEqual({ errorCode: 1, msg: tooManyExports(EXPORT_LIMITS.unfinished) });
    expect(await exportsOf(ADMIN)).toHaveLength(EXPORT_LIMITS.unfinished);
    // The other account is not held by the first one's limit.
    expect((await create(b)).status).toBe(200);
    const [bJob] = await exportsOf('13700000077');

    const worker = new ExportJobs(t.server.db, t.clock.now, t.server.log, { dir: exportDir() });
    const finished: number[] = [];
    const queuedOfA: number[] = [];
    while (await worker.runNext()) {
      const done = [...(await exportsOf(ADMIN)), ...(await exportsOf('13700000077'))].filter(
        (job) => job.status === 'succeeded' && !finished.includes(job.id),
      );
      expect(
        done,
        JSON.stringify([...(await exportsOf(ADMIN)), ...(await exportsOf('13700000077'))]),
      ).toHaveLength(1);
      finished.push(done[0]?.id ?? 0);
      queuedOfA.push((await exportsOf(ADMIN)).filter((job) => job.status === 'queued').length);
    }
    // A's oldest first (both accounts had no turn yet), then B's, then the rest of A's backlog.
    expect(finished.indexOf(bJob?.id ?? 0)).toBe(1);
    expect(queuedOfA[1]).toBe(EXPORT_LIMITS.unfinished - 1);
    expect(finished).toHaveLength(EXPORT_LIMITS.unfinished + 1);
    // Finished jobs no longer count: the account may export again.
    expect((await create(a)).status).toBe(200);
    const worker2 = new ExportJobs(t.server.db, t.clock.now, t.server.log, { dir: exportDir() });
    while (await worker2.runNext()) {}
  });

  it('keeps at most the bytes allowed per account: finishing an export deletes that account’s oldest files', async () => {
    const dir = exportDir();
    const probe = new ExportJobs(t.server.db, t.clock.now, t.server.log, { dir });
    expect((await t.post('/api/export/create', { format: 'csv' }, { token: a })).status).toBe(200);
    expect(await probe.runNext()).toBe(true);
    const size = (await exportsOf(ADMIN)).at(-1)?.size ?? 0;
    expect(size).toBeGreaterThan(0);
    const before = await exportsOf(ADMIN);
    const bBefore = await exportsOf('13700000077');

    // Room for two and a half of these files: after three more exports, the newest two remain.
    const worker = new ExportJobs(t.server.db, t.clock.now, t.server.log, {
      dir,
      keepBytesPerAccount: Math.floor(size * 2.5),
    });
    for (let i = 0; i < 3; i++) {
      expect((await t.post('/api/export/create', { format: 'csv' }, { token: a })).status).toBe(200);
      expect(await worker.runNext()).toBe(true);
    }
    const after = await exportsOf(ADMIN);
    const newest = after.slice(-2);
    expect(after).toHaveLength(2);
    expect(newest.every((job) => job.status === 'succeeded' && job.id > (before.at(-1)?.id ?? 0))).toBe(true);
    for (const job of newest) expect(existsSync(join(dir, job.file_name ?? 'missing'))).toBe(true);
    expect(existsSync(join(dir, before.at(-1)?.file_name ?? 'missing'))).toBe(false);
    // Another account's exports are not touched.
    expect(await exportsOf('13700000077')).toEqual(bBefore);
  });
});

describe('copy jobs', () => {
  const statuses = (mobile: string) =>
    t.server.db.query<{ id: number; status: string }>(
      `SELECT c.id, c.status FROM copy_records c JOIN users u ON u.account_id = c.account_id
       WHERE u.mobile = $1 AND c.status IN ('queued', 'running', 'succeeded') AND c.offer_id LIKE '7700%'
       ORDER BY c.id`,
      [mobile],
    );

  it('refuses links past the account’s limit; another account’s link is taken before the backlog', async () => {
    const urls = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `https://detail.1688.com/offer/${7_700_000_000 + from + i}.html`);
    for (let i = 0; i < COPY_LIMITS.unfinished; i += 50) {
      const res = await t.post('/api/copy/create', { shop_id: 1, urls: urls(i, 50) }, { token: a });
      expect(res.status).toBe(200);
    }
    const refused = await t.post('/api/copy/create', { shop_id: 1, urls: urls(1000, 1) }, { token: a });
    expect(refused.status).toBe(429);
    expect(await envelope(refused)).toEqual({ errorCode: 1, msg: tooManyCopies(COPY_LIMITS.unfinished) });
    expect(await statuses(ADMIN)).toHaveLength(COPY_LIMITS.unfinished);

    const mine = await t.post('/api/copy/create', { shop_id: bShop, urls: urls(2000, 1) }, { token: b });
    expect(mine.status).toBe(200);
    const [bJob] = await statuses('13700000077');

    // One job a claim: A's oldest first (neither account has had a turn), then B's before A's backlog.
    const worker = new CopyJobs({
      db: t.server.db,
      now: t.clock.now,
      box: t.server.secretBox,
      platforms: t.server.platforms,
      log: t.server.log,
    });
    expect(await worker.claim()).toBeTypeOf('function');
    expect(await worker.claim()).toBeTypeOf('function');
    expect((await statuses('13700000077'))[0]).toEqual({ id: bJob?.id, status: 'running' });
    const aQueued = (await statuses(ADMIN)).filter((job) => job.status === 'queued').length;
    expect(aQueued).toBe(COPY_LIMITS.unfinished - 1);
  });
});

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_LIMITS, tooManyCopies } from '../src/db/copy';
import { EXPORT_LIMITS, tooManyExports } from '../src/db/export';
import { CopyJobs } from '../src/jobs/copy';
import { ExportJobs } from '../src/jobs/export';
import {
  claimJob,
  claimJobs,
  DB_NOW_MS,
  deferJob,
  finishJob,
  type Queue,
  updateHeld,
} from '../src/jobs/queue';
import { ADMIN, envelope, startTestServer, type TestServer } from './helpers';

/**
 * Turns between seller accounts in background work and the per-account limits (jobs/queue.ts),
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

describe('the queue (jobs/queue.ts)', () => {
  // A table of the queue's shape, so the generic claim and finish are proven apart from any kind.
  const probe = (turns?: string): Queue => ({
    table: 'queue_probe' as Queue['table'],
    waiting: 'waiting',
    held: 'held',
    leased: true,
    ...(turns ? { turns } : {}),
  });
  let aAccount: number;
  type Row = { id: number; account_id: number; status: string; attempts: number };
  const returning = 'id, account_id, status, attempts';

  beforeAll(async () => {
    const [user] = await t.server.db.query<{ account_id: number }>(
      'SELECT account_id FROM users WHERE mobile = $1',
      [ADMIN],
    );
    aAccount = user?.account_id ?? 0;
    await t.server.db.query(
      `CREATE TABLE queue_probe (id serial PRIMARY KEY, account_id integer NOT NULL, status text NOT NULL,
         attempts integer NOT NULL DEFAULT 0, next_attempt_at bigint, lease_until bigint, note text,
         next_poll_at bigint)`,
    );
  });

  /** Adds a job of `account` due `inMs` from now by the database's clock (negative: overdue). */
  const add = async (
    account: number,
    inMs: number,
    more: { status?: string; leaseInMs?: number; attempts?: number } = {},
  ) => {
    const [row] = await t.server.db.query<{ id: number }>(
      `INSERT INTO queue_probe (account_id, status, attempts, next_attempt_at, lease_until)
       VALUES ($1, $2, $3, ${DB_NOW_MS} + $4::bigint, ${DB_NOW_MS} + $5::bigint) RETURNING id`,
      [account, more.status ?? 'waiting', more.attempts ?? 0, inMs, more.leaseInMs ?? null],
    );
    return row?.id ?? 0;
  };
  const rowOf = async (id: number) =>
    (
      await t.server.db.query<{
        status: string;
        attempts: number;
        due_in: number | null;
        leased: boolean;
        note: string | null;
      }>(
        `SELECT status, attempts, (next_attempt_at - ${DB_NOW_MS})::int AS due_in, lease_until IS NOT NULL AS leased, note
         FROM queue_probe WHERE id = $1`,
        [id],
      )
    )[0];

  it('claims due jobs and run-out leases under a lease, attempts + 1 as the token; the finish is fenced', async () => {
    await t.server.db.query('DELETE FROM queue_probe');
    const due = await add(aAccount, -2000);
    await add(aAccount, 60_000); // not due yet
    const lost = await add(aAccount, -5000, { status: 'held', leaseInMs: -1000, attempts: 2 });
    await add(aAccount, -9000, { status: 'held', leaseInMs: 60_000, attempts: 1 }); // held, lease live
    const claim = () => claimJob<Row>(t.server.db, probe(), { returning, leaseMs: 30_000 });

    // The earliest due first: the job whose process died (its lease ran out), taken over.
    const first = await claim();
    expect(first).toEqual({
      job: { id: lost, account_id: aAccount, status: 'held', attempts: 3 },
      takenOver: true,
    });
    const second = await claim();
    expect(second).toEqual({
      job: { id: due, account_id: aAccount, status: 'held', attempts: 1 },
      takenOver: false,
    });
    expect((await rowOf(due))?.leased).toBe(true);
    expect(await claim()).toBeUndefined();

    // The claim that was taken over writes nothing; the holder's outcome is written, due again later.
    const probeQueue = probe();
    expect(await updateHeld(t.server.db, probeQueue, { id: lost, attempts: 2 }, 'note = $1', ['stale'])).toBe(
      false,
    );
    expect(await finishJob(t.server.db, probeQueue, { id: lost, attempts: 2 }, { status: 'done' })).toBe(
      false,
    );
    expect(
      await finishJob(
        t.server.db,
        probeQueue,
        { id: lost, attempts: 3 },
        {
          status: 'waiting',
          retryInMs: 60_000,
          set: 'note = $1',
          params: ['retry'],
        },
      ),
    ).toBe(true);
    const retried = await rowOf(lost);
    expect(retried).toMatchObject({ status: 'waiting', attempts: 3, leased: false, note: 'retry' });
    expect(retried?.due_in).toBeGreaterThan(50_000);
    expect(retried?.due_in).toBeLessThanOrEqual(60_000);
    // Finished once: a second finish of the same claim writes nothing.
    expect(await finishJob(t.server.db, probeQueue, { id: lost, attempts: 3 }, { status: 'done' })).toBe(
      false,
    );

    // Put back without counting the attempt (a spent budget).
    expect(await deferJob(t.server.db, probeQueue, { id: due, attempts: 1 }, 0)).toBe(true);
    expect(await rowOf(due)).toMatchObject({ status: 'waiting', attempts: 0, leased: false });
    expect((await claim())?.job.id).toBe(due);
  });

  it('takes turns between accounts: a second account’s jobs go between the first one’s backlog', async () => {
    await t.server.db.query('DELETE FROM queue_probe');
    for (let i = 0; i < 100; i++) await add(aAccount, -1000);
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) mine.push(await add(bAccount, -1000));
    const queue = probe('probe');
    const order: number[] = [];
    for (;;) {
      const claimed = await claimJob<Row>(t.server.db, queue, { returning, leaseMs: 60_000 });
      if (!claimed) break;
      order.push(claimed.job.id);
    }
    expect(order).toHaveLength(105);
    // The backlog's oldest first (no turn yet), then each account in turn while the second has jobs.
    expect(mine.map((id) => order.indexOf(id) + 1)).toEqual([2, 4, 6, 8, 10]);
    // Within an account, the oldest first.
    const ofA = order.filter((id) => !mine.includes(id));
    expect(ofA).toEqual([...ofA].sort((x, y) => x - y));

    // A job it says waits (`skip`) is left, another account's taken.
    await t.server.db.query(
      `UPDATE queue_probe SET status = 'waiting', next_attempt_at = ${DB_NOW_MS} - 1000`,
    );
    const skipped = await claimJob<Row>(t.server.db, queue, {
      returning,
      leaseMs: 60_000,
      params: [aAccount],
      skip: 'j.account_id = $1',
    });
    expect(skipped?.job.account_id).toBe(bAccount);
  });

  it('a recurring look: due ones claimed in a batch, the next look moved ahead as the lease; fenced by status', async () => {
    await t.server.db.query('DELETE FROM queue_probe');
    const looks: Queue = { ...probe(), waiting: 'open', held: 'open', leased: false, lookAt: 'next_poll_at' };
    const ids: number[] = [];
    for (const [inMs, note] of [
      [-3000, null],
      [-2000, 'skip'],
      [-1000, null],
      [60_000, null], // not due yet
    ] as const) {
      const [row] = await t.server.db.query<{ id: number }>(
        `INSERT INTO queue_probe (account_id, status, next_poll_at, note)
         VALUES ($1, 'open', ${DB_NOW_MS} + $2::bigint, $3) RETURNING id`,
        [aAccount, inMs, note],
      );
      ids.push(row?.id ?? 0);
    }
    const claim = (limit: number) =>
      claimJobs<Row>(t.server.db, looks, {
        returning,
        leaseMs: 30_000,
        limit,
        where: "j.note IS DISTINCT FROM 'skip'",
      });
    // The due ones, earliest look first, as many as asked; status and attempts untouched.
    expect(await claim(1)).toEqual([
      { job: { id: ids[0], account_id: aAccount, status: 'open', attempts: 0 }, takenOver: false },
    ]);
    expect((await claim(10)).map((c) => c.job.id)).toEqual([ids[2]]);
    // Claimed: not due again before the lease (its next look) has passed.
    expect(await claim(10)).toEqual([]);
    const [next] = await t.server.db.query<{ in_ms: number }>(
      `SELECT (next_poll_at - ${DB_NOW_MS})::int AS in_ms FROM queue_probe WHERE id = $1`,
      [ids[0]],
    );
    expect(next?.in_ms).toBeGreaterThan(20_000);
    // The outcome is written once (the status is the fence), with no lease columns touched.
    expect(
      await finishJob(t.server.db, looks, { id: ids[0] ?? 0 }, { status: 'done', set: "note = 'x'" }),
    ).toBe(true);
    expect(await updateHeld(t.server.db, looks, { id: ids[0] ?? 0 }, "note = 'again'")).toBe(false);
    expect(await rowOf(ids[0] ?? 0)).toMatchObject({ status: 'done', note: 'x', leased: false });
  });
});

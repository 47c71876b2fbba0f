/**
 * The queue spike (docs/design.md#background-work-the-queue-decision): the same small workload on three
 * background-work layers, on PGlite (in memory) or on Postgres (`DATABASE_URL` / `TEST_DATABASE_URL`).
 *
 *   QUEUE=ours    our JobRunner + claimJob with turns (jobs/queue.ts), through our own openDb
 *   QUEUE=boss12  pg-boss 12 (`backend: 'pglite'` + `fromPglite`, or `connectionString`); Node >= 22.12
 *   QUEUE=boss10  pg-boss 10 with a custom `db` adapter over PGlite (`executeSql`); Node 20
 *
 * pg-boss is no dependency of the project: install it in a scratch folder and name that folder in
 * PGBOSS_DIR (see README.md beside this file). Figures printed as one JSON line at the end.
 *
 * Steps: (1) enqueue N (1,000) jobs one call each; (2) drain them with concurrency 4, each job one small
 * UPDATE; (3) latency from enqueue to start for 100 jobs sent 20 ms apart to idle workers (p50/p99);
 * (4) retries: a job failing twice, the times between its attempts; (5) fairness: account 1 queues 200
 * jobs, then account 2 queues 10: at which place do account 2's jobs start. With ROLE=worker the
 * script only drains (the two-process check on Postgres: `bench/queue-spike/two-process.sh`).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { openDb, type Queryable } from '../../src/db/db';
import { claimJob, type Queue } from '../../src/jobs/queue';
import { type Job, JobRunner } from '../../src/jobs/runner';

const QUEUE = process.env.QUEUE ?? 'ours';
const N = Number(process.env.JOBS ?? 1000);
const CONCURRENCY = 4;
const POLL_MS = Number(process.env.POLL_MS ?? 500);
const DATABASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const ROLE = process.env.ROLE ?? 'bench';
const NOTIFY = process.env.NOTIFY === '1';
const WAKE = process.env.WAKE !== '0';
const GROUP = Number(process.env.GROUP_CONCURRENCY ?? 0);
const BATCH = Number(process.env.BATCH ?? 1);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN);
};

interface Payload {
  acct: number;
  at: number;
  tag: string;
  failTimes?: number;
}

/** What each layer offers the bench: enqueue, start workers running `handle`, stop. */
interface Layer {
  sql: Queryable;
  enqueue(p: Payload): Promise<void>;
  work(handle: (p: Payload, attempt: number) => Promise<void>): Promise<void>;
  stopWork(): Promise<void>;
  close(): Promise<void>;
}

const TABLES = `
  CREATE TABLE IF NOT EXISTS spike_counter (id int PRIMARY KEY, n int NOT NULL);
  CREATE TABLE IF NOT EXISTS spike_runs (job text, pid int, started double precision, ended double precision);
  CREATE TABLE IF NOT EXISTS spike_jobs (id bigserial PRIMARY KEY, account_id bigint NOT NULL,
    status text NOT NULL DEFAULT 'queued', payload jsonb NOT NULL, attempts int NOT NULL DEFAULT 0,
    updated_at bigint);
  CREATE TABLE IF NOT EXISTS job_turns (kind text NOT NULL, account_id bigint NOT NULL,
    last_turn bigint NOT NULL, PRIMARY KEY (kind, account_id));
  CREATE SEQUENCE IF NOT EXISTS job_turn_seq;
  CREATE INDEX IF NOT EXISTS spike_jobs_status ON spike_jobs (status, account_id);
  INSERT INTO spike_counter VALUES (1, 0) ON CONFLICT DO NOTHING;`;

async function resetTables(sql: Queryable) {
  if (ROLE === 'worker') return;
  await sql.exec(`DROP TABLE IF EXISTS spike_counter, spike_runs, spike_jobs, job_turns;
    DROP SEQUENCE IF EXISTS job_turn_seq; DROP SCHEMA IF EXISTS pgboss CASCADE;`);
}

async function ours(): Promise<Layer> {
  const db = await openDb(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {});
  await resetTables(db);
  await db.exec(TABLES);
  // The spike's own table through the real claim (the type names the production tables only).
  const queue = {
    table: 'spike_jobs' as Queue['table'],
    waiting: 'queued',
    held: 'running',
    leased: false,
    turns: 'spike',
  } satisfies Queue;
  const runner = new JobRunner({ error: () => {}, info: () => {}, warn: () => {} } as never);
  let handler: ((p: Payload, attempt: number) => Promise<void>) | null = null;
  let registered = false;
  return {
    sql: db,
    async enqueue(p) {
      await db.query('INSERT INTO spike_jobs (account_id, payload) VALUES ($1, $2)', [
        p.acct,
        JSON.stringify(p),
      ]);
      if (WAKE) runner.wake('spike');
    },
    async work(handle) {
      handler = handle;
      if (registered) return runner.start();
      registered = true;
      runner.register({
        name: 'spike',
        concurrency: CONCURRENCY,
        pollMs: POLL_MS,
        async claim(): Promise<Job | undefined> {
          const claimed = await claimJob<{ id: number; payload: Payload; attempts: number }>(db, queue, {
            set: 'attempts = attempts + 1, updated_at = $1',
            params: [Date.now()],
            returning: 'id, payload, attempts',
          });
          const job = claimed?.job;
          if (!job) return undefined;
          return async () => {
            await handler?.(job.payload, job.attempts);
            await db.query(`UPDATE spike_jobs SET status = 'done' WHERE id = $1`, [job.id]);
          };
        },
      });
      runner.start();
    },
    async stopWork() {
      await runner.stop();
    },
    close: () => db.close(),
  };
}

async function loadBoss() {
  const dir = process.env.PGBOSS_DIR;
  if (!dir) throw new Error('PGBOSS_DIR: the folder where pg-boss is installed (see README.md)');
  const require = createRequire(`${dir}/`);
  const mod = await import(pathToFileURL(require.resolve('pg-boss')).href);
  return mod;
}

async function boss(major: 10 | 12): Promise<Layer> {
  const mod = await loadBoss();
  const PgBoss = mod.PgBoss ?? mod.default?.PgBoss ?? mod.default;
  let sql: Queryable;
  let closeDb: () => Promise<void>;
  let options: Record<string, unknown>;
  if (DATABASE_URL) {
    const db = await openDb({ databaseUrl: DATABASE_URL });
    sql = db;
    closeDb = () => db.close();
    options = { connectionString: DATABASE_URL, max: 4 };
  } else {
    // The project's own PGlite (the version the server runs on).
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create('memory://');
    sql = {
      query: async <T>(text: string, params: readonly unknown[] = []) =>
        (await pglite.query<T>(text, params as unknown[])).rows,
      exec: async (text) => {
        await pglite.exec(text);
      },
    };
    closeDb = () => pglite.close();
    if (major === 12) options = { backend: 'pglite', db: mod.fromPglite(pglite) };
    // pg-boss 10: the custom adapter (its `db` option) over PGlite. Parameterless text may be a
    // multi-statement script (schema, migrations, `locked()` blocks): PGlite's exec() runs those.
    else
      options = {
        db: {
          async executeSql(text: string, values?: unknown[]) {
            if (values?.length) return pglite.query(text, values);
            const results = await pglite.exec(text);
            return { rows: results.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) };
          },
        },
      };
  }
  await resetTables(sql);
  await sql.exec(TABLES);
  const b = new PgBoss({
    ...options,
    useListenNotify: NOTIFY || undefined,
    supervise: ROLE !== 'worker' || undefined,
  });
  b.on('error', (e: unknown) => console.error('boss error', String(e)));
  await b.start();
  const name = 'spike';
  if (ROLE !== 'worker')
    await b.createQueue(name, {
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: true,
      ...(major === 12 && NOTIFY ? { notify: true } : {}),
    });
  const workerIds: string[] = [];
  return {
    sql,
    async enqueue(p) {
      await b.send(name, p, GROUP && major === 12 ? { group: { id: String(p.acct) } } : {});
    },
    async work(handle) {
      const run = async (jobs: { data: Payload; retryCount?: number }[]) => {
        for (const job of jobs) await handle(job.data, (job.retryCount ?? 0) + 1);
      };
      if (major === 12) {
        workerIds.push(
          await b.work(
            name,
            {
              localConcurrency: CONCURRENCY,
              pollingIntervalSeconds: POLL_MS / 1000,
              includeMetadata: true,
              ...(GROUP ? { groupConcurrency: GROUP } : {}),
              // BATCH>1: each fetch takes up to BATCH jobs and, while fetches come back full, the
              // worker fetches again at once (else it waits pollingIntervalSeconds after every job).
              ...(BATCH > 1 ? { batchSize: BATCH, burstWhenBatchFull: true } : {}),
            },
            run,
          ),
        );
      } else {
        // pg-boss 10 has no localConcurrency: one work() per worker.
        for (let i = 0; i < CONCURRENCY; i++)
          workerIds.push(
            await b.work(name, { pollingIntervalSeconds: POLL_MS / 1000, includeMetadata: true }, run),
          );
      }
    },
    async stopWork() {
      // offWork waits for the worker's running jobs (pg-boss 12 names the queue first).
      for (const id of workerIds.splice(0))
        await (major === 12 ? b.offWork(name, { id }) : b.offWork({ id }));
    },
    async close() {
      await b.stop({ graceful: true, wait: true, timeout: 5000 });
      await closeDb();
    },
  };
}

/** ROLE=check: after two workers drained one queue, was any job run twice, or twice at once? */
async function check() {
  const db = await openDb({ databaseUrl: DATABASE_URL });
  const [runs] = await db.query(
    `SELECT count(*)::int AS runs, count(DISTINCT job)::int AS jobs,
       count(DISTINCT pid)::int AS processes FROM spike_runs`,
  );
  const [overlap] = await db.query(
    `SELECT count(*)::int AS overlapping FROM spike_runs a JOIN spike_runs b
       ON a.job = b.job AND a.ctid < b.ctid AND a.started < b.ended AND b.started < a.ended`,
  );
  const perPid = await db.query('SELECT pid, count(*)::int AS n FROM spike_runs GROUP BY pid');
  console.log(JSON.stringify({ queue: QUEUE, ...runs, ...overlap, perPid: perPid.map((r) => r.n) }));
  await db.close();
}

async function main() {
  if (ROLE === 'check') return check();
  const layer = QUEUE === 'ours' ? await ours() : await boss(QUEUE === 'boss10' ? 10 : 12);
  const { sql } = layer;
  const started = new Map<string, number>();
  const order: string[] = [];
  const attempts = new Map<string, number[]>();
  let done = 0;
  const handle = async (p: Payload, attempt: number) => {
    const t = now();
    if (!started.has(p.tag)) started.set(p.tag, t);
    order.push(p.tag);
    (attempts.get(p.tag) ?? attempts.set(p.tag, []).get(p.tag))?.push(t);
    if (p.failTimes && attempt <= p.failTimes) throw new Error(`planned failure ${attempt}`);
    if (ROLE === 'worker') {
      await sql.query('INSERT INTO spike_runs VALUES ($1, $2, $3, 0)', [p.tag, process.pid, t]);
      await sleep(5);
      await sql.query('UPDATE spike_runs SET ended = $3 WHERE job = $1 AND pid = $2', [
        p.tag,
        process.pid,
        now(),
      ]);
    }
    await sql.query('UPDATE spike_counter SET n = n + 1 WHERE id = 1');
    done += 1;
  };
  const waitDone = async (target: number, limitMs: number) => {
    const end = Date.now() + limitMs;
    while (done < target && Date.now() < end) await sleep(5);
    return done >= target;
  };

  if (ROLE === 'worker') {
    await layer.work(handle);
    const total = Number(process.env.EXPECT ?? N);
    // Until the shared counter says every job ran (by either process), at most 120 s.
    const end = Date.now() + 120_000;
    for (;;) {
      const [row] = await sql.query<{ n: number }>('SELECT n FROM spike_counter WHERE id = 1');
      if (Number(row?.n) >= total || Date.now() > end) break;
      await sleep(100);
    }
    await layer.stopWork();
    await layer.close();
    console.log(JSON.stringify({ pid: process.pid, ran: done }));
    return;
  }

  const result: Record<string, unknown> = {
    queue: QUEUE,
    db: DATABASE_URL ? 'postgres' : 'pglite',
    node: process.versions.node,
    pollMs: POLL_MS,
    notify: NOTIFY,
    batch: BATCH,
    groupConcurrency: GROUP,
  };
  // (1) enqueue
  let t0 = now();
  for (let i = 0; i < N; i++) await layer.enqueue({ acct: 1 + (i % 5), at: now(), tag: `e${i}` });
  result.enqueueMs = Math.round(now() - t0);
  console.error('enqueued', result.enqueueMs);
  if (process.env.ENQUEUE_ONLY === '1') {
    await layer.close();
    console.log(JSON.stringify(result));
    return;
  }
  // (2) drain with concurrency 4
  t0 = now();
  await layer.work(handle);
  result.drained = await waitDone(N, 300_000);
  result.drainMs = Math.round(now() - t0);
  result.drainJobsPerS = Math.round((N / (now() - t0)) * 1000);
  console.error('drained', result.drainMs);
  // (3) latency to start, idle workers
  await sleep(1000);
  const lat: number[] = [];
  const base = done;
  const sentAt = new Map<string, number>();
  for (let i = 0; i < 100; i++) {
    const tag = `l${i}`;
    sentAt.set(tag, now());
    await layer.enqueue({ acct: 1, at: now(), tag });
    await sleep(20);
  }
  await waitDone(base + 100, 60_000);
  for (const [tag, at] of sentAt) {
    const s = started.get(tag);
    if (s !== undefined) lat.push(s - at);
  }
  result.latencyP50Ms = pct(lat, 50);
  result.latencyP99Ms = pct(lat, 99);
  // (4) retries: fails twice, then succeeds
  if (QUEUE !== 'ours') {
    const b2 = done;
    await layer.enqueue({ acct: 1, at: now(), tag: 'retry', failTimes: 2 });
    await waitDone(b2 + 1, 60_000);
    const at = attempts.get('retry') ?? [];
    result.retryAttempts = at.length;
    result.retryGapsMs = at.slice(1).map((t, i) => Math.round(t - (at[i] ?? t)));
  } else result.retry = 'none in the runner (each kind keeps its own failure/backoff columns)';
  // (5) fairness: account 1 queues 200, then account 2 queues 10
  await layer.stopWork();
  order.length = 0;
  const b3 = done;
  for (let i = 0; i < 200; i++) await layer.enqueue({ acct: 1, at: now(), tag: `a${i}` });
  for (let i = 0; i < 10; i++) await layer.enqueue({ acct: 2, at: now(), tag: `b${i}` });
  t0 = now();
  await layer.work(handle);
  await waitDone(b3 + 210, 300_000);
  const places = order.map((tag, i) => (tag.startsWith('b') ? i + 1 : 0)).filter(Boolean);
  result.fairnessPlacesOfAccount2 = `${places[0]}..${places[places.length - 1]} of 210`;
  result.fairnessDrainMs = Math.round(now() - t0);
  await layer.stopWork();
  if (QUEUE !== 'ours') {
    const [row] = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss'",
    );
    result.pgbossTables = row?.n;
  }
  result.rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  await layer.close();
  console.log(JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

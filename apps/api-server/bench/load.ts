/**
 * Load benchmark: `DATABASE_URL=postgres://... pnpm --filter @consign/api-server bench` (an empty
 * database: the first start migrates and seeds it); without `DATABASE_URL` it runs on PGlite in a
 * fresh temp data directory.
 *
 * 1. Starts the server (`node --import tsx src/main.ts`) on loopback (first start: migrations + seed,
 *    plus initdb on PGlite), stops it, and starts it three more times on the now existing data:
 *    those are the measured cold starts (spawn to the first 200 on /healthz).
 * 2. Logs in through the dev SMS outbox, then loads each run for 10 s at 50 connections with
 *    autocannon. Every request is freshly signed with its own nonce and ts (autocannon's
 *    `setupRequest`), exactly like the browser client.
 *
 * Runs: `user/info`; the order list as the UI asks for it (see {@link orderMix}: every request picks
 * a filter set the admin app really sends, weighted, and a random page among that filter's real
 * pages at 20 rows). The server keeps no answers and no totals: every order request runs its page
 * and count queries.
 *
 * Each run is preceded by an unmeasured warm-up of the same requests (BENCH_WARMUP_SECONDS, 5 s): a
 * long-running server has tiered up its JIT and PGlite's WebAssembly long before.
 *
 * BENCH_INSTANCES=2 (with DATABASE_URL) starts a second server process on the same database once the
 * cold starts are measured, and autocannon spreads the connections over both (half each), as a
 * reverse proxy would.
 *
 * `crowd` (BENCH_RUNS=crowd, not in the default runs): the order mix from BENCH_CROWD_CONNECTIONS
 * (200) clients at once, while a prober in a worker thread asks for `/healthz` every 250 ms, each time
 * on a fresh connection (as a liveness probe does), and records how long each took. Past the API's
 * in-flight bound the server answers 503 (counted apart from other errors); the `/healthz` figures
 * say whether a probe would still find the instance alive.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (warn: request logs off),
 * BENCH_RUNS (comma-separated subset of `user,orders,crowd`; default `user,orders`),
 * BENCH_CROWD_CONNECTIONS (200), BENCH_COLD_STARTS (3), BENCH_SERVER_ARGS (node flags for the
 * server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), BENCH_SERVER_ENTRY (`src/main.ts`; another
 * checkout's entry under this package, e.g. `.before/src/main.ts` from
 * `git archive <commit> src | tar -x -C .before`, to measure before and after in the same minutes).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type ApiClient,
  createApiClient,
  createNonce,
  ORDER_STATUSES,
  type OrderListParams,
  PLATFORMS,
  shanghaiDateTime,
  signPayload,
} from '@consign/api-client';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { freePort, startServerProcess } from './server-process';

const SECRET = 'bench-secret';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
if (INSTANCES > 1 && !process.env.DATABASE_URL) throw new Error('BENCH_INSTANCES > 1 needs DATABASE_URL');
const CROWD_CONNECTIONS = Number(process.env.BENCH_CROWD_CONNECTIONS ?? 200);
const COLD_STARTS = Math.max(1, Number(process.env.BENCH_COLD_STARTS ?? 3));
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'src/main.ts';
const RUNS = new Set((process.env.BENCH_RUNS ?? 'user,orders').split(','));
const PAGE_SIZE = 20;
const STORAGE = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : 'PGlite (temp data directory)';
/** Extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);

async function start(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ms: number; cpuMs: number }> {
  const began = performance.now();
  const child = await startServerProcess({
    port,
    nodeArgs: SERVER_ARGS,
    entry: SERVER_ENTRY,
    timeoutMs: 120_000,
    env: {
      DATA_DIR: dataDir,
      API_SIGN_SECRET: SECRET,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...env,
    },
  });
  return { child, ms: performance.now() - began, cpuMs: cpuSeconds(child.pid) * 1000 };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers 503 (the in-flight bound), not counted in `errors`. */
  busy?: number;
  errors: number;
  total: number;
  /** Server CPU time per request (user + system, from /proc): robust to other load on the machine. */
  cpuUsPerReq: number;
  /**
   * CPU time per request of every process named `postgres` on this machine (a local cluster: the
   * bench's own; other clusters on the machine would be counted too). NaN when there is none.
   */
  pgUsPerReq: number;
}

/** CPU seconds used so far by every process named `postgres` (Linux /proc). */
function postgresCpuSeconds(): number {
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) / 100;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : Number.NaN;
}

/** CPU seconds (user + system) used so far by a process, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function load(
  name: string,
  urls: string[],
  path: string,
  fields: () => Record<string, unknown>,
  token: string,
  pids: (number | undefined)[],
  connections = CONNECTIONS,
) {
  const cpu = (): number => pids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0);
  const run = (duration: number) =>
    autocannon({
      url: urls.length === 1 ? urls[0] : urls,
      connections,
      duration,
      // A crowd's requests may wait long: count them as slow, not as timeouts (autocannon's default: 10 s).
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request: Record<string, unknown>) => {
            const body = { ...fields(), nonce: createNonce(), ts: Math.floor(Date.now() / 1000) };
            return {
              ...request,
              body: JSON.stringify(body),
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${token}`,
                'cache-key': signPayload(body, SECRET),
              },
            };
          },
        },
      ],
    });
  // Not measured: V8 first runs PGlite's WebAssembly with its baseline compiler and recompiles the
  // hot functions with the optimising one on background threads during the first seconds of load.
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS);
  const cpuBefore = cpu();
  const pgBefore = postgresCpuSeconds();
  const result = await run(SECONDS);
  const busy: number = result.statusCodeStats?.['503']?.count ?? 0;
  const r: Result = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    busy,
    errors: result.errors + result.timeouts + result.non2xx - busy,
    total: result.requests.total,
    cpuUsPerReq: Math.round(((cpu() - cpuBefore) * 1e6) / Math.max(1, result.requests.total)),
    pgUsPerReq: Math.round(((postgresCpuSeconds() - pgBefore) * 1e6) / Math.max(1, result.requests.total)),
  };
  return r;
}

/**
 * `/healthz` every `everyMs` on a fresh connection each time (no keep-alive agent), from a worker
 * thread so that autocannon's own event loop does not delay it; resolves, once stopped and every
 * probe has answered, to the probe times in ms.
 */
function healthProber(url: string, everyMs: number): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const times = [];
     let pending = 0;
     let stopping = false;
     const finish = () => { if (stopping && pending === 0) parentPort.postMessage(times); };
     const probe = () => {
       const began = performance.now();
       pending++;
       const done = (ok) => { times.push(ok ? performance.now() - began : Infinity); pending--; finish(); };
       http.get(workerData.url + '/healthz', { agent: false }, (res) => {
         res.resume();
         res.on('end', () => done(res.statusCode === 200));
       }).on('error', () => done(false));
     };
     const timer = setInterval(probe, workerData.everyMs);
     probe();
     parentPort.on('message', () => { clearInterval(timer); stopping = true; finish(); });`,
    { eval: true, workerData: { url, everyMs } },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (times: number[]) => {
          void worker.terminate();
          resolve(times);
        });
        worker.postMessage('stop');
      }),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** `YYYY-MM-DD` of a unix time in Asia/Shanghai (UTC+8), as the admin app's date pickers send it. */
function shanghaiDay(unix: number): string {
  return shanghaiDateTime(unix).slice(0, 10);
}

interface FilterSet {
  label: string;
  weight: number;
  filters: Omit<OrderListParams, 'pageIndex' | 'pageSize'>;
  /** Pages at 20 rows for this filter, read from the server before the run. */
  pages: number;
}

/**
 * The order list as the admin app asks for it: 40 % no filter; 25 % a status tab (5 each); 10 % one
 * shop; 10 % one platform; 10 % a date range (last 7 days, last 30 days, two earlier months); 5 % a
 * keyword (a surname, two product words, the tail of a real order number). Each filter set
 * knows its real page count, so every request can ask for any page of it.
 */
async function orderMix(api: ApiClient): Promise<FilterSet[]> {
  const shops = (await api.call('/api/shop/index', { pageIndex: 1, pageSize: 100 })).list;
  const first = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).list[0];
  if (!first) throw new Error('no orders to benchmark');
  const newest = first.created_at;
  const day = 86_400;
  const sets: Omit<FilterSet, 'pages'>[] = [
    { label: 'none', weight: 40, filters: {} },
    ...ORDER_STATUSES.map((status) => ({ label: `status=${status}`, weight: 5, filters: { status } })),
    ...shops
      .filter((_, i) => i % 4 === 0)
      .map((shop, _, picked) => ({
        label: `shop_id=${shop.id}`,
        weight: 10 / picked.length,
        filters: { shop_id: shop.id },
      })),
    ...PLATFORMS.map((platform) => ({ label: `platform=${platform}`, weight: 2, filters: { platform } })),
    ...[
      [newest - 6 * day, newest],
      [newest - 29 * day, newest],
      [newest - 120 * day, newest - 90 * day],
      [newest - 60 * day, newest - 30 * day],
    ].map(([from = 0, to = 0]) => ({
      label: `${shanghaiDay(from)}..${shanghaiDay(to)}`,
      weight: 2.5,
      filters: { start_date: shanghaiDay(from), end_date: shanghaiDay(to) },
    })),
    ...['王', '保温杯', '耳机', first.order_no.slice(-5)].map((keyword) => ({
      label: `keyword=${keyword}`,
      weight: 1.25,
      filters: { keyword },
    })),
  ];
  const withPages: FilterSet[] = [];
  for (const set of sets) {
    const { total } = await api.call('/api/order/index', {
      ...set.filters,
      pageIndex: 1,
      pageSize: PAGE_SIZE,
    });
    withPages.push({ ...set, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) });
  }
  return withPages;
}

/** A request body of the mix: a weighted filter set, then a uniformly random page of it. */
function orderRequests(sets: FilterSet[]): () => Record<string, unknown> {
  const totalWeight = sets.reduce((sum, set) => sum + set.weight, 0);
  return () => {
    let pick = Math.random() * totalWeight;
    let set = sets[sets.length - 1] as FilterSet;
    for (const candidate of sets) {
      pick -= candidate.weight;
      if (pick < 0) {
        set = candidate;
        break;
      }
    }
    return {
      ...set.filters,
      pageIndex: 1 + Math.floor(Math.random() * set.pages),
      pageSize: PAGE_SIZE,
    };
  };
}

async function login(url: string): Promise<{ api: ApiClient; token: string }> {
  const anonymous = createApiClient({ baseURL: url, secret: SECRET });
  await anonymous.call('/api/default/send-code', {
    mobile: '13900000000',
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'b',
  });
  const { code } = (await (await fetch(`${url}/__dev/sms?mobile=13900000000`)).json()) as { code: string };
  const { access_token: token } = await anonymous.call('/api/default/login', { mobile: '13900000000', code });
  return { api: createApiClient({ baseURL: url, secret: SECRET, getToken: () => token }), token };
}

const dataDir = mkdtempSync(join(tmpdir(), 'consign-bench-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
try {
  const first = await start(dataDir, port);
  console.log(`storage: ${STORAGE}`);
  console.log(
    `first start (migrations + seed${process.env.DATABASE_URL ? '' : ' + initdb'}): ${Math.round(first.ms)} ms (server CPU ${Math.round(first.cpuMs)} ms)`,
  );
  await stop(first.child);
  const colds: string[] = [];
  let server: ChildProcess | null = null;
  for (let i = 0; i < COLD_STARTS; i++) {
    const started = await start(dataDir, port);
    colds.push(`${Math.round(started.ms)} ms (CPU ${Math.round(started.cpuMs)} ms)`);
    if (i < COLD_STARTS - 1) await stop(started.child);
    else server = started.child;
  }
  console.log(`cold start with an existing data dir: ${colds.join(', ')}`);
  const servers = [server];
  const urls = [url];
  for (let i = 1; i < INSTANCES; i++) {
    const extraPort = await freePort();
    servers.push((await start(dataDir, extraPort)).child);
    urls.push(`http://127.0.0.1:${extraPort}`);
  }
  if (INSTANCES > 1) console.log(`${INSTANCES} instances on one database: ${urls.join(', ')}`);
  const pids = servers.map((s) => s?.pid);

  const { api, token } = await login(url);
  const sets = await orderMix(api);
  console.log(
    `order list mix (${sets.length} filter sets, pages at ${PAGE_SIZE} rows): ${sets
      .map((set) => `${set.label} x${set.pages}`)
      .join(', ')}`,
  );
  const orders = orderRequests(sets);
  const results: Result[] = [];
  if (RUNS.has('user')) {
    results.push(await load('user/info', urls, '/api/user/info', () => ({}), token, pids));
  }
  if (RUNS.has('orders')) {
    results.push(await load('order/index mix', urls, '/api/order/index', orders, token, pids));
  }
  if (RUNS.has('crowd')) {
    const prober = healthProber(url, 250);
    results.push(
      await load(
        `order mix, ${CROWD_CONNECTIONS} clients`,
        urls,
        '/api/order/index',
        orders,
        token,
        pids,
        CROWD_CONNECTIONS,
      ),
    );
    // The prober ran through the warm-up too: both are the same crowd.
    const probes = (await prober.stop()).sort((a, b) => a - b);
    const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'failed');
    console.log(
      `/healthz on a fresh connection every 250 ms during the crowd run (${probes.length} probes): ` +
        `p50 ${ms(percentile(probes, 50))}, p99 ${ms(percentile(probes, 99))}, max ${ms(probes[probes.length - 1] ?? Number.NaN)}, ` +
        `over 1 s: ${probes.filter((t) => t > 1000).length}`,
    );
  }
  const stopping = performance.now();
  for (const s of servers) if (s) await stop(s);
  console.log(`stopped (SIGTERM to exit) in ${Math.round(performance.now() - stopping)} ms`);
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.table(results);
  if (INSTANCES > 1) console.log(`(${INSTANCES} instances; server CPU summed over them)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

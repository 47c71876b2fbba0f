/**
 * The order bench, on Postgres only:
 * `DATABASE_URL=postgres://.../empty_db pnpm --filter @consign/api-server bench:orders`
 *
 * 1. Starts the server once on the empty database (migrations and the demo seed), then tops the demo
 *    account up to BENCH_ORDERS orders (100,000) in SQL: copies of the seeded orders with new numbers,
 *    spread over the last 365 days, from BENCH_BUYERS buyers (20,000: five orders each), then
 *    `ANALYZE`. Not the demo seed: only this script does it.
 * 2. Each request at a fixed rate (autocannon `overallRate`, BENCH_RATE = 200 req/s, BENCH_SECONDS =
 *    10 after an unmeasured 3 s warm-up): the order list's first page without filters, two filtered
 *    pages (page 3 of the 待采购 tab, and of the 待采购 tab of one platform) and the 黑名单 filter;
 *    买家管理 (first page, page 3 by spend, a keyword); 地址管理 (first page, a keyword); the 工作台 summary (today's counts and the
 *    last 30 days). Every request freshly signed.
 *    利润报表 (`report/profit`) of the last 90 days (about a quarter of the orders), with 平台扣点 set
 *    for every platform: one request after another (BENCH_PROFIT_REQUESTS = 100), then at a fixed
 *    BENCH_PROFIT_RATE (10 req/s). `BENCH_ONLY=profit` measures this alone (no lists, no exports).
 * 3. Exports: the 待采购 orders, then all of them, as CSV and as XLSX. For each: the time from
 *    `export/create` to `succeeded` (polled every 200 ms), the server's peak RSS (VmRSS of its
 *    process from /proc, sampled every 50 ms, against the RSS before), and, while it runs, how many
 *    `user/info` calls (one after another) were answered and the slowest of them.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiClient,
  createApiClient,
  createNonce,
  type ExportFormat,
  signPayload,
} from '@consign/api-client';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startServerProcess } from './server-process';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('bench:orders needs DATABASE_URL (an empty Postgres database)');
const SECRET = 'bench-secret';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEMO_ACCOUNT = 1;
const ONLY = process.env.BENCH_ONLY;
const PROFIT_REQUESTS = Number(process.env.BENCH_PROFIT_REQUESTS ?? 100);
const PROFIT_RATE = Number(process.env.BENCH_PROFIT_RATE ?? 10);

function start(port: number, exportDir: string): Promise<ChildProcess> {
  return startServerProcess({
    port,
    env: { API_SIGN_SECRET: SECRET, EXPORT_DIR: exportDir, LOG_LEVEL: 'warn' },
    timeoutMs: 120_000,
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // A server that already exited has no 'exit' event to come.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The resident set of a process in MB (VmRSS from /proc). */
function rssMb(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

/** Tops the demo account up to `ORDERS` orders: copies of its seeded orders with new numbers and times. */
async function seedOrders() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const [{ n }] = (
      await client.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_id = $1', [
        DEMO_ACCOUNT,
      ])
    ).rows as [{ n: number }];
    const missing = ORDERS - n;
    if (missing > 0) {
      const began = performance.now();
      await client.query(
        `WITH src AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM orders WHERE account_id = $1)
         INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
           receiver_name, receiver_mobile, receiver_address, created_at, cost)
         SELECT o.account_id, 'BN' || lpad(g::text, 9, '0'), o.shop_id, o.goods, o.goods_titles,
           o.amount + g % 97, o.status, o.buyer_name || (g % $4::int), o.receiver_name,
           '139' || lpad((g % $4::int)::text, 8, '0'), o.receiver_address,
           extract(epoch FROM now())::bigint - (g * 7919 % (365 * 86400)), o.cost
         FROM generate_series(1, $2::int) g JOIN src o ON o.k = g % $3::int`,
        [DEMO_ACCOUNT, missing, n, BUYERS],
      );
      // Every table: the triggers filled buyers, receivers and the totals too (autovacuum would, later).
      await client.query('ANALYZE');
      console.log(
        `seeded ${missing} orders (${n} from the demo seed) in ${Math.round(performance.now() - began)} ms`,
      );
    }
  } finally {
    await client.end();
  }
}

async function login(url: string): Promise<{ api: ApiClient; token: string }> {
  const anonymous = createApiClient({ baseURL: url, secret: SECRET });
  const mobile = '13800000000';
  await anonymous.call('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'b',
  });
  const { code } = (await (await fetch(`${url}/__dev/sms?mobile=${mobile}`)).json()) as { code: string };
  const { access_token: token } = await anonymous.call('/api/default/login', { mobile, code });
  return { api: createApiClient({ baseURL: url, secret: SECRET, getToken: () => token }), token };
}

async function fixedRate(
  url: string,
  token: string,
  path: string,
  body: Record<string, unknown>,
  seconds: number,
  rate = RATE,
) {
  return autocannon({
    url,
    connections: 20,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request: Record<string, unknown>) => {
          const signed = { ...body, nonce: createNonce(), ts: Math.floor(Date.now() / 1000) };
          return {
            ...request,
            body: JSON.stringify(signed),
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'cache-key': signPayload(signed, SECRET),
            },
          };
        },
      },
    ],
  });
}

async function exportRun(
  api: ApiClient,
  pid: number | undefined,
  format: ExportFormat,
  filters: { status?: 'pending' },
) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  let answered = 0;
  let slowest = 0;
  let done = false;
  const began = performance.now();
  const job = await api.call('/api/export/create', { format, ...filters });
  // Other requests meanwhile: user/info, one after another.
  const others = (async () => {
    while (!done) {
      const t0 = performance.now();
      await api.call('/api/user/info');
      slowest = Math.max(slowest, performance.now() - t0);
      answered++;
    }
  })();
  let finished = job;
  while (finished.status === 'queued' || finished.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    finished =
      (await api.call('/api/export/index', { pageIndex: 1, pageSize: 5 })).list.find(
        (j) => j.id === job.id,
      ) ?? finished;
  }
  const seconds = (performance.now() - began) / 1000;
  done = true;
  await others;
  clearInterval(sampler);
  return {
    export: `${format} ${filters.status ?? 'all'}`,
    status: finished.status,
    rows: finished.rows_done,
    seconds: Number(seconds.toFixed(1)),
    'size MB': Number(((finished.size ?? 0) / 1024 / 1024).toFixed(1)),
    'RSS before MB': before,
    'RSS peak MB': peak,
    'user/info answered': answered,
    'slowest user/info ms': Math.round(slowest),
  };
}

const exportDir = mkdtempSync(join(tmpdir(), 'consign-bench-exports-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
let server = await start(port, exportDir);
try {
  await stop(server);
  console.log('seeding');
  await seedOrders();
  server = await start(port, exportDir);
  const { api, token } = await login(url);
  const { total } = await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 });
  console.log(`orders in the account: ${total}`);

  // 利润报表 of the last 90 days (Asia/Shanghai), every platform with a fee.
  await api.call('/api/setting/fee-rates-save', {
    rates: (['taobao', 'pinduoduo', 'douyin', 'kuaishou', 'jd'] as const).map((platform, i) => ({
      platform,
      rate: 30 + i * 15,
    })),
  });
  const day = (unix: number) => new Date((unix + 8 * 3600) * 1000).toISOString().slice(0, 10);
  const now = Math.floor(Date.now() / 1000);
  const period = { start_date: day(now - 89 * 86_400), end_date: day(now) };
  const sample = await api.call('/api/report/profit', period);
  console.log(
    `利润报表 ${period.start_date} .. ${period.end_date}: ${sample.totals.orders} orders (${sample.totals.uncosted_orders} without cost), ${sample.days.length} days, ${sample.shops.length} shops, ${sample.goods.length} goods rows`,
  );
  const times: number[] = [];
  for (let i = 0; i < PROFIT_REQUESTS; i++) {
    const began = performance.now();
    await api.call('/api/report/profit', period);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0);
  const profitRate = await fixedRate(url, token, '/api/report/profit', period, SECONDS, PROFIT_RATE);
  console.log(
    `\n利润报表, 90 days, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.table([
    {
      run: `${PROFIT_REQUESTS} one after another`,
      'req/s': '',
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
      errors: 0,
    },
    {
      run: `fixed ${PROFIT_RATE} req/s, ${SECONDS} s`,
      'req/s': Math.round(profitRate.requests.average),
      p50: profitRate.latency.p50,
      p99: profitRate.latency.p99,
      max: profitRate.latency.max,
      errors: profitRate.errors + profitRate.timeouts + profitRate.non2xx,
    },
  ]);
  // BENCH_ONLY=profit: the report alone.
  if (ONLY !== 'profit') {
    const lists: Record<string, unknown>[] = [];
    for (const [label, path, body] of [
      ['first page', '/api/order/index', { pageIndex: 1, pageSize: 20 }],
      ['待采购 tab, page 3', '/api/order/index', { pageIndex: 3, pageSize: 20, status: 'pending' }],
      [
        '待采购 + 淘宝, page 3',
        '/api/order/index',
        { pageIndex: 3, pageSize: 20, status: 'pending', platform: 'taobao' },
      ],
      ['黑名单 flag filter, page 1', '/api/order/index', { pageIndex: 1, pageSize: 20, blacklisted: 1 }],
      ['买家管理, page 1', '/api/buyer/index', { pageIndex: 1, pageSize: 20 }],
      ['买家管理 by spend, page 3', '/api/buyer/index', { pageIndex: 3, pageSize: 20, sort: 'spend' }],
      ['买家管理 keyword 0042', '/api/buyer/index', { pageIndex: 1, pageSize: 20, keyword: '0042' }],
      ['地址管理, page 1', '/api/order/receivers', { pageIndex: 1, pageSize: 20 }],
      ['地址管理 keyword 成都', '/api/order/receivers', { pageIndex: 1, pageSize: 20, keyword: '成都' }],
      ['工作台 summary', '/api/dashboard/summary', {}],
    ] as const) {
      await fixedRate(url, token, path, body, 3);
      const r = await fixedRate(url, token, path, body, SECONDS);
      lists.push({
        request: label,
        'req/s': Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        errors: r.errors + r.timeouts + r.non2xx,
      });
    }
    console.log(
      `\norders, buyers and the 工作台 at a fixed ${RATE} req/s, ${SECONDS} s, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(lists);

    const exports = [];
    for (const format of ['csv', 'xlsx'] as const) {
      exports.push(await exportRun(api, server.pid, format, { status: 'pending' }));
      exports.push(await exportRun(api, server.pid, format, {}));
    }
    console.log(
      `\nexports, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(exports);
  }
} finally {
  await stop(server);
  rmSync(exportDir, { recursive: true, force: true });
}

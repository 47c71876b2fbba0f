/**
 * Load benchmark: `pnpm --filter @consign/api-server bench`.
 *
 * 1. Starts the server (`node --import tsx src/main.ts`) on loopback with a fresh temp data directory
 *    (first start: initdb + migrations + seed), stops it, and starts it again on the now existing
 *    directory: that second start is the measured cold start (spawn to the first 200 on /healthz).
 * 2. Logs in through the dev SMS outbox, then loads `user/info` and a 20-row `order/index` page for
 *    10 s each at 50 connections with autocannon. Every request is freshly signed with its own nonce
 *    and ts (autocannon's `setupRequest`), exactly like the browser client.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (warn: request logs off).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, createNonce, signPayload } from '@consign/api-client';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = 'bench-secret';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function start(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; ms: number; cpuMs: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_SIGN_SECRET: SECRET,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        return { child, ms: performance.now() - began, cpuMs: cpuSeconds(child.pid) * 1000 };
      }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
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
  errors: number;
  total: number;
  /** Server CPU time per request (user + system, from /proc): robust to other load on the machine. */
  cpuUsPerReq: number;
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
  url: string,
  path: string,
  fields: Record<string, unknown>,
  token: string,
  pid: number | undefined,
) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request: Record<string, unknown>) => {
          const body = { ...fields, nonce: createNonce(), ts: Math.floor(Date.now() / 1000) };
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
  const r: Result = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    cpuUsPerReq: Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total)),
  };
  return r;
}

const dataDir = mkdtempSync(join(tmpdir(), 'consign-bench-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
try {
  const first = await start(dataDir, port);
  console.log(
    `first start (initdb + migrations + seed): ${Math.round(first.ms)} ms (server CPU ${Math.round(first.cpuMs)} ms)`,
  );
  await stop(first.child);
  const colds: string[] = [];
  let server: ChildProcess | null = null;
  for (let i = 0; i < 3; i++) {
    const started = await start(dataDir, port);
    colds.push(`${Math.round(started.ms)} ms (CPU ${Math.round(started.cpuMs)} ms)`);
    if (i < 2) await stop(started.child);
    else server = started.child;
  }
  console.log(`cold start with an existing data dir: ${colds.join(', ')}`);

  const api = createApiClient({ baseURL: url, secret: SECRET });
  await api.auth.sendCode({
    mobile: '13900000000',
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'b',
  });
  const { code } = (await (await fetch(`${url}/__dev/sms?mobile=13900000000`)).json()) as { code: string };
  const { access_token: token } = await api.auth.login({ mobile: '13900000000', code });

  const results = [
    await load('user/info', url, '/api/user/info', {}, token, server?.pid),
    await load(
      'order/index (20 rows)',
      url,
      '/api/order/index',
      { pageIndex: 3, pageSize: 20 },
      token,
      server?.pid,
    ),
  ];
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.table(results);
  if (server) await stop(server);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

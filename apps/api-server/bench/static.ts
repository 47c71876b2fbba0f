/**
 * Static files benchmark: `pnpm --filter @consign/api-server bench:static` (after `pnpm build:admin`).
 * Starts the server (`node --import tsx src/main.ts`, in-memory database) on loopback, serving
 * apps/admin/dist, then:
 * 1. sends 10 odd spellings of the main script at once (`/assets//index-*.js`, `/assets///...`) and
 *    a `/healthz` right behind them: how long /healthz waits, and what the spellings get;
 * 2. loads the main script (br) and an app page with autocannon (BENCH_SECONDS, 10 s; 20
 *    connections): requests per second, p99 and the server's CPU time per request (from /proc).
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { freePort, SERVER_ROOT, startServerProcess } from './server-process';

const dist = join(SERVER_ROOT, '../admin/dist');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const main = readdirSync(join(dist, 'assets')).find((file) => /^index-[\w-]+\.js$/.test(file));
if (!main) throw new Error(`no built app in ${dist}: run \`pnpm build:admin\` first`);
const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function start(port: number): Promise<ChildProcess> {
  return startServerProcess({ port, env: { DATA_DIR: 'memory://', LOG_LEVEL: 'warn' }, timeoutMs: 120_000 });
}

/** A GET with the path exactly as written (fetch would normalise it). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU seconds (user + system) used so far by a process, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const port = await freePort();
const server = await start(port);
const pid = server.pid;
const say = (line: string) => process.stdout.write(`${line}\n`);
say(
  `static bench, ${main}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

try {
  // 1. /healthz behind 10 odd spellings of the main script.
  await get(port, `/assets/${main}`, BR);
  const began = performance.now();
  const spellings = Array.from({ length: 10 }, (_, i) =>
    get(port, `/assets/${'/'.repeat(i + 1)}${main}`, BR),
  );
  const health = await get(port, '/healthz');
  const healthMs = performance.now() - began;
  const statuses = await Promise.all(spellings);
  say(
    `/healthz ${health} after ${healthMs.toFixed(0)} ms, behind 10 odd spellings of the main script ` +
      `(answered ${[...new Set(statuses)].join('/')}, all within ${(performance.now() - began).toFixed(0)} ms)`,
  );

  // 2. Throughput.
  for (const path of [`/assets/${main}`, '/order/index?pageIndex=2']) {
    const cpuBefore = cpuSeconds(pid);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      headers: BR,
      connections: 20,
      duration: SECONDS,
    });
    const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total;
    say(
      `${path}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `${(result.throughput.average / 1e6).toFixed(1)} MB/s, ${Math.round(cpuUs)} µs server CPU per request, ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
} finally {
  server.kill('SIGTERM');
}

/**
 * 导入快递单号 against hostile files: `pnpm --filter @consign/api-server bench:import`
 *
 * Starts the server as its own process (in-memory PGlite with the demo seed), signs in, then for each
 * file of test/hostile-files.ts (and a legitimate 1,000-row XLSX) sends it to `order/import-preview`
 * while polling `/healthz` one call after another (every 10 ms): the answer's status and time, the
 * slowest and the median poll, and the server's peak RSS against the RSS before. Then the 241,453-row
 * file from three accounts at once. Figures: docs/api-server/orders.md, 导入快递单号.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createApiClient, createNonce, signPayload, unixSeconds } from '@consign/api-client';
import ExcelJS from 'exceljs';
import { deflateBomb, lyingBomb, manyEntriesZip, manyRowsXlsx, manyStringsXlsx } from '../test/hostile-files';
import { freePort, startServerProcess } from './server-process';

const SECRET = 'bench-secret';

function start(port: number): Promise<ChildProcess> {
  return startServerProcess({
    port,
    env: { DATA_DIR: 'memory://', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'warn' },
  });
}

function rssMb(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

async function login(url: string, mobile: string): Promise<string> {
  const anonymous = createApiClient({ baseURL: url, secret: SECRET });
  await anonymous.call('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'b',
  });
  const { code } = (await (await fetch(`${url}/__dev/sms?mobile=${mobile}`)).json()) as { code: string };
  return (await anonymous.call('/api/default/login', { mobile, code })).access_token;
}

async function preview(url: string, token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()]), name);
  form.set('nonce', createNonce());
  form.set('ts', String(unixSeconds(Date.now())));
  const signed = { nonce: form.get('nonce'), ts: form.get('ts') };
  const began = performance.now();
  const res = await fetch(`${url}/api/order/import-preview`, {
    method: 'POST',
    headers: { 'cache-key': signPayload(signed, SECRET), authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { msg?: string };
  return { status: res.status, ms: Math.round(performance.now() - began), msg: body.msg ?? 'ok' };
}

/** Runs `work` while polling /healthz and sampling the server's RSS. */
async function measure<T>(url: string, pid: number | undefined, work: () => Promise<T>) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  let done = false;
  const result = work().finally(() => {
    done = true;
  });
  const polls: number[] = [];
  let failed = 0;
  while (!done) {
    const began = performance.now();
    // A server that blocks past its 5 s keep-alive timeout resets the poll's idle connection.
    await fetch(`${url}/healthz`).then(
      (r) => r.json(),
      () => failed++,
    );
    polls.push(performance.now() - began);
    await new Promise((r) => setTimeout(r, 10));
  }
  clearInterval(sampler);
  polls.sort((a, b) => a - b);
  return {
    result: await result,
    healthz: `max ${Math.round(polls.at(-1) ?? 0)} ms, median ${Math.round(polls[polls.length >> 1] ?? 0)} ms, ${polls.length} polls${failed ? `, ${failed} reset` : ''}`,
    rss: `${before} -> ${peak} MB`,
  };
}

async function legitimateXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(['订单号', '快递公司', '快递单号']);
  for (let i = 0; i < 1000; i++) sheet.addRow([`DD${i}`, 'SF', `SF${1_000_000_000_000 + i}`]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = await start(port);
try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const token = await login(url, '13800000000');
  const bomb = await deflateBomb(100);
  const files: [string, Uint8Array][] = [
    ['1,000-row XLSX (legitimate)', await legitimateXlsx()],
    ['241,453 one-cell rows (17.4 MB unpacked)', await manyRowsXlsx(241_453)],
    ['100,000 one-cell rows (7.1 MB unpacked)', await manyRowsXlsx(100_000)],
    ['100,000 distinct shared strings (9.6 MB unpacked)', await manyStringsXlsx(100_000)],
    ['15,000 empty entries', await manyEntriesZip(15_000)],
    ['deflate bomb (100 MB from 100 KB)', bomb],
    ['the bomb declaring 1 KB', lyingBomb(bomb)],
  ];
  for (const [name, bytes] of files) {
    const { result, healthz, rss } = await measure(url, child.pid, () =>
      preview(url, token, bytes, 'x.xlsx'),
    );
    console.log(
      `${name} (${bytes.byteLength} B): ${result.status} in ${result.ms} ms (${result.msg}); /healthz ${healthz}; RSS ${rss}`,
    );
  }
  const tokens = [token, await login(url, '13700000001'), await login(url, '13700000002')];
  const rows = files[1]?.[1] ?? new Uint8Array();
  const { result, healthz, rss } = await measure(url, child.pid, () =>
    Promise.all(tokens.map((t) => preview(url, t, rows, 'x.xlsx'))),
  );
  console.log(
    `241,453 rows from three accounts at once: ${result.map((r) => `${r.status} in ${r.ms} ms`).join(', ')}; /healthz ${healthz}; RSS ${rss}`,
  );
} finally {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, createApiClient, createNonce, signPayload, unixSeconds } from '@consign/api-client';
import pg from 'pg';
import { openDb } from '../src/db/db';
import { loadMigrations, migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { type RunningServer, type ServerOptions, startServer } from '../src/server';

export const SECRET = 'test-secret';
export const ADMIN = '13800000000';
export const USER = '13900000000';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A frozen clock the server and the client share: time moves only when a test advances it, so
 * time-dependent rules are tested exactly, however slow the machine is.
 */
export class TestClock {
  offset = 0;
  readonly start = Date.now();
  readonly now = () => this.start + this.offset;
  advance(ms: number) {
    this.offset += ms;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A migrated and seeded data directory, built once per day and schema version and then copied for
 * every test server: a fresh PGlite `initdb` takes seconds, opening an existing directory well under one.
 */
async function templateDir(): Promise<string> {
  const hash = createHash('sha256');
  for (const m of loadMigrations()) hash.update(m.sql);
  hash.update(readFileSync(join(here, '../src/db/seed.ts')));
  hash.update(new Date().toISOString().slice(0, 10));
  const dir = join(tmpdir(), `consign-api-template-${hash.digest('hex').slice(0, 16)}`);
  const ready = join(dir, '.ready');
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 180_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${dir}`);
    try {
      mkdirSync(lock);
    } catch {
      // Another test worker is building it (or died doing so: a lock older than 2 minutes is stale).
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    try {
      const building = `${dir}.building`;
      rmSync(building, { recursive: true, force: true });
      const db = await openDb({ dataDir: building });
      await migrate(db);
      await seed(db);
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      cpSync(building, dir, { recursive: true });
      rmSync(building, { recursive: true, force: true });
      writeFileSync(ready, 'ok');
      // Templates of earlier days or schema versions are no longer used: drop the ones over a day old.
      for (const name of readdirSync(tmpdir())) {
        if (!name.startsWith('consign-api-template-') || join(tmpdir(), name) === dir) continue;
        const stale = statSync(join(tmpdir(), name), { throwIfNoEntry: false });
        if (stale && Date.now() - stale.mtimeMs > 86_400_000) {
          rmSync(join(tmpdir(), name), { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** A fresh temp data directory holding a copy of the seeded template. */
export async function seededDataDir(): Promise<string> {
  const template = await templateDir();
  const dir = mkdtempSync(join(tmpdir(), 'consign-api-test-'));
  cpSync(template, dir, { recursive: true });
  rmSync(join(dir, '.ready'), { force: true });
  return dir;
}

/** A Postgres where tests may create databases (`pnpm test:postgres` sets it), or undefined. */
export const TEST_POSTGRES = process.env.TEST_DATABASE_URL || undefined;

async function onPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh copy of a migrated and seeded database on the Postgres at `base`: the template is built
 * once per schema and seed version (under an advisory lock, as test workers run in parallel), then
 * each server gets `CREATE DATABASE ... TEMPLATE`, a file copy that takes milliseconds.
 */
export async function seededPostgresDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const hash = createHash('sha256');
  for (const m of loadMigrations()) hash.update(m.sql);
  hash.update(readFileSync(join(here, '../src/db/seed.ts')));
  const template = `consign_template_${hash.digest('hex').slice(0, 16)}`;
  await onPostgres(base, async (client) => {
    await client.query('SELECT pg_advisory_lock(72727202)');
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return;
      await client.query(`DROP DATABASE IF EXISTS ${template}_building`);
      await client.query(`CREATE DATABASE ${template}_building`);
      const db = await openDb({ databaseUrl: databaseUrl(base, `${template}_building`) });
      try {
        await migrate(db);
        await seed(db);
      } finally {
        await db.close();
      }
      await client.query(`ALTER DATABASE ${template}_building RENAME TO ${template}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(72727202)');
    }
  });
  const name = `consign_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onPostgres(base, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(base, name),
    drop: () =>
      onPostgres(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

export interface TestServer {
  server: RunningServer;
  clock: TestClock;
  url: string;
  dataDir: string;
  /** A client signed with the test secret and the test clock; `token` is read before every call. */
  client(token?: () => string | null): ApiClient;
  /** Logs a mobile in through send-code, the dev outbox and login; returns the token. */
  login(mobile: string): Promise<string>;
  /**
   * A raw signed POST (for malformed or hand-made requests). A `FormData` body goes as multipart, its
   * single text fields signed and its files not (SPEC, API).
   */
  post(
    path: string,
    body: Record<string, unknown> | FormData,
    init?: { token?: string; headers?: Record<string, string>; stream?: boolean },
  ): Promise<Response>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function startTestServer(
  options: Partial<ServerOptions> & { dataDir?: string; clock?: TestClock } = {},
): Promise<TestServer> {
  const { clock = new TestClock(), ...serverOptions } = options;
  // With TEST_DATABASE_URL (`pnpm test:postgres`), a server with no storage of its own gets a fresh
  // copy of a seeded database on that Postgres; otherwise a copy of the seeded PGlite directory.
  const database =
    TEST_POSTGRES && !options.dataDir && !options.databaseUrl
      ? await seededPostgresDatabase(TEST_POSTGRES)
      : null;
  if (database) serverOptions.databaseUrl = database.url;
  const dataDir = options.dataDir ?? (database ? 'memory://unused' : await seededDataDir());
  const server = await startServer({
    port: 0,
    secret: SECRET,
    now: clock.now,
    staticDir: null,
    logLevel: 'silent',
    copyWorker: { idlePollMs: 200 },
    shutdownGraceMs: 2000,
    // 拼多多 消息服务 only where a test asks for it (test/pdd-messages.test.ts).
    pddMessages: false,
    ...serverOptions,
    dataDir,
  });
  const url = server.url;

  const client = (token: () => string | null = () => null) =>
    createApiClient({ baseURL: url, secret: SECRET, getToken: token, now: clock.now });

  const login = async (mobile: string) => {
    // One code per mobile per 60 s: step past the window so a test can log the same mobile in again.
    clock.advance(61_000);
    const api = client();
    await api.call('/api/default/send-code', {
      mobile,
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'r',
    });
    const res = await fetch(`${url}/__dev/sms?mobile=${mobile}`);
    const { code } = (await res.json()) as { code: string };
    const { access_token } = await api.call('/api/default/login', { mobile, code });
    return access_token;
  };

  const post: TestServer['post'] = (path, body, init = {}) => {
    if (body instanceof FormData) {
      const form = new FormData();
      for (const [key, value] of body.entries()) form.append(key, value);
      form.set('nonce', createNonce());
      form.set('ts', String(unixSeconds(clock.now())));
      const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
      const headers: Record<string, string> = {
        'cache-key': signPayload(fields, SECRET),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      };
      return fetch(`${url}${path}`, { method: 'POST', headers, body: form });
    }
    const signed = { ...body, nonce: createNonce(), ts: unixSeconds(clock.now()) };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-key': signPayload(signed, SECRET),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    };
    const res = fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(signed) });
    return init.stream ? res : res.then(firstEventOnly);
  };

  return {
    server,
    clock,
    url,
    dataDir,
    client,
    login,
    post,
    async stop({ keepData = false } = {}) {
      await server.close();
      if (!keepData) await database?.drop();
      if (!keepData && !dataDir.startsWith('memory://')) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `probe` until it answers something (not undefined, null or false) and answers that; throws
 * "timed out waiting for <what>" after `timeoutMs`, a generous bound (the machine is shared).
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 60_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Two servers that share one database: `a`, `b`, and `stop()` for both (and the database). */
export interface TwoInstances {
  a: TestServer;
  b: TestServer;
  /** The shared Postgres database (null on PGlite). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The setup of the tests of what several processes do at once: with TEST_DATABASE_URL two servers on
 * one seeded Postgres (each with its own pool, as two processes), so that calls spread over `a` and `b`
 * race at the database; without it one PGlite server that is both `a` and `b`.
 */
export async function startTwoInstances(
  options: Partial<ServerOptions> & { clock?: TestClock } = {},
): Promise<TwoInstances> {
  if (!TEST_POSTGRES) {
    const a = await startTestServer(options);
    return { a, b: a, databaseUrl: null, stop: () => a.stop() };
  }
  const database = await seededPostgresDatabase(TEST_POSTGRES);
  const shared = { ...options, dataDir: 'memory://unused', databaseUrl: database.url };
  const started = await Promise.allSettled([startTestServer(shared), startTestServer(shared)]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    for (const server of servers) await server.stop();
    await database.drop();
  };
  const [a, b] = servers;
  if (!a || !b) {
    await stop();
    throw started.find((result) => result.status === 'rejected')?.reason;
  }
  return { a, b, databaseUrl: database.url, stop };
}

/** A multipart body with an import file (导入快递单号) named `name`. */
export function importForm(content: string | Uint8Array, name = 'import.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : content.slice()]), name);
  return form;
}

/** The raw envelope of a response. */
export async function envelope(res: Response): Promise<{ errorCode: number; msg?: string; data?: unknown }> {
  // A stream that opened (`/api/live/stream`, its first event kept by `firstEventOnly`) is that call's success.
  if (isEventStream(res)) return { errorCode: 0, data: await res.text() };
  return (await res.json()) as { errorCode: number; msg?: string; data?: unknown };
}

function isEventStream(res: Response): boolean {
  return (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

/** Reads a stream of Server-Sent Events up to its first blank line, then cancels it (an SSE stream never ends). */
export async function readFirstEvent(res: Response): Promise<string> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text.slice(0, text.indexOf('\n\n') + 2);
}

/**
 * The answer of a call, but an event stream (`/api/live/stream`, which never ends) cut after its first event,
 * so that the walkers over every path of the contract read it like any answer.
 */
async function firstEventOnly(res: Response): Promise<Response> {
  if (!isEventStream(res)) return res;
  return new Response(await readFirstEvent(res), { status: res.status, headers: res.headers });
}

/** An open `/api/live/stream` stream: the events (`event:` names, `:` for a heartbeat comment) as they come. */
export interface LiveStream {
  readonly events: string[];
  /** Resolves once the server ended the stream. */
  readonly ended: Promise<void>;
  /** Waits until `count` events named `event` came (default 1). */
  waitFor(event: string, options?: { count?: number; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

/** Opens `/api/live/stream` as `token` (a signed POST read as a stream); resolves once it is listening (`ready`). */
export async function openLive(t: TestServer, token: string): Promise<LiveStream> {
  const res = await t.post('/api/live/stream', {}, { token, stream: true });
  if (!isEventStream(res)) throw new Error(`/api/live/stream answered ${res.status}: ${await res.text()}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  const ended = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = block.split('\n').find((line) => line.startsWith('event: '));
        events.push(name ? name.slice('event: '.length) : block.startsWith(':') ? ':' : 'message');
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  const stream: LiveStream = {
    events,
    ended,
    waitFor: (event, { count = 1, timeoutMs = 10_000 } = {}) =>
      waitFor(
        () => `${count} × ${event} on /api/live/stream (got ${events.join(', ')})`,
        () => events.filter((e) => e === event).length >= count,
        { timeoutMs, everyMs: 10 },
      ).then(() => undefined),
    close: async () => {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
  await stream.waitFor('ready');
  return stream;
}

/** A TCP port free on 127.0.0.1 right now (for tests that start server processes). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether a server at `url` answers `/healthz` with 200 (false while it is not listening). */
export async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

/**
 * A fresh, empty database on the Postgres of `TEST_DATABASE_URL` (a server where the tests may
 * create and drop databases): its URL, and `drop()` for afterAll.
 */
export async function createPostgresDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `consign_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onPostgres(base, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(base, name),
    drop: () =>
      onPostgres(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** A 拼多多-style order export (导入订单) for `shopId`: the header and the given rows. */
export const ORDER_FILE_HEADER =
  '订单号,订单状态,商品,商品规格,商品数量(件),商品总价(元),用户实付金额(元),收货人,手机,省,市,区,街道,详细地址,买家留言';
export function orderFileForm(shopId: number, rows: string[], name = 'orders.csv'): FormData {
  const form = importForm(`${ORDER_FILE_HEADER}\n${rows.join('\n')}\n`, name);
  form.append('shop_id', String(shopId));
  return form;
}
/** One row of {@link ORDER_FILE_HEADER}. */
export function orderFileRow(no: string, overrides: Partial<Record<string, string>> = {}): string {
  const row = {
    no,
    status: '待发货',
    title: '纯棉短袖T恤',
    sku: '白色 L',
    quantity: '2',
    total: '119.80',
    paid: '109.80',
    name: '王小明',
    mobile: '13812345678',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    town: '文新街道',
    address: '文一西路 100 号 2 幢 301 室',
    message: '请尽快发货',
    ...overrides,
  };
  return Object.values(row).join(',');
}

/**
 * `pnpm --filter @consign/api-server create-operator <mobile>` as its package script runs it, on the
 * database of `env` (`DATA_DIR` or `DATABASE_URL`): its exit code and what it printed.
 */
export function runCreateOperator(
  mobile: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _, DATA_DIR: __, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/create-operator.ts', mobile], {
    cwd: join(here, '..'),
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

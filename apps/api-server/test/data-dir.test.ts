import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@consign/api-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { freePort, healthy, seededDataDir, USER } from './helpers';

/**
 * One process per PGlite data directory, and no acknowledged write lost to a crash. The servers are
 * real processes (`src/main.ts`), killed with SIGKILL as a crash or an OOM killer would.
 */
const SECRET = 'data-dir-test-secret';
const serverDir = join(import.meta.dirname, '..');
let dataDir = '';
const children = new Set<ChildProcess>();

beforeAll(async () => {
  dataDir = await seededDataDir();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

async function startChild(): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      API_SIGN_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      STATIC_DIR: join(dataDir, 'no-static'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { process: child, url: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}

/** Waits until the child answers /healthz, or exits (no deadline of our own: the hang guard). */
async function ready(child: Child): Promise<void> {
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`the server exited: ${child.stderr()}`);
    if (await healthy(child.url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One SMS login for the whole file (one code per mobile per 60 s); sessions live in the database. */
let token: string | null = null;

async function signIn(url: string): Promise<ApiClient> {
  const api = createApiClient({ baseURL: url, secret: SECRET, getToken: () => token });
  if (token) return api;
  await api.call('/api/default/send-code', {
    mobile: USER,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'r',
  });
  const { code } = (await (await fetch(`${url}/__dev/sms?mobile=${USER}`)).json()) as { code: string };
  token = (await api.call('/api/default/login', { mobile: USER, code })).access_token;
  return api;
}

async function groupNames(api: ApiClient, keyword: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.call('/api/shop/group-index', { pageIndex, pageSize: 100, keyword });
    for (const group of page.list) names.add(group.name);
    if (pageIndex * 100 >= page.total) return names;
  }
}

it('a second process on the same data directory exits at once with a clear message; the first is unharmed', async () => {
  const first = await startChild();
  await ready(first);
  const api = await signIn(first.url);
  await api.call('/api/shop/group-save', { name: 'lock-before' });

  const second = await startChild();
  expect(await second.exited).toEqual({ code: 1, signal: null });
  expect(second.stderr()).toContain(`in use by process ${first.process.pid}`);
  expect(second.stderr()).not.toMatch(/\n\s+at /); // a sentence, not a stack trace

  // The first still serves, reads what it wrote before, and writes.
  await api.call('/api/shop/group-save', { name: 'lock-after' });
  expect(await groupNames(api, 'lock-')).toEqual(new Set(['lock-before', 'lock-after']));
  first.process.kill('SIGTERM');
  expect(await first.exited).toEqual({ code: 0, signal: null });
});

it('kill -9 under concurrent writes, restart: every acknowledged write is there (three times)', async () => {
  for (let round = 1; round <= 3; round++) {
    const server = await startChild();
    await ready(server); // after a crash the dead process's lock is taken over
    const api = await signIn(server.url);
    const acknowledged: string[] = [];
    // Writes in parallel until the server dies under them; the kill comes after the 20th answer.
    const writer = async (lane: number) => {
      for (let i = 0; ; i++) {
        const name = `crash-${round}-${lane}-${i}`;
        try {
          await api.call('/api/shop/group-save', { name }, { skipErrorHandler: true });
        } catch {
          return; // the server is gone
        }
        acknowledged.push(name);
        if (acknowledged.length === 20) server.process.kill('SIGKILL');
      }
    };
    await Promise.all([0, 1, 2, 3, 4].map(writer));
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const restarted = await startChild();
    await ready(restarted);
    const stored = await groupNames(await signIn(restarted.url), `crash-${round}-`);
    for (const name of acknowledged) expect(stored, name).toContain(name);
    restarted.process.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }
  // A clean stop removes the lock.
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
});

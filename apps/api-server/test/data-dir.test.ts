import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '@consign/api-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { seededDataDir, USER } from './helpers';
import { serverProcesses, signInBySms } from './server-process';

/**
 * One process per PGlite data directory, and no acknowledged write lost to a crash. The servers are
 * real processes (`src/main.ts`), killed with SIGKILL as a crash or an OOM killer would.
 */
const SECRET = 'data-dir-test-secret';
let dataDir = '';
const servers = serverProcesses();

beforeAll(async () => {
  dataDir = await seededDataDir();
});
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startChild() {
  return servers.start({
    DATA_DIR: dataDir,
    API_SIGN_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-static'),
  });
}

/** One SMS login for the whole file (one code per mobile per 60 s); sessions live in the database. */
let token: string | undefined;

async function signIn(url: string): Promise<ApiClient> {
  const signedIn = await signInBySms(url, { mobile: USER, secret: SECRET, token });
  token = signedIn.token;
  return signedIn.api;
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
  await first.ready();
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
    await server.ready(); // after a crash the dead process's lock is taken over
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
    await restarted.ready();
    const stored = await groupNames(await signIn(restarted.url), `crash-${round}-`);
    for (const name of acknowledged) expect(stored, name).toContain(name);
    restarted.process.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }
  // A clean stop removes the lock.
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  // Six server starts on a data directory: minutes on a loaded 2-core machine, so a wider hang guard.
}, 600_000);

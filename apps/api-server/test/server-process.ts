import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@consign/api-client';
import { afterAll, it } from 'vitest';
import { openDb } from '../src/db/db';
import { freePort, healthy, seededDataDir, seededPostgresDatabase, TEST_POSTGRES } from './helpers';

/**
 * The real server as a child process, for the tests that kill it (kill -9 mid-batch, mid-writeback,
 * under concurrent writes) or start two on one data directory. `serverProcesses()` is called once at
 * the top of a test file; every process it starts is killed after the file's tests, whatever happened,
 * and then what the file handed to `afterFile` is cleaned up (sandboxes, data directories, databases).
 */
const serverDir = join(import.meta.dirname, '..');

export interface ServerProcess {
  process: ChildProcess;
  url: string;
  /** How the process ended (a crash: `{ code: null, signal: 'SIGKILL' }`). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves once the server answers /healthz; throws when it exits first (saying why). */
  ready(): Promise<void>;
  /** kill -9, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop: in-flight work settles), and wait until the process is gone. */
  stop(): Promise<void>;
}

/** Variables of the parent that would change the outcome (a provider, a database, the mode). */
const OUTCOME_VARIABLES = /^(TENCENT_|SMS_PROVIDER|CAPTCHA_PROVIDER|DATABASE_URL|DATA_DIR|NODE_ENV|SIGNUP)/;

/**
 * The data a crash test's server runs on, seeded: the variables that point the server at it (`env`),
 * and `open()`, the test's own connection to it (to set up before a start and look after a kill).
 */
export interface Storage {
  name: 'PGlite' | 'Postgres';
  env: Record<string, string>;
  open(): ReturnType<typeof openDb>;
}

export function serverProcesses() {
  const children = new Set<ChildProcess>();
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    await Promise.all(
      [...children].map((child) => {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return gone;
      }),
    );
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Runs `cleanup` after the file's tests, once its servers are gone. */
  function afterFile(cleanup: () => unknown) {
    cleanups.push(cleanup);
  }

  /**
   * Starts `entry` (default `src/main.ts`, relative to apps/api-server) on a free port with `env`
   * over the parent's environment, less the variables that would change the outcome. Does not wait:
   * call `ready()`.
   */
  async function start(env: Record<string, string>, entry = 'src/main.ts'): Promise<ServerProcess> {
    const port = await freePort();
    const parent = { ...process.env };
    for (const name of Object.keys(parent)) if (OUTCOME_VARIABLES.test(name)) delete parent[name];
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: serverDir,
      env: { ...parent, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    let errors = '';
    child.stderr?.on('data', (chunk) => {
      errors += String(chunk);
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        children.delete(child);
        resolve({ code, signal });
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    return {
      process: child,
      url,
      exited,
      stderr: () => errors,
      // No deadline of our own: the server answers, or it exits (and says why), or the test times out.
      async ready() {
        while (!(await healthy(url))) {
          if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${errors}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        child.kill('SIGTERM');
        await exited;
      },
    };
  }

  /** `start`, then waits until the server answers. */
  async function started(env: Record<string, string>, entry?: string): Promise<ServerProcess> {
    const server = await start(env, entry);
    await server.ready();
    return server;
  }

  /**
   * The test `title` on each storage the server runs on: `PGlite: title` on a seeded data directory,
   * and, with TEST_DATABASE_URL, `Postgres: title` on a seeded database of its own.
   */
  function itOnEachStorage(title: string, scenario: (storage: Storage) => Promise<void>, timeout: number) {
    it(
      `PGlite: ${title}`,
      async () => {
        const dataDir = await seededDataDir();
        afterFile(() => rmSync(dataDir, { recursive: true, force: true }));
        await scenario({ name: 'PGlite', env: { DATA_DIR: dataDir }, open: () => openDb({ dataDir }) });
      },
      timeout,
    );
    it.skipIf(!TEST_POSTGRES)(
      `Postgres: ${title}`,
      async () => {
        const database = await seededPostgresDatabase(TEST_POSTGRES ?? '');
        afterFile(() => database.drop());
        await scenario({
          name: 'Postgres',
          env: { DATABASE_URL: database.url, DATA_DIR: 'memory://unused' },
          open: () => openDb({ databaseUrl: database.url }),
        });
      },
      timeout,
    );
  }

  return { start, started, afterFile, itOnEachStorage };
}

/**
 * Signs `mobile` in on the server at `url` by SMS (the development SMS outbox) and answers a client
 * with its token. Sessions live in the database, so the token still works after a restart on the same
 * data (one code per mobile per 60 s: sign in once per file and pass the token on).
 */
export async function signInBySms(
  url: string,
  options: { mobile: string; secret: string; token?: string },
): Promise<{ api: ApiClient; token: string }> {
  let token = options.token;
  if (!token) {
    const anonymous = createApiClient({ baseURL: url, secret: options.secret });
    await anonymous.call('/api/default/send-code', {
      mobile: options.mobile,
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'r',
    });
    const { code } = (await (await fetch(`${url}/__dev/sms?mobile=${options.mobile}`)).json()) as {
      code: string;
    };
    token = (await anonymous.call('/api/default/login', { mobile: options.mobile, code })).access_token;
  }
  const signedIn = token;
  return { api: createApiClient({ baseURL: url, secret: options.secret, getToken: () => signedIn }), token };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, healthy, startTestServer } from './helpers';

/**
 * `npm start` as an operator's process manager stops it: a signal to the bootstrap process (what npm
 * runs) must reach the server, which drains and exits 0, and the bootstrap exits with it. (Draining
 * itself is proven at the server's level in persistence.test.ts.)
 */
const repo = join(import.meta.dirname, '../../..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

it.each(['SIGTERM', 'SIGINT'] as const)(
  'a %s to the bootstrap stops the server, which exits 0',
  async (signal) => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'consign-signal-'));
    dataDirs.push(dataDir);
    const url = `http://127.0.0.1:${port}`;
    const bootstrap = spawn(process.execPath, ['scripts/bootstrap.mjs', 'serve'], {
      cwd: repo,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const done = exited(bootstrap);
    // No deadline of our own: the server either answers or the bootstrap exits (the test's hang guard).
    while (!(await healthy(url))) {
      if (bootstrap.exitCode !== null) throw new Error(`the bootstrap exited with ${bootstrap.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    bootstrap.kill(signal);
    expect(await done).toEqual({ code: 0, signal: null });
    expect(await healthy(url)).toBe(false);
  },
  // A fresh data directory is migrated and seeded first: over a minute on a loaded 2-core machine.
  300_000,
);

describe('shutdown', () => {
  it('closes the database only once the handlers of connections cut at the grace have finished', async () => {
    // A send-code whose captcha check is held until the test lets it go: its handler outlives the
    // grace, its connection is cut, and it still has database work to do (the code, the rate limit).
    let entered: () => void = () => {};
    const inCaptcha = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const errors: string[] = [];
    const t = await startTestServer({
      dataDir: 'memory://',
      seed: false,
      copyWorker: false,
      shutdownGraceMs: 50,
      logLevel: 'warn',
      logWrite: (line, isError) => {
        if (isError) errors.push(line);
      },
      captchaProvider: {
        name: 'held',
        async verify() {
          entered();
          await held;
          return true;
        },
      },
      smsProvider: {
        name: 'recording',
        async send(mobile) {
          sent.push(mobile);
        },
      },
    });
    const answer = t
      .post('/api/default/send-code', {
        mobile: '13500001111',
        type: 1,
        sign_type: 1,
        ticket: 'dev-ticket',
        randstr: 'r',
      })
      .then(
        (res) => res.status,
        () => 'cut',
      );
    await inCaptcha;
    const closing = t.server.close();
    expect(await answer).toBe('cut');
    release();
    await closing;
    // The handler ran to its end on an open database: the code was stored and handed to the provider.
    expect(sent).toEqual(['13500001111']);
    expect(errors).toEqual([]);
  });
});

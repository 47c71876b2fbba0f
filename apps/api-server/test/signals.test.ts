import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, healthy } from './helpers';

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
);

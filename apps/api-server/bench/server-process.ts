/**
 * The api-server as a process of its own, for the benches: a free port on loopback, and
 * `node --import tsx <entry>` started there and waited for until `/healthz` answers 200.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api-server, where `src/main.ts` is. */
export const SERVER_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
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

export interface ServerProcessOptions {
  port: number;
  /** Added to this process's environment (PORT and HOST are set here). */
  env?: Record<string, string>;
  /** Node flags before `--import tsx` (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The server's entry, relative to {@link SERVER_ROOT}. Default `src/main.ts`. */
  entry?: string;
  /** How long to wait for `/healthz` (a busy machine starts slowly). Default 180 s. */
  timeoutMs?: number;
}

/** Starts the server and resolves once `/healthz` answers 200; fails if it exits or never answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ChildProcess> {
  const { port, env = {}, nodeArgs = [], entry = 'src/main.ts', timeoutMs = 180_000 } = options;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: SERVER_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

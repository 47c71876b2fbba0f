import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInSeededAccounts } from './session';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Only a hang guard: a first start migrates and seeds the demo, which took 70 s on a machine whose 2
 * cores were shared with other work, so the wait is far above what a start needs.
 */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api-server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`api-server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** Start the real server (built app + API, one process) exactly as `npm start` does. */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'consign-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api-server/src/main.ts'], {
    cwd: root,
    // The demo configuration (console SMS read through /__dev/sms, dev captcha), as `npm start` runs it.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log}`);
  }
  process.env.E2E_BASE_URL = baseURL;
  try {
    await signInSeededAccounts(baseURL);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`signing in the seeded accounts failed: ${(error as Error).message}\n${log}`);
  }
  // If the server dies during the run, every later test fails with ERR_CONNECTION_REFUSED: say why.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\napi-server exited during the run (code ${code}, signal ${signal}); its last output:\n${log.slice(-8000)}\n`,
      );
  });
  return async () => {
    stopping = true;
    // A server that already exited would never emit 'exit' again.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

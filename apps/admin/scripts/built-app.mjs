// The built admin app served by the real api-server (as `npm start` does), for the scripts that
// measure it in a browser: size-report.mjs and lighthouse.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs } from '../../../tooling/chromium-args.mjs';

export const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(appDir, '../..');
const builtIndex = join(appDir, 'dist/index.html');

/** How the test tools launch Chromium (tooling/chromium.ts): Debian's, no traffic past 127.0.0.1. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
};

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'routeTree.gen.ts'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** Builds dist/ when it is missing or older than the app's or the packages' sources. */
export function buildIfStale() {
  if (existsSync(builtIndex)) {
    const built = statSync(builtIndex).mtimeMs;
    const inputs = [
      newestMtime(join(appDir, 'src')),
      ...['index.html', 'vite.config.ts', 'package.json'].map((f) => statSync(join(appDir, f)).mtimeMs),
      ...['ui', 'shell', 'api-client'].map((p) => newestMtime(join(repoDir, 'packages', p, 'src'))),
    ];
    if (inputs.every((time) => time <= built)) return;
  }
  process.stdout.write('dist/ is missing or older than the sources: building first\n');
  const build = spawnSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: appDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/api-server (serving dist/ and the API) on a free port with a throwaway data directory.
 * Returns its base URL and `stop()`, which ends the server and removes the data directory.
 */
export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'consign-measure-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api-server/src/main.ts'], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // No deadline of our own: the server either answers or exits (a busy machine is only slower).
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`api-server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, stop };
}

/** The latest SMS code the server's console provider sent to `mobile` (`/__dev/sms`). */
export async function smsCode(baseURL, mobile) {
  const res = await fetch(`${baseURL}/__dev/sms?mobile=${mobile}`);
  const body = res.ok ? await res.json() : {};
  if (typeof body.code !== 'string') throw new Error(`no SMS code for ${mobile}: HTTP ${res.status}`);
  return body.code;
}

/**
 * Logs the seeded user in through the login page as a person would (dev captcha, console SMS) and
 * returns the access token it stored (localStorage `mmtAccessToken`). `page` is a Playwright page.
 */
export async function loginThroughUi(page, baseURL, mobile = '13900000000') {
  await page.goto(`${baseURL}/login`);
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(baseURL, mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 0 });
  const token = await page.evaluate(() => localStorage.getItem('mmtAccessToken'));
  if (!token) throw new Error('the login stored no token');
  return token;
}

#!/usr/bin/env node
// `pnpm bench:lighthouse`: Lighthouse (mobile: its default config, simulated slow 4G and a 4x slower CPU)
// against /login of the built product served by the real api-server, in Debian's Chromium.
// Prints the performance score, LCP, CLS and TBT, and checks the targets (score >= 95, LCP < 2 s,
// CLS < 0.02); exits 1 when one is missed. Not part of `npm test`: a lab figure on a shared machine.
//
//   node scripts/lighthouse.mjs [--path /login] [--runs 3] [--json out.json]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs } from '../../../tooling/chromium-args.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(appDir, '../..');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const TARGETS = { score: 95, lcpMs: 2000, cls: 0.02 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const pagePath = option('--path', '/login');
const runs = Math.max(1, Number(option('--runs', '3')) || 3);
const jsonOut = option('--json', '');

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

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api-server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('api-server did not start within 120 s');
}

/** The test tools' Chromium flags; Lighthouse parses the string like a shell, so values with spaces are quoted. */
function chromeFlags() {
  return ['--headless=new', ...chromiumArgs]
    .map((flag) => (flag.includes(' ') ? flag.replace(/=(.*)$/, '="$1"') : flag))
    .join(' ');
}

function lighthouse(url) {
  const bin = join(appDir, 'node_modules/.bin/lighthouse');
  const result = spawnSync(
    bin,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--max-wait-for-load=45000',
      `--chrome-flags=${chromeFlags()}`,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed (${result.status}):\n${result.stderr}`);
  const lhr = JSON.parse(result.stdout);
  if (process.env.LIGHTHOUSE_RAW) writeFileSync(process.env.LIGHTHOUSE_RAW, result.stdout);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    formFactor: lhr.configSettings.formFactor,
    lighthouse: lhr.lighthouseVersion,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  if (!existsSync(chrome)) throw new Error(`Chromium not found at ${chrome}: set CHROME_PATH`);
  if (!existsSync(join(appDir, 'dist/index.html'))) {
    const build = spawnSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
      cwd: appDir,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'consign-lighthouse-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api-server/src/main.ts'], {
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(baseURL, server);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = lighthouse(`${baseURL}${pagePath}`);
      results.push(r);
      process.stdout.write(
        `run ${i + 1}/${runs}: score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms\n`,
      );
    }
    const summary = {
      page: pagePath,
      runs,
      lighthouse: results[0].lighthouse,
      formFactor: results[0].formFactor,
      score: median(results.map((r) => r.score)),
      lcpMs: Math.round(median(results.map((r) => r.lcpMs))),
      fcpMs: Math.round(median(results.map((r) => r.fcpMs))),
      cls: Number(median(results.map((r) => r.cls)).toFixed(3)),
      tbtMs: Math.round(median(results.map((r) => r.tbtMs))),
    };
    process.stdout.write(
      `\nLighthouse ${summary.lighthouse} (${summary.formFactor}), ${pagePath}, median of ${runs}:\n` +
        `  performance ${summary.score} (target >= ${TARGETS.score})\n` +
        `  LCP ${summary.lcpMs} ms (target < ${TARGETS.lcpMs} ms)\n` +
        `  FCP ${summary.fcpMs} ms\n` +
        `  CLS ${summary.cls} (target < ${TARGETS.cls})\n` +
        `  TBT ${summary.tbtMs} ms\n`,
    );
    if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ summary, results }, null, 2)}\n`);
    const missed =
      summary.score < TARGETS.score || summary.lcpMs >= TARGETS.lcpMs || summary.cls >= TARGETS.cls;
    if (missed) {
      process.stderr.write('a Lighthouse target was missed\n');
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});

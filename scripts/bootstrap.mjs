#!/usr/bin/env node
// The two commands of the README, `npm start` and `npm test`, land here. This script sets up
// whatever is missing (pnpm, the dependencies, Chromium and Postgres for tests), skips what is
// already done, then hands over to pnpm. It uses only Node's standard library (and this folder's
// modules), since nothing else exists yet.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCi } from './ci.mjs';
import { findPostgresBin, POSTGRES_MISSING } from './postgres-bin.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PNPM_VERSION = '12.21.0';
const mode = process.argv[2];

function log(message) {
  console.log(`\x1b[36m[consign]\x1b[0m ${message}`);
}

function fail(message) {
  console.error(`\x1b[31m[consign]\x1b[0m ${message}`);
  process.exit(1);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) fail(`${cmd} ${args.join(' ')} could not start: ${result.error.message}`);
  return result.status ?? 1;
}

function must(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) process.exit(status);
}

/**
 * A step whose output nobody needs while it works (an install, a build): its output is kept and shown
 * only when it fails; otherwise one line says that it is done and how long it took.
 */
function quietly(what, cmd, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  if (result.error) fail(`${cmd} ${args.join(' ')} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    fail(`${what} failed (${cmd} ${args.join(' ')}, exit ${result.status}): its output is above.`);
  }
  log(`${what}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function has(cmd, args = ['--version']) {
  const result = spawnSync(cmd, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    fail(`Node ${process.versions.node} is too old: 20.19 or newer is needed.`);
}

/** pnpm: installed globally with npm when it is missing (the only global install we make). */
function ensurePnpm() {
  if (has('pnpm')) return;
  log(`pnpm is missing: installing pnpm@${PNPM_VERSION} globally with npm`);
  must('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`]);
  if (!has('pnpm')) fail("pnpm was installed but is not on PATH; add npm's global bin folder to PATH.");
}

/** Dependencies: `pnpm install --frozen-lockfile` unless the lockfile is unchanged since the last install. */
function ensureDependencies() {
  const lock = readFileSync(join(root, 'pnpm-lock.yaml'));
  const stamp = join(root, 'node_modules', '.consign-lock-hash');
  const hash = createHash('sha256').update(lock).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  log('installing dependencies (pnpm install --frozen-lockfile; minutes the first time on a machine)');
  // Without NODE_ENV: pnpm skips devDependencies (the admin app's build tools) under NODE_ENV=production,
  // which is how an operator runs `npm start` for real.
  const { NODE_ENV: _, ...env } = process.env;
  quietly('dependencies', 'pnpm', ['install', '--frozen-lockfile'], { env });
  writeFileSync(stamp, hash);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages as root; false where that is impossible (not root, no apt-get). */
function aptInstall(packages, { reinstall = false } = {}) {
  if (!isRoot || !has('apt-get', ['--version'])) return false;
  log(`${reinstall ? 'reinstalling' : 'installing'} Debian's ${packages.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  must('apt-get', ['update', '-qq'], { env });
  must('apt-get', ['install', '-y', '-qq', ...(reinstall ? ['--reinstall'] : []), ...packages], { env });
  return true;
}

/** Chromium for the browser tests: CHROME_PATH, Debian's /usr/bin/chromium, or apt-get as root. */
function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) fail(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
    return process.env.CHROME_PATH;
  }
  const debian = '/usr/bin/chromium';
  const cjkFonts = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  if (existsSync(debian) && existsSync(cjkFonts)) return debian;
  if (aptInstall(['chromium', 'fonts-noto-cjk']) && existsSync(debian)) return debian;
  fail(
    'The browser tests need Chromium. Install it (Debian/Ubuntu: `apt-get install chromium fonts-noto-cjk`) ' +
      'or set CHROME_PATH to a Chromium or Chrome binary, then run `npm test` again.',
  );
}

/** Debian's server packages that are installed (`postgresql-15`, ...), for a reinstall. */
function installedPostgresServers() {
  const list = spawnSync(
    'dpkg-query',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's format, not a template
    ['-W', '-f', '${Package} ${db:Status-Status}\\n', 'postgresql-[0-9]*'],
    {
      encoding: 'utf8',
    },
  );
  return (list.stdout ?? '')
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([name, status]) => /^postgresql-\d+$/.test(name ?? '') && status === 'installed')
    .map(([name]) => name);
}

/**
 * Postgres for the API suites on a real database (with-postgres.mjs runs a throwaway cluster): the
 * binaries found by postgres-bin.mjs, or Debian's `postgresql` installed as root. A package that
 * dpkg lists as installed but whose binaries were removed is reinstalled. Where none can be had, CI
 * fails here, naming what is missing; elsewhere the Postgres step is skipped, loudly.
 */
function ensurePostgres() {
  if (findPostgresBin()) return;
  // POSTGRES_BIN names the binaries to use: installing others would not help.
  if (!process.env.POSTGRES_BIN && aptInstall(['postgresql']) && !findPostgresBin()) {
    const servers = installedPostgresServers();
    if (servers.length) aptInstall(servers, { reinstall: true });
  }
  if (findPostgresBin()) return;
  const remedy =
    'Install them (Debian/Ubuntu: `apt-get install postgresql`) or set POSTGRES_BIN, then run `npm test` again.';
  if (isCi()) fail(`The API suites on Postgres cannot run: ${POSTGRES_MISSING}. ${remedy}`);
  log(`\x1b[33mwarning\x1b[0m: ${POSTGRES_MISSING}; the Postgres step will be skipped. ${remedy}`);
}

/** A hash of everything the admin build reads, so that a second `npm start` skips the build. */
function sourceHash() {
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', 'dist', '.data', 'routeTree.gen.ts']);
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (
        skip.has(name) ||
        name.endsWith('.test.ts') ||
        name.endsWith('.test.tsx') ||
        name.endsWith('.stories.tsx')
      )
        continue;
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  for (const dir of ['apps/admin', 'packages/ui', 'packages/shell', 'packages/api-client'])
    walk(join(root, dir));
  hash.update(readFileSync(join(root, 'pnpm-lock.yaml')));
  for (const key of Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${process.env[key]}`);
  return hash.digest('hex');
}

function ensureAdminBuild() {
  const stamp = join(root, 'apps/admin/dist/.source-hash');
  const hash = sourceHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    log('admin app is already built for these sources: skipping the build');
    return;
  }
  log('building the admin app');
  quietly('admin app build', 'pnpm', ['--filter', '@consign/admin', 'build']);
  writeFileSync(stamp, hash);
}

/**
 * The api-server as a child of this process, which forwards SIGINT and SIGTERM to it (a process
 * manager stops `npm start` by signalling it) and exits with its code once it has drained and stopped.
 * The server is started directly, not through another package manager, so that no process in between
 * swallows the signal. It gets this process's environment as it is: without `NODE_ENV=production`
 * that is the demo (console SMS, dev captcha); with it, the server refuses to start until the
 * production configuration is complete (README.md, "Running in production").
 */
function serve() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'apps/api-server'),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (server.exitCode === null) server.kill(signal);
    });
  }
  server.on('error', (error) => fail(`the api-server could not start: ${error.message}`));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

checkNode();
ensurePnpm();
ensureDependencies();

if (mode === 'start') {
  ensureAdminBuild();
  serve();
} else if (mode === 'serve') {
  // `npm start` without the build step: serves what apps/admin/dist holds (tests use it).
  serve();
} else if (mode === 'test') {
  const chrome = ensureChromium();
  ensurePostgres();
  process.exit(run('pnpm', ['run', 'test:all'], { env: { ...process.env, CHROME_PATH: chrome } }));
} else {
  fail('usage: node scripts/bootstrap.mjs start|serve|test');
}

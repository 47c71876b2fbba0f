#!/usr/bin/env node
// `node scripts/with-postgres.mjs <command> [args...]`: runs the command with TEST_DATABASE_URL
// pointing at a throwaway Postgres cluster, then stops and deletes the cluster, also when the command
// fails or this script is interrupted. The cluster is Debian's postgresql (initdb + pg_ctl): a temp
// directory, a free port on 127.0.0.1, sockets in the temp directory, trust authentication for the
// local user only. As root (Postgres refuses to run as root) it runs as the `postgres` user, or
// `nobody`. POSTGRES_BIN=/path/to/bin picks the binaries (`npm test` installs Debian's when it can).
// Where none are found: with CI=true it fails and names what is missing, since a green CI run must
// mean the Postgres suites ran; otherwise it prints why and exits 0 without running the command, and
// records the skip in the file CONSIGN_SKIPS_FILE names (if set), which `npm test`'s summary repeats.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCi } from './ci.mjs';
import { findPostgresBin, POSTGRES_MISSING } from './postgres-bin.mjs';

function log(message) {
  console.log(`\x1b[36m[with-postgres]\x1b[0m ${message}`);
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

/** As root: the user to run Postgres as (postgres if it exists, else nobody). */
function clusterUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    if (spawnSync('id', ['-u', user], { stdio: 'ignore' }).status === 0) return user;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Cannot run here: a failure on CI, a loud skip elsewhere. */
function cannotRun(reason, remedy) {
  if (isCi()) {
    console.error(`\x1b[31m[with-postgres]\x1b[0m FAILED: ${reason}. ${remedy}`);
    process.exit(1);
  }
  log(`SKIPPED: ${reason}, so "${command.join(' ')}" did not run against a real Postgres. ${remedy}`);
  if (process.env.CONSIGN_SKIPS_FILE) appendFileSync(process.env.CONSIGN_SKIPS_FILE, `${reason}\n`);
  process.exit(0);
}

const bin = findPostgresBin();
if (!bin)
  cannotRun(
    POSTGRES_MISSING,
    'Install them (Debian/Ubuntu: `apt-get install postgresql`) or set POSTGRES_BIN.',
  );

const user = clusterUser();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && !user)
  cannotRun(
    'running as root and neither a `postgres` nor a `nobody` user exists to run Postgres as',
    'Create one.',
  );

/** Runs a Postgres binary, as the cluster user when we are root. */
function pg(tool, args) {
  const argv = [join(bin, tool), ...args];
  return user
    ? spawnSync('runuser', ['-u', user, '--', ...argv], { encoding: 'utf8' })
    : spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
}

const dir = mkdtempSync(join(tmpdir(), 'consign-pg-'));
chmodSync(dir, 0o777); // the cluster user writes here (the data directory itself is its own, 0700)
if (user) spawnSync('chown', [user, dir]);
const data = join(dir, 'data');
const port = await freePort();
let started = false;

function cleanUp() {
  if (started) {
    pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}

function fail(message, output) {
  console.error(`\x1b[31m[with-postgres]\x1b[0m ${message}`);
  if (output) console.error(output);
  cleanUp();
  process.exit(1);
}

const init = pg('initdb', [
  '-D',
  data,
  '-A',
  'trust',
  '-U',
  'postgres',
  '--no-sync',
  '-E',
  'UTF8',
  '--locale=C',
]);
if (init.status !== 0) fail('initdb failed', `${init.stdout}${init.stderr}`);
// Throwaway: no fsync (nothing here must survive a crash), sockets in the temp directory, TCP on loopback.
const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
const start = pg('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-o', options, '-w', 'start']);
started = true;
if (start.status !== 0) fail('pg_ctl start failed', `${start.stdout}${start.stderr}`);

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
log(`Postgres (${bin}) on ${url}, cluster in ${dir}`);

const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('error', (error) => fail(`${command[0]} could not start: ${error.message}`));
child.on('exit', (code, signal) => {
  cleanUp();
  log('cluster stopped and removed');
  process.exit(code ?? (signal ? 1 : 0));
});

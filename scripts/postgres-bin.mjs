// Where the Postgres server binaries are, for the bootstrap (which installs them when missing) and
// for with-postgres.mjs (which runs a throwaway cluster with them). Node's standard library only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's packages put each major version's server binaries here. */
export const DEBIAN_POSTGRES_DIR = '/usr/lib/postgresql';

/**
 * The directory holding `initdb` and `pg_ctl`: `POSTGRES_BIN`, Debian's newest
 * `/usr/lib/postgresql/<version>/bin`, or the directory of `initdb` on `PATH`; null when none has both.
 */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.POSTGRES_BIN) candidates.push(process.env.POSTGRES_BIN);
  else {
    if (existsSync(DEBIAN_POSTGRES_DIR)) {
      const versions = readdirSync(DEBIAN_POSTGRES_DIR).sort((a, b) => Number(b) - Number(a));
      for (const version of versions) candidates.push(join(DEBIAN_POSTGRES_DIR, version, 'bin'));
    }
    const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
    if (which.status === 0 && which.stdout.trim())
      candidates.push(join(realpathSync(which.stdout.trim()), '..'));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

/** What to tell a reader when no binaries are found. */
export const POSTGRES_MISSING =
  'no Postgres server binaries (initdb and pg_ctl) found in POSTGRES_BIN, /usr/lib/postgresql/*/bin or PATH';

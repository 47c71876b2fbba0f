import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file inside a PGlite data directory: `{ pid, host }` of the process that holds it. */
export const LOCK_FILE = 'consign.lock';

/** Another live process holds the data directory. */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by process ${pid}. One process per PGlite data directory: ` +
        'stop that process first, or use DATABASE_URL (Postgres) to run several instances.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface Owner {
  pid: number;
  host: string;
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null; // unreadable or half written: treated as stale
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/**
 * Takes the data directory for this process, before anything opens the database: two processes on
 * one PGlite directory corrupt it (PGlite has no shared-memory lock of its own). A second process gets
 * `DataDirInUseError` at once and touches nothing. A lock left by a process that died (kill -9, a
 * crash) is taken over, so a restart after a crash needs no cleanup; on another host (a shared
 * volume) a lock is never taken over. Returns `release`, which removes the lock if it is still ours.
 *
 * Known limit: two processes that both find the same dead owner's lock at the same instant could
 * both take it over; starting one server per directory at a time (what a process manager does) avoids it.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  const me: Owner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx'); // fails if the file exists: the atomic step
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && (owner.host !== me.host || isAlive(owner.pid))) {
        throw new DataDirInUseError(dir, owner.pid);
      }
      unlinkSync(file); // the owner is gone: take the lock over
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    return () => {
      if (readOwner(file)?.pid === me.pid) unlinkSync(file);
    };
  }
  throw new DataDirInUseError(dir, readOwner(file)?.pid ?? -1);
}

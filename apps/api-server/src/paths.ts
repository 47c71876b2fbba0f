import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './db/data-dir-lock';
import { type Db, openDb } from './db/db';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (apps/api-server/src -> ../../..). */
export const REPO_ROOT = resolve(here, '../../..');
/** Default data directory: `.data/` at the repository root (git-ignored). */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data');
/** Default static root: the admin app's build output. */
export const DEFAULT_STATIC_DIR = join(REPO_ROOT, 'apps/admin/dist');

function resolveDataDir(dataDir: string): string {
  if (dataDir.startsWith('memory://')) return dataDir;
  const dir = isAbsolute(dataDir) ? dataDir : resolve(process.cwd(), dataDir);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Opens Postgres (`databaseUrl`) or PGlite in `dataDir` (created if missing; default `.data/`). A PGlite
 * directory is locked for this process first (`lockDataDir`) and released when the database closes;
 * another live process's lock rejects with `DataDirInUseError` before anything is opened.
 */
export async function openDatabase(options: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (options.databaseUrl) return openDb({ databaseUrl: options.databaseUrl });
  const dataDir = resolveDataDir(options.dataDir ?? DEFAULT_DATA_DIR);
  if (dataDir.startsWith('memory://')) return openDb({ dataDir });
  const release = lockDataDir(dataDir);
  try {
    const db = await openDb({ dataDir });
    const close = db.close.bind(db);
    return Object.assign(db, {
      close: async () => {
        try {
          await close();
        } finally {
          release();
        }
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

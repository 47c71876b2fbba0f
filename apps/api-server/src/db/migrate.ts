import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The numbered SQL files `NNNN_name.sql` of `src/db/migrations`, in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      id: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

/** Advisory lock key that serialises migrations and seeding across instances sharing a Postgres. */
export const SCHEMA_LOCK = 72_727_201;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction (Postgres
 * DDL is transactional: a failed migration leaves nothing half-done) under an advisory lock, so that
 * several instances starting at once on one Postgres apply each migration exactly once.
 * Returns the ids applied.
 */
export async function migrate(db: Db, migrations = loadMigrations(), now = Date.now): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
    );
    const rows = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.id));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [
        migration.id,
        migration.name,
        Math.floor(now() / 1000),
      ]);
      done.push(migration.id);
    }
    return done;
  });
}

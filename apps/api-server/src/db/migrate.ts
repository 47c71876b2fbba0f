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

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction
 * together with its record, so a failed migration leaves nothing half-done. Returns the ids applied.
 */
export async function migrate(db: Db, migrations = loadMigrations(), now = Date.now): Promise<number[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
  );
  const rows = await db.query<{ id: number }>('SELECT id FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.id));
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    // id and name come from our own file names (digits and [a-z0-9_]), never from input.
    const record = `INSERT INTO schema_migrations (id, name, applied_at) VALUES (${migration.id}, '${migration.name}', ${Math.floor(now() / 1000)});`;
    try {
      await db.exec(`BEGIN;\n${migration.sql}\n;\n${record}\nCOMMIT;`);
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => {});
      // Another instance may have applied it meanwhile (shared Postgres): then it is fine.
      const again = await db.query<{ id: number }>('SELECT id FROM schema_migrations WHERE id = $1', [
        migration.id,
      ]);
      if (again.length === 0) throw error;
      continue;
    }
    done.push(migration.id);
  }
  return done;
}

import type { Queryable } from './db';

/** The id of the user with this mobile, created on its first login. */
export async function upsertUser(db: Queryable, mobile: string, now: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (mobile, created_at) VALUES ($1, $2)
     ON CONFLICT (mobile) DO UPDATE SET mobile = EXCLUDED.mobile RETURNING id`,
    [mobile, now],
  );
  if (!row) throw new Error('user upsert returned no row');
  return row.id;
}

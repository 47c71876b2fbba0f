import type { Settings } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem, MESSAGES } from '../http/respond';
import type { Queryable } from './db';

const SETTINGS_KEYS = [
  'auto_purchase',
  'default_markup_percent',
  'purchase_account',
  'notify_mobile',
  'sync_interval_minutes',
  'auto_sync_logistics',
] as const;
const SETTINGS_COLUMNS = SETTINGS_KEYS.join(', ');

export async function getSettings(db: Queryable): Promise<Settings> {
  const [row] = await db.query<Settings>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE id = 1`);
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

/** Updates the fields present in `body` (any subset) and returns the settings. */
export async function updateSettings(db: Queryable, body: BodyOf<'/api/setting/update'>): Promise<Settings> {
  // Only known columns, each as a parameter: the column names come from our own list.
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const key of SETTINGS_KEYS) {
    const value = body[key];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${key} = $${params.length}`);
  }
  if (sets.length === 0) return getSettings(db);
  const [row] = await db.query<Settings>(
    `UPDATE settings SET ${sets.join(', ')} WHERE id = 1 RETURNING ${SETTINGS_COLUMNS}`,
    params,
  );
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

import { PLATFORM_LABELS, PLATFORMS } from '@consign/api-client';
import type { Queryable } from './db';
import { SUPPLIER_CODE } from './platform-apps';

/**
 * What every database needs before anyone signs in, demo or not (README "Production configuration"):
 * the company profile (a neutral one; operators set theirs in 全局设置 → 企业信息) and the platforms
 * (the sales platforms, 快手 disabled as in the demo, and 1688 under {@link SUPPLIER_CODE}) without
 * any app. No account, no user, no order: production starts empty and its first operator is made by
 * `create-operator`. Runs when the company row is missing (a database nobody seeded), so a profile
 * or platforms an operator changed later stand.
 */
export const BASELINE_COMPANY = { name: 'Consign', short_name: 'Consign' } as const;

/** The sales platforms as the demo and the baseline list them: name, code, enabled. */
export const SALES_PLATFORM_ROWS = PLATFORMS.map((code) => [
  PLATFORM_LABELS[code],
  code,
  code !== 'kuaishou',
]);

/** Inserts the baseline when the company row is missing; answers whether it did. */
export async function ensureBaseline(db: Queryable): Promise<boolean> {
  const [company] = await db.query(
    `INSERT INTO company (id, name, short_name) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [BASELINE_COMPANY.name, BASELINE_COMPANY.short_name],
  );
  if (!company) return false;
  for (const [name, code, enabled] of [...SALES_PLATFORM_ROWS, ['1688', SUPPLIER_CODE, true]]) {
    await db.query(
      'INSERT INTO platforms (name, code, enabled) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING',
      [name, code, enabled],
    );
  }
  return true;
}

/** Whether any user is a platform operator (`is_manage`). */
export async function hasOperator(db: Queryable): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE is_manage LIMIT 1');
  return rows.length > 0;
}

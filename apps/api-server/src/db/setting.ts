import type { Settings } from '@consign/api-client';
import type { BodyOf } from '../contract';
import type { Queryable } from './db';
import type { Saved } from './log';
import { notFound, type Scope, staleRecord } from './scope';

const SETTINGS_KEYS = [
  'auto_purchase',
  'default_markup_percent',
  'purchase_account',
  'notify_mobile',
  'sync_interval_minutes',
  'auto_sync_logistics',
  // goods: 商品复制's price rule
  'price_rounding',
  // purchase
  'purchase_price_rise_percent',
  'auto_pay',
  'unpaid_alert_hours',
  // 货源监控
  'monitor_price',
  'monitor_stock',
  'monitor_stock_cap',
  'monitor_stock_margin',
  'monitor_off_sale',
  // 铺货 to 抖店
  'doudian_service_phone',
] as const;
const SETTINGS_COLUMNS = SETTINGS_KEYS.join(', ');

/** The settings a new account starts with (the seed's demo account uses them too). */
export const DEFAULT_SETTINGS: Omit<Settings, 'version'> = {
  auto_purchase: false,
  default_markup_percent: 30,
  purchase_account: '',
  notify_mobile: '',
  sync_interval_minutes: 5,
  auto_sync_logistics: true,
  price_rounding: 'none',
  purchase_price_rise_percent: 10,
  auto_pay: false,
  unpaid_alert_hours: 2,
  monitor_price: 'follow',
  monitor_stock: true,
  monitor_stock_cap: 999,
  monitor_stock_margin: 0,
  monitor_off_sale: 'delist',
  doudian_service_phone: '',
};

/** Gives a new account its settings row (sign-up, seed). */
export async function createSettings(
  tx: Queryable,
  accountId: number,
  settings: Omit<Settings, 'version'> = DEFAULT_SETTINGS,
) {
  await tx.query(
    `INSERT INTO settings (account_id, ${SETTINGS_COLUMNS})
     VALUES ($1, ${SETTINGS_KEYS.map((_, i) => `$${i + 2}`).join(', ')})`,
    [accountId, ...SETTINGS_KEYS.map((key) => settings[key])],
  );
}

/** The account's dropship settings (代发设置). */
export async function getSettings(scope: Scope): Promise<Settings> {
  const [row] = await scope.db.query<Settings>(
    `SELECT ${SETTINGS_COLUMNS}, version FROM settings WHERE account_id = $1`,
    [scope.accountId],
  );
  if (!row) throw notFound();
  return row;
}

/**
 * Updates the fields present in `body` (any subset) if the settings are still at `body.version`
 * (else 409), and returns them with what changed.
 */
export async function updateSettings(
  scope: Scope,
  body: BodyOf<'/api/setting/update'>,
): Promise<Saved<Settings>> {
  const before = await getSettings(scope);
  // Only known columns, each as a parameter: the column names come from our own list.
  const sets = ['version = version + 1'];
  const params: unknown[] = [scope.accountId, body.version];
  for (const key of SETTINGS_KEYS) {
    const value = body[key];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${key} = $${params.length}`);
  }
  const [row] = await scope.db.query<Settings>(
    `UPDATE settings SET ${sets.join(', ')} WHERE account_id = $1 AND version = $2
     RETURNING ${SETTINGS_COLUMNS}, version`,
    params,
  );
  if (!row) throw staleRecord();
  return { row, change: { target: { type: 'settings', id: null, name: '代发设置' }, before, after: row } };
}

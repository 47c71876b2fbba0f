import * as z from 'zod';
import { mobileSchema } from './auth.js';
import { text, versionSchema } from './common.js';
import { PRICE_ROUNDINGS } from './goods-rules.js';

/**
 * The dropshipping settings (`/api/setting/index`, saved with `/api/setting/update`).
 * - `auto_purchase`: place the purchase order at the supplier as soon as an order is paid.
 * - `default_markup_percent`: price markup applied when copying goods, 0..500 %.
 * - `purchase_account`: the supplier-side buyer account used for purchases ('' = not set).
 * - `notify_mobile`: where purchase failures are texted ('' = nowhere).
 * - `sync_interval_minutes`: how often orders are pulled from the shops: 15, 30 or 60.
 * - `auto_sync_logistics`: push the supplier's tracking number back to the shop.
 * - `price_rounding` (goods): how 商品复制 rounds the marked-up price (`markedUpPrice`).
 * - `purchase_price_rise_percent` (purchase): 一键采购 refuses when 1688's goods price is more than
 *   this percent above the 货源's linked price (允许采购价上浮).
 */
export const settingsSchema = z.object({
  auto_purchase: z.boolean(),
  default_markup_percent: z.int().min(0).max(500),
  purchase_account: text(64),
  notify_mobile: z.union([z.literal(''), mobileSchema]),
  sync_interval_minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
  auto_sync_logistics: z.boolean(),
  // goods: 商品复制's price rule
  price_rounding: z.enum(PRICE_ROUNDINGS),
  // purchase
  purchase_price_rise_percent: z.int().min(0).max(100),
  version: versionSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * Body of `/api/setting/update`: any subset of the settings, and the `version` they were read at
 * (409 when stale). Answers the whole saved `Settings`.
 */
export const settingsUpdateBodySchema = settingsSchema
  .omit({ version: true })
  .partial()
  .extend({ version: versionSchema });
export type SettingsUpdateBody = z.input<typeof settingsUpdateBodySchema>;

import * as z from 'zod';
import { mobileSchema } from './auth.js';
import { text, versionSchema } from './common.js';
import { MONITOR_OFF_SALE_RULES, MONITOR_PRICE_RULES, PRICE_ROUNDINGS } from './goods-rules.js';
import { normalizeMobile, SERVICE_PHONE_MESSAGE, SERVICE_PHONE_PATTERN } from './mobile.js';

/**
 * The dropshipping settings (`/api/setting/index`, saved with `/api/setting/update`).
 * - `auto_purchase`: place the purchase order at the supplier as soon as an order is paid.
 * - `default_markup_percent`: price markup applied when copying goods, 0..500 %.
 * - `purchase_account`: the supplier-side buyer account used for purchases ('' = not set).
 * - `notify_mobile`: where purchase failures are texted ('' = nowhere).
 * - `sync_interval_minutes`: 消息未达时的兜底同步间隔: how often the shops' orders are pulled when the
 *   platforms' messages do not arrive: 5, 15, 30 or 60; never shorter than the server's
 *   `SHOP_SYNC_FALLBACK_SECONDS`.
 * - `auto_sync_logistics`: push the supplier's tracking number back to the shop.
 * - `price_rounding` (goods): how 商品复制 rounds the marked-up price (`markedUpPrice`).
 * - `purchase_price_rise_percent` (purchase): 一键采购 refuses when 1688's goods price is more than
 *   this percent above the 货源's linked price (允许采购价上浮).
 * - `auto_pay` (purchase): 自动付款 — each 1688 order is paid with the buyer's 免密支付 right after it is
 *   placed (when 1688 says the 代扣 protocol is open); off: it stays 待付款 for 批量付款.
 * - `unpaid_alert_hours` (purchase): a 1688 order still 待付款 after this many hours is notified.
 * - 货源监控 of 已发布 listings (docs/design.md#supplier-monitor): `monitor_price` 价格跟随 (`follow`: the
 *   listing's price follows the supplier's cost by the markup and rounding above; `warn`: 仅提醒);
 *   `monitor_stock` 库存跟随: the listing's stock is the supplier's, at most `monitor_stock_cap`, minus
 *   `monitor_stock_margin`; `monitor_off_sale` 下架处理 when the 货源 is off sale or gone: `delist` the
 *   listing or set its stock to `zero`.
 * - `doudian_service_phone` (铺货): 抖店客服电话, the `mobile` a product published to 抖店 shows
 *   (docs/design.md#publishing-goods-to-a-shop): a mainland mobile, a fixed line or a 400 number
 *   ({@link SERVICE_PHONE_PATTERN}, spaces dropped); '' = the account owner's login mobile.
 */
export const settingsSchema = z.object({
  auto_purchase: z.boolean(),
  default_markup_percent: z.int().min(0).max(500),
  purchase_account: text(64),
  notify_mobile: z.union([z.literal(''), mobileSchema]),
  sync_interval_minutes: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)]),
  auto_sync_logistics: z.boolean(),
  // goods: 商品复制's price rule
  price_rounding: z.enum(PRICE_ROUNDINGS),
  // purchase
  purchase_price_rise_percent: z.int().min(0).max(100),
  auto_pay: z.boolean(),
  unpaid_alert_hours: z.int().min(1).max(72),
  // 货源监控
  monitor_price: z.enum(MONITOR_PRICE_RULES),
  monitor_stock: z.boolean(),
  monitor_stock_cap: z.int().min(1).max(1_000_000),
  monitor_stock_margin: z.int().min(0).max(1000),
  monitor_off_sale: z.enum(MONITOR_OFF_SALE_RULES),
  // 铺货 to 抖店
  doudian_service_phone: z
    .string(SERVICE_PHONE_MESSAGE)
    .max(32, SERVICE_PHONE_MESSAGE)
    .transform(normalizeMobile)
    .pipe(z.string().refine((v) => v === '' || SERVICE_PHONE_PATTERN.test(v), SERVICE_PHONE_MESSAGE)),
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

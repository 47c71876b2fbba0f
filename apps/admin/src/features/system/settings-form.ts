import { normalizeMobile, type Settings } from '@consign/api-client';
import { settingsSchema, settingsUpdateBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { type FieldMessages, typedInteger } from '../../common/form';
import { SYSTEM_TEXT } from './texts';

const errorText = SYSTEM_TEXT.setting.errors;
const fields = settingsSchema.shape;

/**
 * 代发设置: the contract's settings (markup 0-500 %, purchase account at most 64 characters, an
 * empty or mainland notify mobile, an interval of 15, 30 or 60 minutes, an empty 抖店客服电话 or a
 * mobile, fixed line or 400 number), with what is typed as text:
 * the markup, the mobile (spaces dropped) and the picked interval.
 */
export const settingsForm = settingsUpdateBodySchema.extend({
  default_markup_percent: typedInteger(fields.default_markup_percent),
  purchase_price_rise_percent: typedInteger(fields.purchase_price_rise_percent),
  unpaid_alert_hours: typedInteger(fields.unpaid_alert_hours),
  monitor_stock_cap: typedInteger(fields.monitor_stock_cap),
  monitor_stock_margin: typedInteger(fields.monitor_stock_margin),
  notify_mobile: z.string().transform(normalizeMobile).pipe(fields.notify_mobile),
  sync_interval_minutes: z.string().transform(Number).pipe(fields.sync_interval_minutes),
});
export const settingsMessages: FieldMessages<z.input<typeof settingsForm>> = {
  default_markup_percent: errorText.markup,
  purchase_price_rise_percent: errorText.priceRise,
  unpaid_alert_hours: errorText.unpaidAlert,
  monitor_stock_cap: errorText.stockCap,
  monitor_stock_margin: errorText.stockMargin,
  purchase_account: errorText.purchaseAccount,
  // The contract's own message (请输入手机号) does not say the field may stay empty.
  notify_mobile: { all: errorText.notifyMobile },
  doudian_service_phone: { all: errorText.doudianServicePhone },
};

export function settingsValues(s: Settings): z.input<typeof settingsForm> {
  return {
    auto_purchase: s.auto_purchase,
    default_markup_percent: String(s.default_markup_percent),
    purchase_account: s.purchase_account,
    notify_mobile: s.notify_mobile,
    sync_interval_minutes: String(s.sync_interval_minutes),
    auto_sync_logistics: s.auto_sync_logistics,
    price_rounding: s.price_rounding,
    purchase_price_rise_percent: String(s.purchase_price_rise_percent),
    auto_pay: s.auto_pay,
    unpaid_alert_hours: String(s.unpaid_alert_hours),
    monitor_price: s.monitor_price,
    monitor_stock: s.monitor_stock,
    monitor_stock_cap: String(s.monitor_stock_cap),
    monitor_stock_margin: String(s.monitor_stock_margin),
    monitor_off_sale: s.monitor_off_sale,
    doudian_service_phone: s.doudian_service_phone,
    version: s.version,
  };
}

import { isValidMobile, normalizeMobile, type Settings, SYNC_INTERVALS } from '@consign/api-client';
import { SYSTEM_COPY } from './copy';

/** The 代发设置 form as typed. */
export interface SettingsFormValues {
  auto_purchase: boolean;
  default_markup_percent: string;
  purchase_account: string;
  notify_mobile: string;
  sync_interval_minutes: string;
  auto_sync_logistics: boolean;
}

export type SettingsFormErrors = Partial<Record<keyof SettingsFormValues, string>>;

const e = SYSTEM_COPY.setting.errors;

export function settingsToForm(s: Settings): SettingsFormValues {
  return {
    auto_purchase: s.auto_purchase,
    default_markup_percent: String(s.default_markup_percent),
    purchase_account: s.purchase_account,
    notify_mobile: s.notify_mobile,
    sync_interval_minutes: String(s.sync_interval_minutes),
    auto_sync_logistics: s.auto_sync_logistics,
  };
}

export function validateSettings(v: SettingsFormValues): SettingsFormErrors {
  const errors: SettingsFormErrors = {};
  const markup = v.default_markup_percent.trim();
  if (!/^\d{1,3}$/.test(markup) || Number(markup) > 500) errors.default_markup_percent = e.markup;
  if ([...v.purchase_account.trim()].length > 64) errors.purchase_account = e.purchaseAccount;
  const mobile = normalizeMobile(v.notify_mobile);
  if (mobile !== '' && !isValidMobile(mobile)) errors.notify_mobile = e.notifyMobile;
  return errors;
}

/** The saved fields of a valid form (the caller adds the `version` it was read at). */
export function formToSettings(v: SettingsFormValues): Omit<Settings, 'version'> {
  const interval = Number(v.sync_interval_minutes);
  return {
    auto_purchase: v.auto_purchase,
    default_markup_percent: Number(v.default_markup_percent.trim()),
    purchase_account: v.purchase_account.trim(),
    notify_mobile: normalizeMobile(v.notify_mobile),
    sync_interval_minutes: (SYNC_INTERVALS as readonly number[]).includes(interval)
      ? (interval as Settings['sync_interval_minutes'])
      : 30,
    auto_sync_logistics: v.auto_sync_logistics,
  };
}

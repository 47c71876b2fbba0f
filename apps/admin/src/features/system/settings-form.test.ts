import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { settingsForm, settingsMessages, settingsValues } from './settings-form';
import { SYSTEM_TEXT } from './texts';

const errorText = SYSTEM_TEXT.setting.errors;
const settings = {
  auto_purchase: false,
  default_markup_percent: 20,
  purchase_account: '',
  notify_mobile: '',
  sync_interval_minutes: 30,
  auto_sync_logistics: true,
  price_rounding: 'none',
  purchase_price_rise_percent: 10,
  auto_pay: true,
  unpaid_alert_hours: 2,
  monitor_price: 'follow',
  monitor_stock: true,
  monitor_stock_cap: 999,
  monitor_stock_margin: 0,
  monitor_off_sale: 'delist',
  doudian_service_phone: '',
  version: 4,
} as const;

describe('the 代发设置 form', () => {
  it('refuses a markup outside 0-500 or not whole, a wrong mobile, a purchase account over 64', async () => {
    const { errors } = await submitForm(settingsForm, settingsMessages, {
      ...settingsValues(settings),
      default_markup_percent: '501',
      purchase_price_rise_percent: '101',
      unpaid_alert_hours: '0',
      notify_mobile: '12345',
      purchase_account: 'x'.repeat(65),
      doudian_service_phone: '0571-123',
    });
    expect(errors).toEqual({
      doudian_service_phone: errorText.doudianServicePhone,
      default_markup_percent: errorText.markup,
      purchase_price_rise_percent: errorText.priceRise,
      unpaid_alert_hours: errorText.unpaidAlert,
      notify_mobile: errorText.notifyMobile,
      purchase_account: errorText.purchaseAccount,
    });
    for (const markup of ['', '1.5', '-1', 'abc'])
      expect(
        (
          await submitForm(settingsForm, settingsMessages, {
            ...settingsValues(settings),
            default_markup_percent: markup,
          })
        ).errors,
      ).toEqual({ default_markup_percent: errorText.markup });
  });

  it('sends numbers, the mobiles and 抖店客服电话 without spaces and the version read', async () => {
    const { errors, body } = await submitForm(settingsForm, settingsMessages, {
      ...settingsValues(settings),
      default_markup_percent: ' 25 ',
      purchase_price_rise_percent: '15',
      unpaid_alert_hours: '6',
      notify_mobile: '139 0000 1234',
      sync_interval_minutes: '60',
      doudian_service_phone: ' 0571-8888 6666 ',
    });
    expect(errors).toEqual({});
    expect(body).toEqual({
      ...settings,
      default_markup_percent: 25,
      purchase_price_rise_percent: 15,
      unpaid_alert_hours: 6,
      notify_mobile: '13900001234',
      sync_interval_minutes: 60,
      doudian_service_phone: '0571-88886666',
    });
  });
});

import {
  MONITOR_OFF_SALE_LABELS,
  MONITOR_OFF_SALE_RULES,
  MONITOR_PRICE_LABELS,
  MONITOR_PRICE_RULES,
  PRICE_ROUNDING_LABELS,
  PRICE_ROUNDINGS,
  type Settings,
  SYNC_INTERVALS,
} from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, Input, Spinner, Switch, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { maxLengthOf, SelectField, useContractForm } from '../../common/form';
import { usePageTitle } from '../../common/page-title';
import { SenderAddressNotice } from '../../common/sender-address-notice';
import { useCan } from '../../common/use-can';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FeesCard } from '../balance/fees-card';
import { FeeRatesCard } from '../profit/fee-rates-card';
import { SupplierAccountCard } from '../supplier/supplier-account-card';
import { settingsForm, settingsMessages, settingsValues } from './settings-form';
import { SYSTEM_TEXT } from './texts';

const settingText = SYSTEM_TEXT.setting;

/** 代发设置: the settings of `setting.index` as a form, saved with `setting.update`. */
export function DropshipSettingsPage() {
  const title = usePageTitle();
  const query = useQuery(apiQuery(useApi(), '/api/setting/index'));
  const titleId = useId();
  // 平台扣点 and 代发服务费 are money: finance:view reads them (finance:manage changes 平台扣点).
  const canMoney = useCan('finance:view');
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div>
        <h1 id={titleId} className="text-lg font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{settingText.intro}</p>
      </div>
      <SenderAddressNotice />
      {/* A new version (saved here, or loaded after a stale save) starts the form over from it. */}
      {query.data ? <SettingsForm key={query.data.version} settings={query.data} /> : <Spinner />}
      {canMoney ? <FeeRatesCard /> : null}
      {/* balance: 代发服务费, read only */}
      {canMoney ? <FeesCard /> : null}
      <SupplierAccountCard />
    </section>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(settingsForm, {
    defaultValues: settingsValues(settings),
    messages: settingsMessages,
  });
  const { errors, isDirty: dirty } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/setting/update'),
    onSuccess: (saved) => {
      toast.success(settingText.saved);
      queryClient.setQueryData(apiKey('/api/setting/index', {}), saved);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/setting/index') }),
  });
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-4"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <Field
        label={settingText.autoPurchase}
        orientation="horizontal"
        description={settingText.autoPurchaseHint}
      >
        <Controller
          control={form.control}
          name="auto_purchase"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </Field>
      <Field
        label={settingText.markup}
        required
        error={errors.default_markup_percent?.message}
        description={settingText.markupHint}
      >
        <Input inputMode="numeric" wrapperClassName="w-40" {...form.register('default_markup_percent')} />
      </Field>
      <Field label={settingText.priceRounding} description={settingText.priceRoundingHint}>
        <SelectField
          control={form.control}
          name="price_rounding"
          options={PRICE_ROUNDINGS.map((rounding) => ({
            value: rounding,
            label: PRICE_ROUNDING_LABELS[rounding],
          }))}
          className="w-40"
        />
      </Field>
      <Field
        label={settingText.priceRise}
        required
        error={errors.purchase_price_rise_percent?.message}
        description={settingText.priceRiseHint}
      >
        <Input
          inputMode="numeric"
          wrapperClassName="w-40"
          {...form.register('purchase_price_rise_percent')}
        />
      </Field>
      <Field label={settingText.autoPay} orientation="horizontal" description={settingText.autoPayHint}>
        <Controller
          control={form.control}
          name="auto_pay"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </Field>
      <Field
        label={settingText.unpaidAlert}
        required
        error={errors.unpaid_alert_hours?.message}
        description={settingText.unpaidAlertHint}
      >
        <Input inputMode="numeric" wrapperClassName="w-40" {...form.register('unpaid_alert_hours')} />
      </Field>
      <fieldset className="flex flex-col gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{settingText.monitor}</legend>
        <p className="text-sm text-muted-foreground">{settingText.monitorHint}</p>
        <Field label={settingText.monitorPrice}>
          <SelectField
            control={form.control}
            name="monitor_price"
            options={MONITOR_PRICE_RULES.map((rule) => ({ value: rule, label: MONITOR_PRICE_LABELS[rule] }))}
            className="w-48"
          />
        </Field>
        <Field
          label={settingText.monitorStock}
          orientation="horizontal"
          description={settingText.monitorStockHint}
        >
          <Controller
            control={form.control}
            name="monitor_stock"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
          />
        </Field>
        <Field label={settingText.monitorStockCap} required error={errors.monitor_stock_cap?.message}>
          <Input inputMode="numeric" wrapperClassName="w-40" {...form.register('monitor_stock_cap')} />
        </Field>
        <Field label={settingText.monitorStockMargin} required error={errors.monitor_stock_margin?.message}>
          <Input inputMode="numeric" wrapperClassName="w-40" {...form.register('monitor_stock_margin')} />
        </Field>
        <Field label={settingText.monitorOffSale}>
          <SelectField
            control={form.control}
            name="monitor_off_sale"
            options={MONITOR_OFF_SALE_RULES.map((rule) => ({
              value: rule,
              label: MONITOR_OFF_SALE_LABELS[rule],
            }))}
            className="w-48"
          />
        </Field>
      </fieldset>
      <Field label={settingText.purchaseAccount} error={errors.purchase_account?.message}>
        <Input
          maxLength={maxLengthOf(settingsForm.shape.purchase_account)}
          placeholder={settingText.purchaseAccountPlaceholder}
          {...form.register('purchase_account')}
        />
      </Field>
      <Field
        label={settingText.notifyMobile}
        error={errors.notify_mobile?.message}
        description={settingText.notifyMobileHint}
      >
        <Input
          inputMode="tel"
          maxLength={maxLengthOf(settingsForm.shape.notify_mobile)}
          wrapperClassName="w-60"
          {...form.register('notify_mobile')}
        />
      </Field>
      <Field
        label={settingText.doudianServicePhone}
        error={errors.doudian_service_phone?.message}
        description={settingText.doudianServicePhoneHint}
      >
        <Input
          inputMode="tel"
          maxLength={maxLengthOf(settingsForm.shape.doudian_service_phone)}
          wrapperClassName="w-60"
          {...form.register('doudian_service_phone')}
        />
      </Field>
      <Field label={settingText.syncInterval} description={settingText.syncIntervalHint}>
        <SelectField
          control={form.control}
          name="sync_interval_minutes"
          options={SYNC_INTERVALS.map((n) => ({ value: String(n), label: settingText.minutes(n) }))}
          className="w-40"
        />
      </Field>
      <Field label={settingText.autoSyncLogistics} orientation="horizontal">
        <Controller
          control={form.control}
          name="auto_sync_logistics"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!dirty || save.isPending}>
          {save.isPending ? settingText.saving : settingText.save}
        </Button>
        <Button type="button" disabled={!dirty} onClick={() => form.reset()}>
          {settingText.reset}
        </Button>
      </div>
    </form>
  );
}

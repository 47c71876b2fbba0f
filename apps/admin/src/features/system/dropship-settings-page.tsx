import { type Settings, SYNC_INTERVALS } from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import {
  Button,
  Field,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  Switch,
  toast,
} from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TITLES } from '../../copy';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { useFormState } from '../../lib/use-form-state';
import { SupplierAccountCard } from '../supplier/supplier-account-card';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { SYSTEM_COPY } from './copy';
import { formToSettings, type SettingsFormValues, settingsToForm, validateSettings } from './settings-form';

const t = SYSTEM_COPY.setting;

/** 代发设置: the settings of `setting.index` as a form, saved with `setting.update`. */
export function DropshipSettingsPage() {
  const query = useQuery(apiQuery(useApi(), '/api/setting/index'));
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div>
        <h1 id={titleId} className="text-lg font-semibold">
          {TITLES.systemSetting}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{t.intro}</p>
      </div>
      {/* A new version (saved here, or loaded after a stale save) starts the form over from it. */}
      {query.data ? <SettingsForm key={query.data.version} settings={query.data} /> : <Spinner />}
      <SupplierAccountCard />
    </section>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [initial] = useState(() => settingsToForm(settings));
  const { values, errors, set, submit, reset } = useFormState<SettingsFormValues>(initial, validateSettings);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const save = useMutation({
    ...callMutation(api, '/api/setting/update'),
    onSuccess: (saved) => {
      toast.success(t.saved);
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
      onSubmit={submit((next) => save.mutate({ ...formToSettings(next), version: settings.version }))}
    >
      <Field label={t.autoPurchase} orientation="horizontal">
        <Switch checked={values.auto_purchase} onCheckedChange={(v) => set('auto_purchase', v)} />
      </Field>
      <Field label={t.markup} required error={errors.default_markup_percent} description={t.markupHint}>
        <Input
          inputMode="numeric"
          value={values.default_markup_percent}
          onChange={(e) => set('default_markup_percent', e.target.value)}
          wrapperClassName="w-40"
        />
      </Field>
      <Field label={t.purchaseAccount} error={errors.purchase_account}>
        <Input
          value={values.purchase_account}
          maxLength={100}
          placeholder={t.purchaseAccountPlaceholder}
          onChange={(e) => set('purchase_account', e.target.value)}
        />
      </Field>
      <Field label={t.notifyMobile} error={errors.notify_mobile} description={t.notifyMobileHint}>
        <Input
          inputMode="tel"
          value={values.notify_mobile}
          maxLength={20}
          onChange={(e) => set('notify_mobile', e.target.value)}
          wrapperClassName="w-60"
        />
      </Field>
      <Field label={t.syncInterval}>
        <Select value={values.sync_interval_minutes} onValueChange={(v) => set('sync_interval_minutes', v)}>
          <SelectTrigger className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SYNC_INTERVALS.map((n) => (
              <SelectItem key={n} value={String(n)}>
                {t.minutes(n)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={t.autoSyncLogistics} orientation="horizontal">
        <Switch checked={values.auto_sync_logistics} onCheckedChange={(v) => set('auto_sync_logistics', v)} />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!dirty || save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
        <Button type="button" disabled={!dirty} onClick={() => reset(initial)}>
          {t.reset}
        </Button>
      </div>
    </form>
  );
}

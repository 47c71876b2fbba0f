import type { Platform, PlatformAuth } from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, formatDateTime, Input, Switch, toast } from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { RowActions, SettingsCard } from '../../common/crud-parts';
import { maxLengthOf, useContractForm } from '../../common/form';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { FormDialog } from '../../common/list/form-dialog';
import { useEditDeleteDialogs } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import {
  authFields,
  authForm,
  authMessages,
  authValues,
  platformForm,
  platformMessages,
  platformValues,
} from './platform-form';
import { SYSTEM_TEXT } from './texts';

const platformsText = SYSTEM_TEXT.platforms;
const authsText = SYSTEM_TEXT.auths;
/** 抖店's platform code (the contract's `PLATFORMS`): its apps carry the 服务ID it authorises shops by. */
const DOUDIAN_CODE = 'douyin';
const AUTH_TONES = { active: 'success', expired: 'danger', revoked: 'neutral' } as const;

/** The cache key of one platform's authorisations (the key `apiQuery` gives that read). */
const platformAuthsKey = (platformId: number) =>
  apiKey('/api/company/platform-auth-list', {}, { platform_id: platformId });

/** 平台管理: the platforms (CRUD) and, for the selected one, its shop authorisations (CRUD). */
export function PlatformsSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const list = useQuery(apiQuery(api, '/api/company/platform-list'));
  const platforms = list.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = platforms.find((p) => p.id === selectedId) ?? null;
  const dialogs = useEditDeleteDialogs<Platform>();
  const { openEdit, openDelete } = dialogs;

  const columns = useMemo<DataTableProps<Platform>['columns']>(
    () => [
      { header: platformsText.name, accessorKey: 'name' },
      { header: platformsText.code, cell: ({ row }) => <code className="text-xs">{row.original.code}</code> },
      {
        header: platformsText.enabled,
        cell: ({ row }) => (
          <StatusBadge
            label={row.original.enabled ? platformsText.on : platformsText.off}
            tone={row.original.enabled ? 'success' : 'neutral'}
          />
        ),
      },
      {
        id: 'actions',
        header: platformsText.actions,
        cell: ({ row }) => (
          <RowActions
            editText={platformsText.edit}
            deleteText={platformsText.delete}
            editLabel={platformsText.editLabel(row.original.name)}
            deleteLabel={platformsText.deleteLabel(row.original.name)}
            onEdit={() => openEdit(row.original)}
            onDelete={() => openDelete(row.original)}
          >
            <Button
              variant="link"
              aria-label={platformsText.authsLabel(row.original.name)}
              aria-pressed={row.original.id === selectedId}
              onClick={() => setSelectedId(row.original.id)}
            >
              {platformsText.auths}
            </Button>
          </RowActions>
        ),
      },
    ],
    [selectedId, openEdit, openDelete],
  );

  return (
    <SettingsCard
      titleId={titleId}
      title={platformsText.title}
      intro={platformsText.intro}
      action={
        <Button variant="primary" onClick={dialogs.openCreate}>
          {platformsText.create}
        </Button>
      }
    >
      <DataTable
        columns={columns}
        data={platforms}
        loading={list.isPending}
        label={platformsText.title}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => setSelectedId(row.id)}
      />
      {selected ? (
        <AuthsPanel platform={selected} />
      ) : (
        <p className="text-sm text-muted-foreground">{authsText.pick}</p>
      )}
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={platforms}
        edit={(platform, dialog) => <PlatformDialog platform={platform} {...dialog} />}
        confirm={{
          title: platformsText.deleteTitle,
          description: (p) => platformsText.deleteDescription(p.name),
          confirmText: platformsText.delete,
        }}
        onDelete={(p) => api.call('/api/company/platform-del', {}, { query: { id: p.id } })}
        deleted={(p) => platformsText.deleted(p.name)}
        afterDelete={(p) => {
          if (p.id === selectedId) setSelectedId(null);
          queryClient.removeQueries({ queryKey: platformAuthsKey(p.id) });
        }}
        invalidates="/api/company/platform-del"
      />
    </SettingsCard>
  );
}

/** 平台: create or edit. Keyed by its opening and the platform's version: each is a new form. */
function PlatformDialog({
  platform,
  open,
  onOpenChange,
}: {
  platform: Platform | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(platformForm, {
    defaultValues: platformValues(platform),
    messages: platformMessages,
  });
  const { errors } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/company/platform-save'),
    onSuccess: (saved) => {
      toast.success(platformsText.saved(saved.name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/company/platform-list') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={platform ? platformsText.editTitle : platformsText.createTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
    >
      <Field label={platformsText.name} error={errors.name?.message} required>
        <Input maxLength={maxLengthOf(platformForm.shape.name)} {...form.register('name')} />
      </Field>
      <Field
        label={platformsText.code}
        error={errors.code?.message}
        description={platformsText.codeHint}
        required
      >
        <Input maxLength={32} autoComplete="off" spellCheck={false} {...form.register('code')} />
      </Field>
      <Field label={platformsText.enabled}>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}

/** The authorisations of one platform. */
function AuthsPanel({ platform }: { platform: Platform }) {
  const api = useApi();
  const titleId = useId();
  const list = useQuery(
    apiQuery(api, '/api/company/platform-auth-list', {}, { query: { platform_id: platform.id } }),
  );
  const dialogs = useEditDeleteDialogs<PlatformAuth>();
  const { openEdit, openDelete } = dialogs;

  const columns = useMemo<DataTableProps<PlatformAuth>['columns']>(
    () => [
      { header: authsText.shopName, accessorKey: 'shop_name' },
      {
        header: authsText.appKey,
        cell: ({ row }) => <code className="text-xs">{row.original.app_key}</code>,
      },
      {
        header: authsText.appSecret,
        cell: ({ row }) => (
          <span className="text-xs">
            {row.original.has_secret ? authsText.secretSet : authsText.secretMissing}
          </span>
        ),
      },
      ...(platform.code === DOUDIAN_CODE
        ? [
            {
              header: authsText.serviceId,
              cell: ({ row }: { row: { original: PlatformAuth } }) =>
                row.original.service_id ? (
                  <code className="text-xs">{row.original.service_id}</code>
                ) : (
                  <span className="text-xs text-destructive">{authsText.serviceIdMissing}</span>
                ),
            },
          ]
        : []),
      {
        header: authsText.expires,
        cell: ({ row }) => (
          <span className="text-xs">
            {row.original.expires_at ? formatDateTime(row.original.expires_at) : authsText.forever}
          </span>
        ),
      },
      {
        header: authsText.status,
        cell: ({ row }) => (
          <StatusBadge label={authsText[row.original.status]} tone={AUTH_TONES[row.original.status]} />
        ),
      },
      {
        id: 'actions',
        header: authsText.actions,
        cell: ({ row }) => (
          <RowActions
            editText={authsText.edit}
            deleteText={authsText.delete}
            editLabel={authsText.editLabel(row.original.shop_name)}
            deleteLabel={authsText.deleteLabel(row.original.shop_name)}
            onEdit={() => openEdit(row.original)}
            onDelete={() => openDelete(row.original)}
          />
        ),
      },
    ],
    [openEdit, openDelete, platform.code],
  );

  return (
    <section
      aria-labelledby={titleId}
      data-slot="platform-auths"
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {authsText.title(platform.name)}
        </h3>
        <Button onClick={dialogs.openCreate}>{authsText.create}</Button>
      </div>
      <DataTable
        columns={columns}
        data={list.data ?? []}
        loading={list.isPending}
        label={authsText.title(platform.name)}
        getRowId={(row) => String(row.id)}
      />
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={list.data}
        edit={(auth, dialog) => (
          <AuthDialog
            platformId={platform.id}
            withServiceId={platform.code === DOUDIAN_CODE}
            auth={auth}
            {...dialog}
          />
        )}
        confirm={{
          title: authsText.deleteTitle,
          description: (auth) => authsText.deleteDescription(auth.shop_name),
          confirmText: authsText.delete,
        }}
        onDelete={(auth) =>
          api.call('/api/company/platform-auth-del', {}, { query: { id: auth.id, platform_id: platform.id } })
        }
        deleted={(auth) => authsText.deleted(auth.shop_name)}
        invalidates="/api/company/platform-auth-del"
      />
    </section>
  );
}

/** 平台授权: create or edit. Keyed by its opening and the authorisation's version: each is a new form. */
function AuthDialog({
  platformId,
  withServiceId,
  auth,
  open,
  onOpenChange,
}: {
  platformId: number;
  /** 抖店's apps: the 服务ID field. */
  withServiceId: boolean;
  auth: PlatformAuth | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(authForm, {
    defaultValues: authValues(platformId, auth),
    messages: authMessages,
  });
  const { errors } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/company/platform-auth-save'),
    onSuccess: (saved) => {
      toast.success(authsText.saved(saved.shop_name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: platformAuthsKey(platformId) }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={auth ? authsText.editTitle : authsText.createTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
    >
      <Field label={authsText.shopName} error={errors.shop_name?.message} required>
        <Input maxLength={maxLengthOf(authFields.shop_name)} {...form.register('shop_name')} />
      </Field>
      <Field label={authsText.appKey} error={errors.app_key?.message} required>
        <Input
          maxLength={maxLengthOf(authFields.app_key)}
          autoComplete="off"
          spellCheck={false}
          {...form.register('app_key')}
        />
      </Field>
      <Field
        label={authsText.appSecret}
        error={errors.app_secret?.message}
        description={authsText.appSecretHint}
      >
        <Input
          type="password"
          maxLength={maxLengthOf(authFields.app_secret)}
          autoComplete="new-password"
          {...form.register('app_secret')}
        />
      </Field>
      {withServiceId && (
        <Field
          label={authsText.serviceId}
          error={errors.service_id?.message}
          description={authsText.serviceIdHint}
        >
          <Input
            inputMode="numeric"
            maxLength={maxLengthOf(authFields.service_id)}
            autoComplete="off"
            spellCheck={false}
            {...form.register('service_id')}
          />
        </Field>
      )}
      <Field label={authsText.expires} error={errors.expires_at?.message} description={authsText.expiresHint}>
        <Input type="datetime-local" step={1} {...form.register('expires_at')} />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}

import type { Banner } from '@consign/api-client';
import { apiKey, companyConfigQuery } from '@consign/api-client/query';
import { Button, Field, formatDateTime, Input, toast } from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { RowActions, SettingsCard } from '../../common/crud-parts';
import { maxLengthOf, useContractForm } from '../../common/form';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { FormDialog } from '../../common/list/form-dialog';
import { useEditDeleteDialogs } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { bannerFields, bannerForm, bannerMessages, bannerState, bannerValues } from './banner-form';
import { SYSTEM_TEXT } from './texts';

const bannersText = SYSTEM_TEXT.banners;
const STATE_TONES = { active: 'success', upcoming: 'primary', ended: 'neutral' } as const;

const windowText = (b: Banner) =>
  !b.begin_time && !b.end_time
    ? bannersText.always
    : `${b.begin_time ? formatDateTime(b.begin_time) : bannersText.none} ~ ${b.end_time ? formatDateTime(b.end_time) : bannersText.none}`;

/** 登录页横幅: the banners with their window and state now, a preview of the active ones, CRUD. */
export function BannersSection() {
  const api = useApi();
  const titleId = useId();
  const config = useQuery(companyConfigQuery(api));
  const banners = config.data?.ad_list ?? [];
  // The state column and the preview follow the clock.
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 5_000);
    return () => window.clearInterval(timer);
  }, []);
  const active = banners.filter((b) => bannerState(b, now) === 'active');
  const dialogs = useEditDeleteDialogs<Banner>();
  const { openEdit, openDelete } = dialogs;

  const columns = useMemo<DataTableProps<Banner>['columns']>(
    () => [
      { header: bannersText.name, accessorKey: 'name' },
      {
        header: bannersText.image,
        cell: ({ row }) => (
          <img
            src={row.original.ad_login_image_url}
            alt=""
            className="h-10 w-20 rounded-sm border border-border bg-muted object-cover"
          />
        ),
      },
      {
        header: bannersText.link,
        cell: ({ row }) => (
          <span className="block max-w-48 truncate">{row.original.ad_url || bannersText.none}</span>
        ),
      },
      {
        header: bannersText.window,
        cell: ({ row }) => <span className="text-xs">{windowText(row.original)}</span>,
      },
      {
        header: bannersText.state,
        cell: ({ row }) => {
          const state = bannerState(row.original, now);
          return <StatusBadge label={bannersText[state]} tone={STATE_TONES[state]} />;
        },
      },
      {
        id: 'actions',
        header: bannersText.actions,
        cell: ({ row }) => (
          <RowActions
            editText={bannersText.edit}
            deleteText={bannersText.delete}
            editLabel={bannersText.editLabel(row.original.name)}
            deleteLabel={bannersText.deleteLabel(row.original.name)}
            onEdit={() => openEdit(row.original)}
            onDelete={() => openDelete(row.original)}
          />
        ),
      },
    ],
    [now, openEdit, openDelete],
  );

  return (
    <SettingsCard
      titleId={titleId}
      title={bannersText.title}
      intro={bannersText.intro}
      action={
        <Button variant="primary" onClick={dialogs.openCreate}>
          {bannersText.create}
        </Button>
      }
    >
      <div data-slot="banner-preview" aria-live="polite" className="flex flex-col gap-2">
        <p className="text-sm">
          {active.length > 0 ? bannersText.activeNow(active.length) : bannersText.noneActive}
        </p>
        {active.length > 0 ? (
          <ul className="flex gap-2 overflow-x-auto">
            {active.map((b) => (
              <li key={b.id} className="shrink-0">
                <img
                  src={b.ad_login_image_url}
                  alt={b.name}
                  className="h-16 w-32 rounded-md border border-border object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <DataTable
        columns={columns}
        data={banners}
        loading={config.isPending}
        label={bannersText.title}
        getRowId={(row) => String(row.id)}
      />
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={banners}
        edit={(banner, dialog) => <BannerDialog banner={banner} {...dialog} />}
        confirm={{
          title: bannersText.deleteTitle,
          description: (b) => bannersText.deleteDescription(b.name),
          confirmText: bannersText.delete,
        }}
        onDelete={(b) => api.call('/api/company/ad-del', {}, { query: { id: b.id } })}
        deleted={(b) => bannersText.deleted(b.name)}
        invalidates="/api/company/ad-del"
      />
    </SettingsCard>
  );
}

function BannerDialog({
  banner,
  open,
  onOpenChange,
}: {
  banner: Banner | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(bannerForm, { defaultValues: bannerValues(banner), messages: bannerMessages });
  const { errors } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/company/ad-save'),
    onSuccess: (saved) => {
      toast.success(bannersText.saved(saved.name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/default/config') }),
  });
  const input = (
    key: 'name' | 'ad_login_image_url' | 'ad_url' | 'begin_time' | 'end_time',
    label: string,
    extra: { type?: string; step?: number } = {},
  ) => (
    <Field
      label={label}
      error={errors[key]?.message}
      required={key === 'name' || key === 'ad_login_image_url'}
    >
      <Input maxLength={maxLengthOf(bannerFields[key])} {...extra} {...form.register(key)} />
    </Field>
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={banner ? bannersText.editTitle : bannersText.createTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
    >
      {input('name', bannersText.name)}
      {input('ad_login_image_url', bannersText.image)}
      {input('ad_url', bannersText.link)}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('begin_time', bannersText.begin, { type: 'datetime-local', step: 1 })}
        {input('end_time', bannersText.end, { type: 'datetime-local', step: 1 })}
      </div>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}

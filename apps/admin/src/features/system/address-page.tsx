import { ADDRESS_KINDS, type Address, type AddressKind } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import {
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  Field,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { TITLES } from '../../copy';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { useEditDeleteDialogs } from '../list/use-row-dialog';
import { problemMessage } from '../order/problem-message';
import { isStaleRecord, StaleRecordAlert } from '../versions/stale-record-alert';
import { addressToForm, formToAddress, ADDRESS_COPY as t, validateAddress } from './address-form';
import { RowActions, SettingsCard, useDialogForm } from './crud-parts';

/**
 * 发货地址: the account's sender and return addresses, one table per kind, each with one default (发货
 * preselects the default sender). Create, edit (at the version read; 409 keeps the typed values),
 * make default, delete.
 */
export function AddressPage() {
  const api = useApi();
  const query = useQuery(apiQuery(api, '/api/address/index'));
  const queryClient = useQueryClient();
  const dialogs = useEditDeleteDialogs<Address>();
  const [newKind, setNewKind] = useState<AddressKind>('sender');
  const titleId = useId();
  const refresh = useCallback(() => invalidateAfter(queryClient, '/api/address/save'), [queryClient]);
  const makeDefault = useMutation({
    mutationFn: (a: Address) => api.call('/api/address/save', { ...a, is_default: true }),
    onSuccess: async (saved) => {
      toast.success(t.saved(saved.name));
      await refresh();
    },
  });
  const { openEdit, openDelete, openCreate } = dialogs;
  const columns = useMemo(
    (): DataTableProps<Address>['columns'] => [
      {
        header: t.name,
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            {row.original.name}
            {row.original.is_default ? (
              <Badge count={t.default} tone="primary" data-slot="default-badge" />
            ) : null}
          </span>
        ),
      },
      { header: t.mobile, accessorKey: 'mobile' },
      { header: t.address, cell: ({ row }) => `${row.original.region} ${row.original.address}` },
      {
        id: 'actions',
        header: t.actions,
        cell: ({ row }) => (
          <RowActions
            editText={t.edit}
            deleteText={t.delete}
            editLabel={t.editLabel(row.original.name)}
            deleteLabel={t.deleteLabel(row.original.name)}
            onEdit={() => openEdit(row.original)}
            onDelete={() => openDelete(row.original)}
          >
            {row.original.is_default ? null : (
              <Button
                variant="link"
                aria-label={t.makeDefaultLabel(row.original.name)}
                onClick={() => makeDefault.mutate(row.original)}
              >
                {t.makeDefault}
              </Button>
            )}
          </RowActions>
        ),
      },
    ],
    [openEdit, openDelete, makeDefault.mutate],
  );
  const addresses = query.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg bg-card p-4 shadow-sm">
        <h1 id={titleId} className="text-lg font-semibold">
          {TITLES.systemAddress}
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">{t.intro}</p>
      </div>
      {ADDRESS_KINDS.map((kind) => (
        <SettingsCard
          key={kind}
          titleId={`${titleId}-${kind}`}
          title={t.listTitle(kind)}
          intro={t.kindIntro[kind]}
          action={
            <Button
              variant="primary"
              onClick={() => {
                setNewKind(kind);
                openCreate();
              }}
            >
              {t.create(kind)}
            </Button>
          }
        >
          <DataTable
            columns={columns}
            data={addresses.filter((a) => a.kind === kind)}
            loading={query.isPending}
            label={t.listTitle(kind)}
            getRowId={(row) => String(row.id)}
          />
        </SettingsCard>
      ))}
      <AddressDialog
        address={dialogs.editing}
        kind={newKind}
        open={dialogs.editOpen}
        onOpenChange={dialogs.setEditOpen}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        variant="danger"
        title={t.deleteTitle}
        description={dialogs.deleting ? t.deleteDescription(dialogs.deleting.name) : undefined}
        confirmText={t.delete}
        onConfirm={async () => {
          if (!dialogs.deleting) return;
          await api.call('/api/address/del', { id: dialogs.deleting.id });
          toast.success(t.deleted(dialogs.deleting.name));
          await refresh();
        }}
      />
    </div>
  );
}

function AddressDialog({
  address,
  kind,
  open,
  onOpenChange,
  onSaved,
}: {
  address: Address | null;
  kind: AddressKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => Promise<unknown>;
}) {
  const api = useApi();
  const toForm = useCallback((a: Address | null) => addressToForm(a, kind), [kind]);
  const form = useDialogForm({ open, source: address, toForm, validate: validateAddress });
  const { values, errors, set } = form;
  const defaultId = useId();
  const [source, setSource] = useState<Address | null>(null);
  const current = source && source.id === address?.id ? source : address;
  const save = useMutation({
    mutationFn: () =>
      api.call('/api/address/save', formToAddress(current, values), { skipErrorHandler: true }),
    onSuccess: async (saved) => {
      toast.success(t.saved(saved.name));
      onOpenChange(false);
      await onSaved();
    },
  });
  const reload = useMutation({
    mutationFn: () => api.call('/api/address/index', {}),
    onSuccess: (all) => {
      const fresh = all.find((a) => a.id === address?.id) ?? null;
      setSource(fresh);
      form.reset(addressToForm(fresh, kind));
      save.reset();
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? t.editTitle : t.create(values.kind)}
      onSubmit={form.submit(() => save.mutate())}
      pending={save.isPending}
    >
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      {save.error && !isStaleRecord(save.error) ? (
        <p role="alert" className="text-error text-sm">
          {problemMessage(save.error)}
        </p>
      ) : null}
      <Field label={t.kind} required>
        <Select value={values.kind} onValueChange={(v) => set('kind', v as AddressKind)}>
          <SelectTrigger className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ADDRESS_KINDS.map((k) => (
              <SelectItem key={k} value={k}>
                {t.kinds[k]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={t.name} error={errors.name} required>
        <Input
          value={values.name}
          maxLength={32}
          autoComplete="off"
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <Field label={t.mobile} error={errors.mobile} required>
        <Input
          value={values.mobile}
          inputMode="tel"
          maxLength={20}
          autoComplete="off"
          onChange={(e) => set('mobile', e.target.value)}
        />
      </Field>
      <Field label={t.region} error={errors.region} required>
        <Input
          value={values.region}
          placeholder={t.regionPlaceholder}
          maxLength={64}
          autoComplete="off"
          onChange={(e) => set('region', e.target.value)}
        />
      </Field>
      <Field label={t.address} error={errors.address} required>
        <Input
          value={values.address}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => set('address', e.target.value)}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox
          id={defaultId}
          checked={values.is_default}
          disabled={address?.is_default === true && address.kind === values.kind}
          onCheckedChange={(checked) => set('is_default', checked === true)}
        />
        <Label htmlFor={defaultId} className="font-normal">
          {t.isDefault}
        </Label>
      </div>
    </FormDialog>
  );
}

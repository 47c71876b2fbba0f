import { ADDRESS_KINDS, type Address, type AddressKind } from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Badge, Button, Checkbox, Field, Input, Label, toast } from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { RowActions, SettingsCard } from '../../common/crud-parts';
import { FormProblem, landServerError, maxLengthOf, SelectField, useContractForm } from '../../common/form';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { FormDialog } from '../../common/list/form-dialog';
import { useEditDeleteDialogs } from '../../common/list/use-row-dialog';
import { usePageTitle } from '../../common/page-title';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation, invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { ADDRESS_TEXT, addressForm, addressMessages, addressValues } from './address-form';

/**
 * 发货地址: the account's sender and return addresses, one table per kind, each with one default (发货
 * preselects the default sender). Create, edit (at the version read; 409 keeps the typed values),
 * make default, delete.
 */
export function AddressPage() {
  const title = usePageTitle();
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
      toast.success(ADDRESS_TEXT.saved(saved.name));
      await refresh();
    },
  });
  const { openEdit, openDelete, openCreate } = dialogs;
  const columns = useMemo(
    (): DataTableProps<Address>['columns'] => [
      {
        header: ADDRESS_TEXT.name,
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            {row.original.name}
            {row.original.is_default ? (
              <Badge count={ADDRESS_TEXT.default} tone="primary" data-slot="default-badge" />
            ) : null}
          </span>
        ),
      },
      { header: ADDRESS_TEXT.mobile, accessorKey: 'mobile' },
      { header: ADDRESS_TEXT.address, cell: ({ row }) => `${row.original.region} ${row.original.address}` },
      {
        id: 'actions',
        header: ADDRESS_TEXT.actions,
        cell: ({ row }) => (
          <RowActions
            editText={ADDRESS_TEXT.edit}
            deleteText={ADDRESS_TEXT.delete}
            editLabel={ADDRESS_TEXT.editLabel(row.original.name)}
            deleteLabel={ADDRESS_TEXT.deleteLabel(row.original.name)}
            onEdit={() => openEdit(row.original)}
            onDelete={() => openDelete(row.original)}
          >
            {row.original.is_default ? null : (
              <Button
                variant="link"
                aria-label={ADDRESS_TEXT.makeDefaultLabel(row.original.name)}
                onClick={() => makeDefault.mutate(row.original)}
              >
                {ADDRESS_TEXT.makeDefault}
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
          {title}
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">{ADDRESS_TEXT.intro}</p>
      </div>
      {ADDRESS_KINDS.map((kind) => (
        <SettingsCard
          key={kind}
          titleId={`${titleId}-${kind}`}
          title={ADDRESS_TEXT.listTitle(kind)}
          intro={ADDRESS_TEXT.kindIntro[kind]}
          action={
            <Button
              variant="primary"
              onClick={() => {
                setNewKind(kind);
                openCreate();
              }}
            >
              {ADDRESS_TEXT.create(kind)}
            </Button>
          }
        >
          <DataTable
            columns={columns}
            data={addresses.filter((a) => a.kind === kind)}
            loading={query.isPending}
            label={ADDRESS_TEXT.listTitle(kind)}
            getRowId={(row) => String(row.id)}
          />
        </SettingsCard>
      ))}
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={addresses}
        edit={(address, dialog) => <AddressDialog address={address} kind={newKind} {...dialog} />}
        confirm={{
          title: ADDRESS_TEXT.deleteTitle,
          description: (a) => ADDRESS_TEXT.deleteDescription(a.name),
          confirmText: ADDRESS_TEXT.delete,
        }}
        onDelete={(a) => api.call('/api/address/del', { id: a.id })}
        deleted={(a) => ADDRESS_TEXT.deleted(a.name)}
        invalidates="/api/address/del"
      />
    </div>
  );
}

/** An address: create or edit. Keyed by its opening and the address's version: each is a new form. */
function AddressDialog({
  address,
  kind,
  open,
  onOpenChange,
}: {
  address: Address | null;
  kind: AddressKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(addressForm, {
    defaultValues: addressValues(address, kind),
    messages: addressMessages,
  });
  const { errors } = form.formState;
  const [kindNow, isDefault] = form.watch(['kind', 'is_default']);
  const defaultId = useId();
  const save = useMutation({
    ...callMutation(api, '/api/address/save', { skipErrorHandler: true }),
    onSuccess: (saved) => {
      toast.success(ADDRESS_TEXT.saved(saved.name));
      onOpenChange(false);
    },
    onError: (error) => landServerError(form, error),
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/address/index') }),
  });
  const fields = addressForm.shape;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? ADDRESS_TEXT.editTitle : ADDRESS_TEXT.create(kindNow)}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
    >
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <FormProblem errors={errors} />
      <Field label={ADDRESS_TEXT.kind} required>
        <SelectField
          control={form.control}
          name="kind"
          options={ADDRESS_KINDS.map((k) => ({ value: k, label: ADDRESS_TEXT.kinds[k] }))}
        />
      </Field>
      <Field label={ADDRESS_TEXT.name} error={errors.name?.message} required>
        <Input maxLength={maxLengthOf(fields.name)} autoComplete="off" {...form.register('name')} />
      </Field>
      <Field label={ADDRESS_TEXT.mobile} error={errors.mobile?.message} required>
        <Input
          inputMode="tel"
          maxLength={maxLengthOf(fields.mobile)}
          autoComplete="off"
          {...form.register('mobile')}
        />
      </Field>
      <Field label={ADDRESS_TEXT.region} error={errors.region?.message} required>
        <Input
          placeholder={ADDRESS_TEXT.regionPlaceholder}
          maxLength={maxLengthOf(fields.region)}
          autoComplete="off"
          {...form.register('region')}
        />
      </Field>
      <Field label={ADDRESS_TEXT.address} error={errors.address?.message} required>
        <Input maxLength={maxLengthOf(fields.address)} autoComplete="off" {...form.register('address')} />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox
          id={defaultId}
          checked={isDefault === true}
          disabled={address?.is_default === true && address.kind === kindNow}
          onCheckedChange={(checked) => form.setValue('is_default', checked === true, { shouldDirty: true })}
        />
        <Label htmlFor={defaultId} className="font-normal">
          {ADDRESS_TEXT.isDefault}
        </Label>
      </div>
    </FormDialog>
  );
}

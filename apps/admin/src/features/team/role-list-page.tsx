import {
  mayGrant,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type TeamRole,
} from '@consign/api-client';
import { apiKey, currentUserQuery } from '@consign/api-client/query';
import { Button, Checkbox, Field, formatDateTime, Input, Label, toast } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { RowActions } from '../../common/crud-parts';
import { maxLengthOf, useContractForm } from '../../common/form';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { FormDialog } from '../../common/list/form-dialog';
import { ListPage } from '../../common/list/list-page';
import { roleList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useEditDeleteDialogs } from '../../common/list/use-row-dialog';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { roleForm, roleMessages, roleValues, togglePermission } from './role-form';
import { TEAM_TEXT } from './texts';

const route = getRouteApi('/_authed/user/permission');
const roleText = TEAM_TEXT.roles;

/** What the signed-in user holds (the owner every permission): what they may hand out. */
type Holder = Parameters<typeof mayGrant>[0];

function columns(holder: Holder, edit: (role: TeamRole) => void, remove: (role: TeamRole) => void) {
  return [
    { header: roleText.name, accessorKey: 'name' },
    {
      header: roleText.permissions,
      cell: ({ row }) => (
        <span title={row.original.permissions.map((p) => PERMISSION_LABELS[p]).join('、') || roleText.none}>
          {roleText.permissionCount(row.original.permissions.length, PERMISSIONS.length)}
        </span>
      ),
    },
    { header: roleText.memberCount, accessorKey: 'member_count', meta: { align: 'right' } },
    { header: TEAM_TEXT.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
    {
      id: 'actions',
      header: TEAM_TEXT.actions,
      // A role holding a permission the user lacks is not theirs to change (the API refuses it too).
      cell: ({ row }) =>
        !mayGrant(holder, row.original.permissions) ? (
          <span className="text-muted-foreground" title={roleText.beyondOwn}>
            —
          </span>
        ) : (
          <RowActions
            editText={TEAM_TEXT.edit}
            deleteText={TEAM_TEXT.delete}
            editLabel={roleText.editLabel(row.original.name)}
            deleteLabel={roleText.deleteLabel(row.original.name)}
            onEdit={() => edit(row.original)}
            onDelete={() => remove(row.original)}
          />
        ),
    },
  ] satisfies DataTableProps<TeamRole>['columns'];
}

/** 权限管理: the account's roles, each a named set of permissions; create, edit, delete (not one in use). */
export function RoleListPage() {
  const list = useList(route, roleList);
  const api = useApi();
  const dialogs = useEditDeleteDialogs<TeamRole>();
  const { openEdit, openDelete } = dialogs;
  const holder = useQuery(currentUserQuery(api)).data;
  const tableColumns = useMemo(() => columns(holder, openEdit, openDelete), [holder, openEdit, openDelete]);
  return (
    <ListPage
      list={list}
      columns={tableColumns}
      keywordPlaceholder={roleText.keyword}
      actions={
        <Button variant="primary" onClick={dialogs.openCreate}>
          {roleText.create}
        </Button>
      }
    >
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={list.query.data?.list}
        edit={(role, dialog) => <RoleDialog role={role} {...dialog} />}
        confirm={{
          title: roleText.deleteTitle,
          description: (role) => roleText.deleteDescription(role.name),
          confirmText: TEAM_TEXT.delete,
        }}
        // A role in use is refused with the server's message (a toast); the dialog stays open.
        onDelete={(role) => api.call('/api/team/role-del', { id: role.id })}
        deleted={(role) => roleText.deleted(role.name)}
        invalidates="/api/team/role-del"
      />
    </ListPage>
  );
}

/**
 * Creates (`role` null) or edits a role: its name and a checkbox per permission, grouped as the menu.
 * A stale edit (409) keeps what was typed and offers 重新加载.
 */
function RoleDialog({
  role,
  open,
  onOpenChange,
}: {
  role: TeamRole | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(roleForm, { defaultValues: roleValues(role), messages: roleMessages });
  const { errors } = form.formState;
  const { field: permissions } = useController({ control: form.control, name: 'permissions' });
  const errorId = useId();
  const holder = useQuery(currentUserQuery(api)).data;
  const save = useMutation({
    ...callMutation(api, '/api/team/role-save'),
    onSuccess: (saved) => {
      toast.success(roleText.saved(saved.name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/team/role-index') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={role ? roleText.editTitle : roleText.createTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={roleText.name} error={errors.name?.message} required>
        <Input
          placeholder={roleText.namePlaceholder}
          maxLength={maxLengthOf(roleForm.shape.name)}
          autoComplete="off"
          {...form.register('name')}
        />
      </Field>
      <div
        data-slot="permission-groups"
        className="flex flex-col gap-3"
        aria-describedby={errors.permissions ? errorId : undefined}
      >
        {PERMISSION_GROUPS.map((group) => (
          <fieldset key={group.title} className="rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">{group.title}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {group.permissions.map((permission) => {
                const id = `permission-${permission.replace(':', '-')}`;
                return (
                  <div key={permission} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      // Only what the user holds can be handed out (the owner holds every permission).
                      disabled={!mayGrant(holder, [permission])}
                      checked={permissions.value.includes(permission)}
                      onCheckedChange={(checked) =>
                        permissions.onChange(
                          togglePermission(permissions.value, permission, checked === true, PERMISSIONS),
                        )
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {PERMISSION_LABELS[permission]}
                    </Label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        {errors.permissions ? (
          <p id={errorId} role="alert" className="text-sm text-error">
            {errors.permissions.message}
          </p>
        ) : null}
      </div>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}

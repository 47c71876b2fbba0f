import { type Member, mayGrant, mayReachShops, type TeamRole, USER_STATUSES } from '@consign/api-client';
import { apiKey, currentUserQuery, listQuery } from '@consign/api-client/query';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  Field,
  formatDateTime,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useController } from 'react-hook-form';
import { maxLengthOf, useContractForm } from '../../common/form';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { FormDialog } from '../../common/list/form-dialog';
import { ListPage } from '../../common/list/list-page';
import { memberList } from '../../common/list/lists';
import { useAllShopOptions } from '../../common/list/shop-options';
import { useList } from '../../common/list/use-list';
import { useEditDeleteDialogs, useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { isStaleRecord, StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation, invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { memberFields, memberForm, memberMessages, memberValues } from './member-form';
import { TEAM_TEXT } from './texts';

const route = getRouteApi('/_authed/user/account');
const memberText = TEAM_TEXT.members;
const STATUS_TONES = { active: 'success', disabled: 'neutral' } as const;

interface RowHandlers {
  /** The signed-in user's id: nobody changes, disables or removes themselves (the API refuses it too). */
  selfId: number | undefined;
  /**
   * Why the signed-in user may not change this member, or null when they may: the member's role holds
   * a permission they lack, or the member reaches a shop beyond theirs (the owner passes both; the
   * API refuses the same: team-rules.ts).
   */
  refusal: (member: Member) => string | null;
  edit: (member: Member) => void;
  toggle: (member: Member) => void;
  remove: (member: Member) => void;
}

function columns({ selfId, refusal, edit, toggle, remove }: RowHandlers) {
  return [
    { header: memberText.mobile, accessorKey: 'mobile' },
    { header: memberText.nickname, cell: ({ row }) => row.original.nickname || '—' },
    {
      header: memberText.role,
      cell: ({ row }) =>
        row.original.account_role === 'owner' ? (
          <span title={memberText.ownerHint}>{memberText.owner}</span>
        ) : (
          row.original.role_name
        ),
    },
    {
      header: memberText.shops,
      cell: ({ row }) => {
        const { shop_ids: shopIds, shop_names: names } = row.original;
        if (shopIds === null) return memberText.allShops;
        const text = names.join('、') || memberText.noShops;
        return (
          <span className="line-clamp-2 max-w-60" title={text}>
            {text}
          </span>
        );
      },
    },
    {
      header: TEAM_TEXT.statusTab,
      cell: ({ row }) => (
        <StatusBadge label={TEAM_TEXT.status[row.original.status]} tone={STATUS_TONES[row.original.status]} />
      ),
    },
    { header: TEAM_TEXT.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
    {
      id: 'actions',
      header: TEAM_TEXT.actions,
      cell: ({ row }) => {
        const member = row.original;
        // The owner holds every permission and cannot be changed, disabled or removed.
        if (member.account_role === 'owner') return <span className="text-muted-foreground">—</span>;
        const refused = member.id === selfId ? memberText.self : refusal(member);
        if (refused) {
          return (
            <span className="text-muted-foreground" title={refused}>
              —
            </span>
          );
        }
        const disabled = member.status === 'disabled';
        return (
          <div className="flex gap-3">
            <Button
              variant="link"
              aria-label={memberText.editLabel(member.mobile)}
              onClick={() => edit(member)}
            >
              {TEAM_TEXT.edit}
            </Button>
            <Button
              variant="link"
              aria-label={
                disabled ? memberText.enableLabel(member.mobile) : memberText.disableLabel(member.mobile)
              }
              onClick={() => toggle(member)}
            >
              {disabled ? TEAM_TEXT.enable : TEAM_TEXT.disable}
            </Button>
            <Button
              variant="link"
              className="text-error"
              aria-label={memberText.deleteLabel(member.mobile)}
              onClick={() => remove(member)}
            >
              {TEAM_TEXT.delete}
            </Button>
          </div>
        );
      },
    },
  ] satisfies DataTableProps<Member>['columns'];
}

/**
 * 子账号: the account's users. The owner (or a member with team:manage) adds members by mobile with a
 * role, changes their name and role, disables or enables them (disabling signs them out at once), and
 * removes them. The owner's row has no actions; a member managing the team has none on their own row
 * or on a member whose role holds a permission they lack, and gives only roles within their own.
 */
export function MemberListPage() {
  const list = useList(route, memberList);
  const api = useApi();
  const queryClient = useQueryClient();
  const dialogs = useEditDeleteDialogs<Member>();
  const { openEdit, openDelete } = dialogs;
  const disabling = useRowDialog<Member | null>(null);
  /** The row as the list holds it now (after a reload, the current one). */
  const current = (member: Member | null) =>
    member ? (list.query.data?.list.find((row) => row.id === member.id) ?? member) : null;
  const refresh = () => invalidateAfter(queryClient, '/api/team/member-status');
  const enable = useMutation({
    mutationKey: ['/api/team/member-status'],
    mutationFn: (member: Member) =>
      api.call('/api/team/member-status', { id: member.id, status: 'active', version: member.version }),
    onSuccess: async (member) => {
      toast.success(memberText.enabled(member.mobile));
      await refresh();
    },
    // Someone changed the member since the list was read: the toast says so, the row shows them now.
    onError: async (error) => {
      if (isStaleRecord(error)) await refresh();
    },
  });
  const { show: showDisable } = disabling;
  const { mutate: enableMember } = enable;
  const user = useQuery(currentUserQuery(api)).data;
  const selfId = user?.id;
  const roles = useRoleOptions(true);
  const refusal = useCallback(
    (member: Member) => {
      const role = roles.find((r) => r.id === member.role_id);
      if (role === undefined || !mayGrant(user, role.permissions)) return memberText.beyondOwn;
      if (!mayReachShops(user?.shop_ids, member.shop_ids)) return memberText.shopsBeyondOwn;
      return null;
    },
    [roles, user],
  );
  const tableColumns = useMemo(
    () =>
      columns({
        selfId,
        refusal,
        edit: openEdit,
        remove: openDelete,
        toggle: (member) => (member.status === 'disabled' ? enableMember(member) : showDisable(member)),
      }),
    [selfId, refusal, openEdit, openDelete, enableMember, showDisable],
  );
  return (
    <ListPage
      list={list}
      columns={tableColumns}
      keywordPlaceholder={memberText.keyword}
      tabs={{
        filter: 'status',
        options: USER_STATUSES,
        labels: TEAM_TEXT.status,
        label: TEAM_TEXT.statusTab,
      }}
      actions={
        <Button variant="primary" onClick={dialogs.openCreate}>
          {memberText.create}
        </Button>
      }
    >
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={list.query.data?.list}
        edit={(member, dialog) => <MemberDialog member={member} {...dialog} />}
        confirm={{
          title: memberText.deleteTitle,
          description: (member) => memberText.deleteDescription(member.mobile),
          confirmText: TEAM_TEXT.delete,
        }}
        onDelete={(member) => api.call('/api/team/member-del', { id: member.id })}
        deleted={(member) => memberText.deleted(member.mobile)}
        invalidates="/api/team/member-del"
      />
      <DisableMemberDialog
        // Each opening starts without the refusal of the last one.
        key={disabling.opened}
        member={current(disabling.row)}
        open={disabling.open}
        onOpenChange={disabling.setOpen}
        onDone={refresh}
      />
    </ListPage>
  );
}

/**
 * Asks before disabling a member (they are signed out at once). A stale member (409) keeps the dialog
 * open with the message and 重新加载.
 */
function DisableMemberDialog({
  member,
  open,
  onOpenChange,
  onDone,
}: {
  member: Member | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes the lists after the member is disabled or reloaded. */
  onDone: () => Promise<unknown>;
}) {
  const api = useApi();
  const disable = useMutation({
    mutationKey: ['/api/team/member-status'],
    mutationFn: (row: Member) =>
      api.call('/api/team/member-status', { id: row.id, status: 'disabled', version: row.version }),
    onSuccess: async (saved) => {
      toast.success(memberText.disabled(saved.mobile));
      await onDone();
    },
  });
  const reload = useMutation({ mutationFn: onDone, onSuccess: () => disable.reset() });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      variant="danger"
      title={memberText.disableTitle}
      description={member ? memberText.disableDescription(member.mobile) : undefined}
      confirmText={TEAM_TEXT.disable}
      onConfirm={() => (member ? disable.mutateAsync(member) : undefined)}
    >
      <StaleRecordAlert error={disable.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </ConfirmDialog>
  );
}

const NO_ROLES: TeamRole[] = [];

/** The roles to pick from (the account has few; the first 100). */
function useRoleOptions(enabled: boolean) {
  const api = useApi();
  return (
    useQuery({ ...listQuery(api, '/api/team/role-index', { pageIndex: 1, pageSize: 100 }), enabled }).data
      ?.list ?? NO_ROLES
  );
}

/**
 * Adds a member (`member` null: mobile, name, role) or changes one's name and role. A stale edit (409)
 * keeps what was typed and offers 重新加载.
 */
function MemberDialog({
  member,
  open,
  onOpenChange,
}: {
  member: Member | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const isNew = member === null;
  const form = useContractForm(memberForm, { defaultValues: memberValues(member), messages: memberMessages });
  const { errors } = form.formState;
  const roles = useRoleOptions(open);
  const shops = useAllShopOptions(open);
  const [shopKeyword, setShopKeyword] = useState('');
  const shown = shopKeyword.trim() ? shops.filter((shop) => shop.name.includes(shopKeyword.trim())) : shops;
  const { field: shopIds } = useController({ control: form.control, name: 'shop_ids' });
  const user = useQuery(currentUserQuery(api)).data;
  // A member limited to some shops gives only shops of theirs, never every shop (team-rules.ts).
  const limited = !!user?.shop_ids;
  const save = useMutation({
    ...callMutation(api, '/api/team/member-save'),
    onSuccess: (saved) => {
      toast.success(isNew ? memberText.added(saved.mobile) : memberText.saved(saved.mobile));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/team/member-index') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? memberText.createTitle : memberText.editTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={memberText.mobile} error={errors.mobile?.message} required={isNew}>
        <Input
          placeholder={memberText.mobilePlaceholder}
          inputMode="tel"
          maxLength={maxLengthOf(memberFields.mobile)}
          autoComplete="off"
          disabled={!isNew}
          {...form.register('mobile')}
        />
      </Field>
      <Field label={memberText.nickname} error={errors.nickname?.message}>
        <Input
          placeholder={memberText.nicknamePlaceholder}
          maxLength={maxLengthOf(memberFields.nickname)}
          autoComplete="off"
          {...form.register('nickname')}
        />
      </Field>
      <Field
        label={memberText.role}
        error={errors.role_id?.message}
        description={roles.length === 0 ? memberText.noRoles : undefined}
        required
      >
        <Controller
          control={form.control}
          name="role_id"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger className="w-full">
                <SelectValue placeholder={memberText.rolePlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {roles.map((role) => (
                  // Only a role whose permissions the user holds can be given (the owner may give any).
                  <SelectItem
                    key={role.id}
                    value={String(role.id)}
                    disabled={!mayGrant(user, role.permissions)}
                  >
                    {role.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <fieldset className="rounded-md border border-border p-3" aria-describedby="member-shops-hint">
        <legend className="px-1 text-sm font-medium">{memberText.shops}</legend>
        <p id="member-shops-hint" className="mb-2 text-sm text-muted-foreground">
          {limited ? memberText.shopsLimitedHint : memberText.shopsHint}
        </p>
        <Input
          className="mb-2"
          placeholder={memberText.shopSearch}
          aria-label={memberText.shopSearchLabel}
          value={shopKeyword}
          onChange={(event) => setShopKeyword(event.target.value)}
          // Enter filters; it does not submit the member form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <div className="grid max-h-48 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
          <div className="flex items-center gap-2">
            <Checkbox
              id="member-shop-all"
              disabled={limited}
              checked={!limited && shopIds.value.length === 0}
              onCheckedChange={(checked) => {
                if (checked === true) shopIds.onChange([]);
              }}
            />
            <Label htmlFor="member-shop-all" className="font-normal">
              {memberText.allShops}
            </Label>
          </div>
          {shown.length === 0 && shops.length > 0 ? (
            <p className="text-sm text-muted-foreground">{memberText.noShopMatch}</p>
          ) : null}
          {shown.map((shop) => (
            <div key={shop.id} className="flex items-center gap-2">
              <Checkbox
                id={`member-shop-${shop.id}`}
                checked={shopIds.value.includes(shop.id)}
                onCheckedChange={(checked) =>
                  shopIds.onChange(
                    checked === true
                      ? [...shopIds.value, shop.id].sort((a, b) => a - b)
                      : shopIds.value.filter((id) => id !== shop.id),
                  )
                }
              />
              <Label htmlFor={`member-shop-${shop.id}`} className="font-normal">
                {shop.name}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}

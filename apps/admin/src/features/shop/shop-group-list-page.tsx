import type { ShopGroup } from '@consign/api-client';
import { Button, ConfirmDialog, toast } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { TITLES } from '../../texts';
import { ListPage } from '../list/list-page';
import { shopGroupList } from '../list/lists';
import { useList } from '../list/use-list';
import { formKey, useEditDeleteDialogs } from '../list/use-row-dialog';
import { GroupNameDialog } from './group-name-dialog';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/setting/group');
const columnText = SHOP_TEXT.columns;
const groupsText = SHOP_TEXT.groups;

function columns(
  rename: (group: ShopGroup) => void,
  remove: (group: ShopGroup) => void,
): DataTableProps<ShopGroup>['columns'] {
  return [
    { header: columnText.groupName, accessorKey: 'name' },
    {
      header: columnText.shopCount,
      cell: ({ row }) => (
        <Link
          to="/shop/setting"
          search={{ group_id: String(row.original.id) }}
          aria-label={groupsText.viewShopsLabel(row.original.name)}
          className="text-link underline-offset-4 hover:underline"
        >
          {groupsText.viewShops(row.original.shop_count)}
        </Link>
      ),
    },
    {
      header: columnText.actions,
      cell: ({ row }) => (
        <div className="flex gap-3">
          <Button
            variant="link"
            aria-label={groupsText.renameLabel(row.original.name)}
            onClick={() => rename(row.original)}
          >
            {groupsText.rename}
          </Button>
          <Button
            variant="link"
            className="text-error"
            aria-label={groupsText.deleteLabel(row.original.name)}
            onClick={() => remove(row.original)}
          >
            {groupsText.delete}
          </Button>
        </div>
      ),
    },
  ];
}

/** 店铺分组: create, rename and delete groups (asking first); each links to its shops. */
export function ShopGroupListPage() {
  const list = useList(route, shopGroupList);
  const api = useApi();
  const queryClient = useQueryClient();
  const {
    editing,
    editOpen,
    editOpened,
    setEditOpen,
    deleting,
    deleteOpen,
    setDeleteOpen,
    openCreate,
    openEdit,
    openDelete,
  } = useEditDeleteDialogs<ShopGroup>();
  const editingNow = editing ? (list.query.data?.list.find((row) => row.id === editing.id) ?? editing) : null;
  const tableColumns = useMemo(() => columns(openEdit, openDelete), [openEdit, openDelete]);
  return (
    <ListPage
      title={TITLES.shopSettingGroup}
      list={list}
      columns={tableColumns}
      keywordPlaceholder={SHOP_TEXT.groupKeyword}
      actions={
        <Button variant="primary" onClick={openCreate}>
          {groupsText.create}
        </Button>
      }
    >
      <GroupNameDialog
        // The row as the list holds it now: after 重新加载 the dialog starts over from the current one.
        key={formKey(editOpened, editingNow)}
        group={editingNow}
        open={editOpen}
        onOpenChange={setEditOpen}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        variant="danger"
        title={groupsText.deleteTitle}
        description={deleting ? groupsText.deleteDescription(deleting.name, deleting.shop_count) : undefined}
        confirmText={groupsText.delete}
        onConfirm={async () => {
          if (!deleting) return;
          await api.call('/api/shop/group-del', { id: deleting.id });
          toast.success(groupsText.deleted(deleting.name));
          await invalidateAfter(queryClient, '/api/shop/group-del');
        }}
      />
    </ListPage>
  );
}

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
const c = SHOP_TEXT.columns;
const g = SHOP_TEXT.groups;

function columns(
  rename: (group: ShopGroup) => void,
  remove: (group: ShopGroup) => void,
): DataTableProps<ShopGroup>['columns'] {
  return [
    { header: c.groupName, accessorKey: 'name' },
    {
      header: c.shopCount,
      cell: ({ row }) => (
        <Link
          to="/shop/setting"
          search={{ group_id: String(row.original.id) }}
          aria-label={g.viewShopsLabel(row.original.name)}
          className="text-link underline-offset-4 hover:underline"
        >
          {g.viewShops(row.original.shop_count)}
        </Link>
      ),
    },
    {
      header: c.actions,
      cell: ({ row }) => (
        <div className="flex gap-3">
          <Button
            variant="link"
            aria-label={g.renameLabel(row.original.name)}
            onClick={() => rename(row.original)}
          >
            {g.rename}
          </Button>
          <Button
            variant="link"
            className="text-error"
            aria-label={g.deleteLabel(row.original.name)}
            onClick={() => remove(row.original)}
          >
            {g.delete}
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
          {g.create}
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
        title={g.deleteTitle}
        description={deleting ? g.deleteDescription(deleting.name, deleting.shop_count) : undefined}
        confirmText={g.delete}
        onConfirm={async () => {
          if (!deleting) return;
          await api.call('/api/shop/group-del', { id: deleting.id });
          toast.success(g.deleted(deleting.name));
          await invalidateAfter(queryClient, '/api/shop/group-del');
        }}
      />
    </ListPage>
  );
}

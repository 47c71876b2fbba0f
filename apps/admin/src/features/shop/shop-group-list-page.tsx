import type { ShopGroup } from '@consign/api-client';
import { Button } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { RowActions } from '../../common/crud-parts';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { ListPage } from '../../common/list/list-page';
import { shopGroupList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useEditDeleteDialogs } from '../../common/list/use-row-dialog';
import { useApi } from '../../lib/use-api';
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
        <RowActions
          editText={groupsText.rename}
          deleteText={groupsText.delete}
          editLabel={groupsText.renameLabel(row.original.name)}
          deleteLabel={groupsText.deleteLabel(row.original.name)}
          onEdit={() => rename(row.original)}
          onDelete={() => remove(row.original)}
        />
      ),
    },
  ];
}

/** 店铺分组: create, rename and delete groups (asking first); each links to its shops. */
export function ShopGroupListPage() {
  const list = useList(route, shopGroupList);
  const api = useApi();
  const dialogs = useEditDeleteDialogs<ShopGroup>();
  const { openCreate, openEdit, openDelete } = dialogs;
  const tableColumns = useMemo(() => columns(openEdit, openDelete), [openEdit, openDelete]);
  return (
    <ListPage
      list={list}
      columns={tableColumns}
      keywordPlaceholder={SHOP_TEXT.groupKeyword}
      actions={
        <Button variant="primary" onClick={openCreate}>
          {groupsText.create}
        </Button>
      }
    >
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={list.query.data?.list}
        edit={(group, dialog) => <GroupNameDialog group={group} {...dialog} />}
        confirm={{
          title: groupsText.deleteTitle,
          description: (group) => groupsText.deleteDescription(group.name, group.shop_count),
          confirmText: groupsText.delete,
        }}
        onDelete={(group) => api.call('/api/shop/group-del', { id: group.id })}
        deleted={(group) => groupsText.deleted(group.name)}
        invalidates="/api/shop/group-del"
      />
    </ListPage>
  );
}

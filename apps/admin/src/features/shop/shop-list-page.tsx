import type { Shop } from '@consign/api-client';
import { shopListQuery } from '@consign/api-client/query';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { PLATFORM_LABELS } from '../order/copy';
import { SHOP_COPY } from './copy';
import { shopListParams } from './list-params';

const route = getRouteApi('/_authed/shop/setting/');
const c = SHOP_COPY.columns;

const columns: DataTableProps<Shop>['columns'] = [
  { header: c.name, accessorKey: 'name' },
  { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
  { header: c.group, cell: ({ row }) => row.original.group_name || SHOP_COPY.noGroup },
  { header: c.auth, cell: ({ row }) => SHOP_COPY.auth[row.original.auth_status] },
  { header: c.goodsCount, accessorKey: 'goods_count', meta: { align: 'right' } },
];

/** 店铺设置 (first version: the list with its keyword filter; the full page grows here). */
export function ShopListPage() {
  const state = useListState(route);
  const query = useQuery(shopListQuery(useApi(), shopListParams(state.search)));
  return (
    <ListPage
      title={TITLES.shopSetting}
      state={state}
      data={query.data}
      loading={query.isFetching}
      error={query.isError}
      columns={columns}
      keywordPlaceholder={SHOP_COPY.shopKeyword}
      getRowId={(row) => String(row.id)}
      actions={
        <Link to="/shop/setting/group" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_COPY.manageGroups}
        </Link>
      }
    />
  );
}

import type { ShopGroup } from '@consign/api-client';
import { shopGroupListQuery } from '@consign/api-client/query';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { SHOP_COPY } from './copy';
import { shopGroupListParams } from './list-params';

const route = getRouteApi('/_authed/shop/setting/group');
const c = SHOP_COPY.columns;

const columns: DataTableProps<ShopGroup>['columns'] = [
  { header: c.groupName, accessorKey: 'name' },
  { header: c.shopCount, accessorKey: 'shop_count', meta: { align: 'right' } },
];

/** 店铺分组 (first version: the list with its keyword filter; the full page grows here). */
export function ShopGroupListPage() {
  const state = useListState(route);
  const query = useQuery(shopGroupListQuery(useApi(), shopGroupListParams(state.search)));
  return (
    <ListPage
      title={TITLES.shopSettingGroup}
      state={state}
      data={query.data}
      loading={query.isFetching}
      error={query.isError}
      columns={columns}
      keywordPlaceholder={SHOP_COPY.groupKeyword}
      getRowId={(row) => String(row.id)}
    />
  );
}

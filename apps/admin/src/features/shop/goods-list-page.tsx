import type { Goods } from '@consign/api-client';
import { goodsListQuery } from '@consign/api-client/query';
import { formatDateTime, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { SHOP_COPY } from './copy';
import { goodsListParams } from './list-params';

const route = getRouteApi('/_authed/shop/goods/');
const c = SHOP_COPY.columns;

const columns: DataTableProps<Goods>['columns'] = [
  { header: c.title, accessorKey: 'title' },
  { header: c.shop, accessorKey: 'shop_name' },
  { header: c.price, cell: ({ row }) => formatMoney(row.original.price), meta: { align: 'right' } },
  { header: c.stock, accessorKey: 'stock', meta: { align: 'right' } },
  { header: c.status, cell: ({ row }) => SHOP_COPY.goodsStatus[row.original.status] },
  { header: c.updatedAt, cell: ({ row }) => formatDateTime(row.original.updated_at) },
  {
    id: 'actions',
    header: c.actions,
    cell: ({ row }) => (
      <Link
        to="/shop/goods/detail"
        search={{ id: row.original.id }}
        className="text-link underline-offset-4 hover:underline"
      >
        {SHOP_COPY.edit}
      </Link>
    ),
  },
];

/** 商品管理 (first version: the list with its keyword filter; the full page grows here). */
export function GoodsListPage() {
  const state = useListState(route);
  const query = useQuery(goodsListQuery(useApi(), goodsListParams(state.search)));
  return (
    <ListPage
      title={TITLES.shopGoods}
      state={state}
      data={query.data}
      loading={query.isFetching}
      error={query.isError}
      columns={columns}
      keywordPlaceholder={SHOP_COPY.goodsKeyword}
      getRowId={(row) => String(row.id)}
    />
  );
}

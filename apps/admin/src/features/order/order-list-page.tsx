import type { Order } from '@consign/api-client';
import { orderListQuery } from '@consign/api-client/query';
import { formatDateTime, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { orderListParams } from './list-params';

const route = getRouteApi('/_authed/order/index');
const c = ORDER_COPY.columns;

const columns: DataTableProps<Order>['columns'] = [
  { header: c.orderNo, accessorKey: 'order_no' },
  { header: c.shop, accessorKey: 'shop_name' },
  { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
  { header: c.buyer, accessorKey: 'buyer_name' },
  { header: c.goods, cell: ({ row }) => row.original.goods.map((g) => g.title).join('，') },
  { header: c.amount, cell: ({ row }) => formatMoney(row.original.amount), meta: { align: 'right' } },
  { header: c.status, cell: ({ row }) => ORDER_COPY.status[row.original.status] },
  { header: c.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
];

/** 代发订单 (a first version: the list with its keyword filter; the full page grows here). */
export function OrderListPage() {
  const state = useListState(route);
  const query = useQuery(orderListQuery(useApi(), orderListParams(state.search)));
  return (
    <ListPage
      title={TITLES.orderIndex}
      state={state}
      data={query.data}
      loading={query.isFetching}
      error={query.isError}
      columns={columns}
      keywordPlaceholder={ORDER_COPY.keywordPlaceholder}
      getRowId={(row) => String(row.id)}
    />
  );
}

import type { AfterSaleOrder } from '@consign/api-client';
import { afterSaleListQuery } from '@consign/api-client/query';
import { formatDateTime, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { afterSaleListParams } from './list-params';

const route = getRouteApi('/_authed/order/after-sale');
const c = ORDER_COPY.columns;

const columns: DataTableProps<AfterSaleOrder>['columns'] = [
  { header: c.orderNo, accessorKey: 'order_no' },
  { header: c.shop, accessorKey: 'shop_name' },
  { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
  { header: c.type, cell: ({ row }) => ORDER_COPY.afterSaleType[row.original.type] },
  { header: c.reason, accessorKey: 'reason' },
  { header: c.refund, cell: ({ row }) => formatMoney(row.original.refund_amount), meta: { align: 'right' } },
  { header: c.status, cell: ({ row }) => ORDER_COPY.afterSaleStatus[row.original.status] },
  { header: c.appliedAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
];

/** 售后订单 (first version). */
export function AfterSaleListPage() {
  const state = useListState(route);
  const query = useQuery(afterSaleListQuery(useApi(), afterSaleListParams(state.search)));
  return (
    <ListPage
      title={TITLES.orderAfterSale}
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

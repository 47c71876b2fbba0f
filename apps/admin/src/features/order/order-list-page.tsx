import { ORDER_STATUSES, type Order, type OrderStatus, PLATFORMS } from '@consign/api-client';
import { orderListQuery } from '@consign/api-client/query';
import { Button, formatDateTime, formatMoney, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { DetailDialog } from '../list/detail-dialog';
import { FilterBar } from '../list/filter-bar';
import { ListPage } from '../list/list-page';
import { oneOf } from '../list/search-params';
import { StatusTabs } from '../list/status-tabs';
import { listQueryProps, useListQuery } from '../list/use-list-query';
import { useRowDialog } from '../list/use-row-dialog';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { GoodsCell } from './goods-cell';
import { orderListParams } from './list-params';
import { OrderGoodsList } from './order-goods-list';
import { StatusBadge } from './status-badge';

const route = getRouteApi('/_authed/order/index');
const c = ORDER_COPY.columns;

export const ORDER_STATUS_TONES = {
  pending: 'danger',
  purchased: 'primary',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'neutral',
} as const satisfies Record<OrderStatus, string>;

function columns(open: (order: Order) => void): DataTableProps<Order>['columns'] {
  return [
    {
      header: c.orderNo,
      cell: ({ row }) => (
        <Button
          variant="link"
          aria-label={ORDER_COPY.viewLabel(row.original.order_no)}
          onClick={() => open(row.original)}
          className="font-mono"
        >
          {row.original.order_no}
        </Button>
      ),
    },
    { header: c.shop, accessorKey: 'shop_name' },
    { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
    { header: c.goods, cell: ({ row }) => <GoodsCell goods={row.original.goods} /> },
    {
      header: c.amount,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amount)}</span>,
      meta: { align: 'right' },
    },
    {
      header: c.status,
      cell: ({ row }) => (
        <StatusBadge
          label={ORDER_COPY.status[row.original.status]}
          tone={ORDER_STATUS_TONES[row.original.status]}
        />
      ),
    },
    { header: c.createdAt, cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} /> },
  ];
}

/** 代发订单: status tabs, keyword/shop/date filters, the table, pagination and a detail dialog. */
export function OrderListPage() {
  const state = useListState(route);
  const api = useApi();
  const query = useListQuery(state.search, (search) => orderListQuery(api, orderListParams(search)));
  const { row: detail, open, setOpen, show } = useRowDialog<Order | null>(null);
  const tableColumns = useMemo(() => columns(show), [show]);
  const { filters } = state;
  return (
    <ListPage
      title={TITLES.orderIndex}
      state={state}
      {...listQueryProps(query)}
      columns={tableColumns}
      getRowId={(row) => String(row.id)}
      onRowClick={show}
      filters={
        <FilterBar
          value={filters}
          keywordPlaceholder={ORDER_COPY.keywordPlaceholder}
          shop
          dateRange
          selects={[
            {
              key: 'platform',
              label: ORDER_COPY.platform,
              allLabel: ORDER_COPY.allPlatforms,
              options: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
            },
          ]}
          onSearch={(next) => state.setFilters(next)}
          onReset={state.resetFilters}
        />
      }
      tabs={
        <StatusTabs
          options={ORDER_STATUSES}
          labels={ORDER_COPY.status}
          value={oneOf(filters.status, ORDER_STATUSES)}
          onChange={(status) => state.setFilters({ status: status ?? '' })}
        />
      }
    >
      {detail ? (
        <DetailDialog
          open={open}
          onOpenChange={setOpen}
          title={ORDER_COPY.detailTitle}
          description={ORDER_COPY.detailDescription(detail.order_no)}
          closeText={ORDER_COPY.close}
          items={[
            [
              c.orderNo,
              <span key="no" className="font-mono">
                {detail.order_no}
              </span>,
            ],
            [c.shop, detail.shop_name],
            [c.platform, PLATFORM_LABELS[detail.platform]],
            [c.status, ORDER_COPY.status[detail.status]],
            [c.amount, formatMoney(detail.amount)],
            [c.buyer, detail.buyer_name],
            [
              ORDER_COPY.receiver,
              `${detail.receiver.name} ${detail.receiver.mobile} ${detail.receiver.address}`,
            ],
            [c.createdAt, formatDateTime(detail.created_at)],
          ]}
        >
          <OrderGoodsList goods={detail.goods} />
        </DetailDialog>
      ) : null}
    </ListPage>
  );
}

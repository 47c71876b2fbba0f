import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  type AfterSaleOrder,
  type AfterSaleStatus,
} from '@consign/api-client';
import { afterSaleListQuery } from '@consign/api-client/query';
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
import { afterSaleListParams } from './list-params';
import { OrderGoodsList } from './order-goods-list';
import { StatusBadge } from './status-badge';

const route = getRouteApi('/_authed/order/after-sale');
const c = ORDER_COPY.columns;

const AFTER_SALE_TONES = {
  pending: 'danger',
  processing: 'primary',
  finished: 'success',
  rejected: 'neutral',
} as const satisfies Record<AfterSaleStatus, string>;

function columns(open: (row: AfterSaleOrder) => void): DataTableProps<AfterSaleOrder>['columns'] {
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
    { header: c.type, cell: ({ row }) => ORDER_COPY.afterSaleType[row.original.type] },
    {
      header: c.refund,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.refund_amount)}</span>,
      meta: { align: 'right' },
    },
    {
      header: c.status,
      cell: ({ row }) => (
        <StatusBadge
          label={ORDER_COPY.afterSaleStatus[row.original.status]}
          tone={AFTER_SALE_TONES[row.original.status]}
        />
      ),
    },
    { header: c.appliedAt, cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} /> },
  ];
}

/** 售后订单: the same composition as 代发订单 over the after-sale requests. */
export function AfterSaleListPage() {
  const state = useListState(route);
  const api = useApi();
  const query = useListQuery(state.search, (search) => afterSaleListQuery(api, afterSaleListParams(search)));
  const { row: detail, open, setOpen, show } = useRowDialog<AfterSaleOrder | null>(null);
  const tableColumns = useMemo(() => columns(show), [show]);
  const { filters } = state;
  return (
    <ListPage
      title={TITLES.orderAfterSale}
      state={state}
      {...listQueryProps(query)}
      columns={tableColumns}
      getRowId={(row) => String(row.id)}
      onRowClick={show}
      filters={
        <FilterBar
          value={filters}
          keywordPlaceholder={ORDER_COPY.afterSaleKeywordPlaceholder}
          shop
          dateRange
          selects={[
            {
              key: 'type',
              label: ORDER_COPY.afterSaleTypeLabel,
              allLabel: ORDER_COPY.allTypes,
              options: AFTER_SALE_TYPES.map((t) => ({ value: t, label: ORDER_COPY.afterSaleType[t] })),
            },
          ]}
          onSearch={(next) => state.setFilters(next)}
          onReset={state.resetFilters}
        />
      }
      tabs={
        <StatusTabs
          options={AFTER_SALE_STATUSES}
          labels={ORDER_COPY.afterSaleStatus}
          value={oneOf(filters.status, AFTER_SALE_STATUSES)}
          onChange={(status) => state.setFilters({ status: status ?? '' })}
        />
      }
    >
      {detail ? (
        <DetailDialog
          open={open}
          onOpenChange={setOpen}
          title={ORDER_COPY.afterSaleDetailTitle}
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
            [c.type, ORDER_COPY.afterSaleType[detail.type]],
            [c.status, ORDER_COPY.afterSaleStatus[detail.status]],
            [c.refund, formatMoney(detail.refund_amount)],
            [c.reason, detail.reason],
            [c.appliedAt, formatDateTime(detail.created_at)],
          ]}
        >
          <OrderGoodsList goods={detail.goods} />
        </DetailDialog>
      ) : null}
    </ListPage>
  );
}

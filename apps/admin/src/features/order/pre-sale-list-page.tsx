import { ORDER_STATUSES, type Order, PLATFORMS } from '@consign/api-client';
import { formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { preSaleList } from '../list/lists';
import { useList } from '../list/use-list';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrderListView, type OrderListViewProps } from './order-list-view';

const route = getRouteApi('/_authed/order/pre-sale');
const c = ORDER_COPY.columns;

const statuses = {
  options: ORDER_STATUSES,
  labels: ORDER_COPY.status,
  tones: {
    pending: 'danger',
    purchased: 'primary',
    shipped: 'primary',
    completed: 'success',
    cancelled: 'neutral',
  },
} satisfies OrderListViewProps<Order>['statuses'];

const platformSelect = {
  key: 'platform',
  label: ORDER_COPY.platform,
  allLabel: ORDER_COPY.allPlatforms,
  options: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
};

function ShipBy({ at }: { at: number | null | undefined }) {
  if (!at) return <span className="text-muted-foreground">{ORDER_COPY.noShipBy}</span>;
  return <span className="tabular-nums">{formatDateTime(at)}</span>;
}

const columns: DataTableProps<Order>['columns'] = [
  { header: c.buyer, cell: ({ row }) => row.original.buyer_name },
  { header: ORDER_COPY.shipBy, cell: ({ row }) => <ShipBy at={row.original.ship_by} /> },
];

const detailItems: OrderListViewProps<Order>['detailItems'] = (order) => [
  [c.status, ORDER_COPY.status[order.status]],
  [ORDER_COPY.shipBy, <ShipBy key="ship-by" at={order.ship_by} />],
];

const renderDetail: OrderListViewProps<Order>['renderDetail'] = (order, open, onOpenChange) => (
  <OrderDetailDialog order={order} open={open} onOpenChange={onOpenChange} />
);

/** 预售订单: the pre-sale orders the shop sync brought in, with the time by which each must ship. */
export function PreSaleListPage() {
  return (
    <OrderListView
      title={TITLES.orderPreSale}
      list={useList(route, preSaleList)}
      keywordPlaceholder={ORDER_COPY.preSaleKeywordPlaceholder}
      select={platformSelect}
      statuses={statuses}
      columns={columns}
      timeHeader={c.createdAt}
      detailTitle={ORDER_COPY.detailTitle}
      detailItems={detailItems}
      renderDetail={renderDetail}
    />
  );
}

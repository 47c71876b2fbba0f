import { ORDER_STATUSES, type Order, PLATFORMS } from '@consign/api-client';
import { Button, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { ExportMenu } from '../download/export-menu';
import { orderList } from '../list/lists';
import { useList } from '../list/use-list';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { OrderBatchBar, useOrderSelection } from './order-batch';
import { OrderDetailDialog } from './order-detail-dialog';
import { ManualOrderButton, OrderFileImportButton } from './order-entry';
import { OrderImportButton } from './order-import';
import { OrderListView, type OrderListViewProps } from './order-list-view';
import { StatusBadge } from './status-badge';
import { useCan } from './use-can';
import { WritebackBadge } from './writeback-status';

const route = getRouteApi('/_authed/order/index');
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

/** 黑名单: only the orders of blacklisted buyers (`blacklisted=1` in the address). */
const blacklistSelect = {
  key: 'blacklisted',
  label: ORDER_COPY.blacklist,
  allLabel: ORDER_COPY.allBuyers,
  options: [{ value: '1', label: ORDER_COPY.blacklistOnly }],
};

const columns: DataTableProps<Order>['columns'] = [
  {
    header: c.buyer,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        {row.original.buyer_name}
        {row.original.blacklisted ? <StatusBadge label={ORDER_COPY.blacklisted} tone="danger" /> : null}
      </span>
    ),
  },
  {
    header: c.amount,
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amount)}</span>,
    meta: { align: 'right' },
  },
  // 发货回传 of a platform order (empty for the others).
  { header: '物流回传', cell: ({ row }) => <WritebackBadge writeback={row.original.writeback} /> },
];

const detailItems: OrderListViewProps<Order>['detailItems'] = (order) => [
  [c.status, ORDER_COPY.status[order.status]],
  [c.amount, formatMoney(order.amount)],
  [c.buyer, order.buyer_name],
  [ORDER_COPY.receiver, `${order.receiver.name} ${order.receiver.mobile} ${order.receiver.address}`],
];

const renderDetail: OrderListViewProps<Order>['renderDetail'] = (order, open, onOpenChange) => (
  <OrderDetailDialog order={order} open={open} onOpenChange={onOpenChange} />
);

/**
 * 代发订单: the order list with the platform picker, the amount and the buyer and receiver (or one buyer's
 * orders, from 买家管理's 查看订单: `buyer_id`, said above the list with the way back to all); the detail
 * dialog with the order's steps and timeline; with order:process, row selection, the batches, 手工建单, 导入订单 and 导入快递单号; 导出.
 */
export function OrderListPage() {
  const list = useList(route, orderList);
  const canProcess = useCan('order:process');
  const rows = list.query.data?.list ?? [];
  const select = useOrderSelection(rows);
  return (
    <OrderListView
      title={TITLES.orderIndex}
      list={list}
      keywordPlaceholder={ORDER_COPY.keywordPlaceholder}
      select={platformSelect}
      extraSelects={[blacklistSelect]}
      statuses={statuses}
      columns={columns}
      timeHeader={c.createdAt}
      detailTitle={ORDER_COPY.detailTitle}
      detailItems={detailItems}
      renderDetail={renderDetail}
      leadingColumns={canProcess ? select.columns : undefined}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {list.filter.buyer_id ? (
            <span data-slot="one-buyer" className="flex items-center gap-2 text-sm">
              {rows[0]
                ? ORDER_COPY.oneBuyer(rows[0].buyer_name, rows[0].receiver.mobile)
                : ORDER_COPY.oneBuyerPending}
              <Button variant="link" onClick={() => list.setFilters({ buyer_id: '' })}>
                {ORDER_COPY.allOrders}
              </Button>
            </span>
          ) : null}
          <ExportMenu filter={list.filter} />
          {canProcess ? <ManualOrderButton /> : null}
          {canProcess ? <OrderFileImportButton /> : null}
          {canProcess ? <OrderImportButton /> : null}
          {canProcess ? (
            <OrderBatchBar
              rows={rows}
              total={list.query.data?.total ?? 0}
              filter={list.filter}
              selection={select.selection}
              onSelectAllMatching={() => select.setSelection({ kind: 'filter' })}
              onClear={select.clear}
            />
          ) : null}
        </div>
      }
    />
  );
}

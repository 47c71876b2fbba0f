import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES, type AfterSaleOrder } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { afterSaleList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useApi } from '../../lib/use-api';
import { AfterSaleDetailDialog } from './after-sale-detail-dialog';
import { OrderListView, type OrderListViewProps, platformOrderNoColumn } from './order-list-view';
import { ORDER_TEXT } from './texts';

const route = getRouteApi('/_authed/order/after-sale');
const columnText = ORDER_TEXT.columns;

const statuses = {
  options: AFTER_SALE_STATUSES,
  labels: ORDER_TEXT.afterSaleStatus,
  tones: { pending: 'danger', processing: 'primary', finished: 'success', rejected: 'neutral' },
} satisfies OrderListViewProps<AfterSaleOrder>['statuses'];

const typeSelect = {
  key: 'type',
  label: ORDER_TEXT.afterSaleTypeLabel,
  allLabel: ORDER_TEXT.allTypes,
  options: AFTER_SALE_TYPES.map((t) => ({ value: t, label: ORDER_TEXT.afterSaleType[t] })),
};

const columns: DataTableProps<AfterSaleOrder>['columns'] = [
  { header: columnText.type, cell: ({ row }) => ORDER_TEXT.afterSaleType[row.original.type] },
  {
    header: columnText.refund,
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.refund_amount)}</span>,
    meta: { align: 'right' },
  },
];

/** The card on a phone: the type and the refund beside the shop. */
const card = {
  fields: [
    { label: columnText.type, value: (request: AfterSaleOrder) => ORDER_TEXT.afterSaleType[request.type] },
    {
      label: columnText.refund,
      value: (request: AfterSaleOrder) => (
        <span className="tabular-nums">{formatMoney(request.refund_amount)}</span>
      ),
    },
  ],
} satisfies OrderListViewProps<AfterSaleOrder>['card'];

/** 平台订单号 first, as on 代发订单. */
const leadingColumns = [platformOrderNoColumn<AfterSaleOrder>()];

const renderDetail: OrderListViewProps<AfterSaleOrder>['renderDetail'] = (request, open, onOpenChange) => (
  <AfterSaleDetailDialog request={request} open={open} onOpenChange={onOpenChange} />
);

/**
 * 售后订单: the order list over the after-sale requests, with the type picker, the type and the refund,
 * and a count on each status tab.
 */
export function AfterSaleListPage() {
  const list = useList(route, afterSaleList);
  // The tabs' counts: the list's own filter without its status (the tab), as 代发订单's.
  const { status: _tab, ...countFilter } = list.filter;
  const counts = useQuery({
    ...apiQuery(useApi(), '/api/order/after-sale-status-counts', countFilter),
    placeholderData: keepPreviousData,
  });
  return (
    <OrderListView
      list={list}
      counts={counts.data?.counts}
      keywordPlaceholder={ORDER_TEXT.afterSaleKeywordPlaceholder}
      select={typeSelect}
      statuses={statuses}
      columns={columns}
      timeHeader={columnText.appliedAt}
      renderDetail={renderDetail}
      card={card}
      leadingColumns={leadingColumns}
    />
  );
}

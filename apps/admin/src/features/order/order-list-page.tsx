import { AUTHORISABLE_PLATFORMS, ORDER_STATUSES, type Order } from '@consign/api-client';
import { ORDER_COLUMNS, type OrderColumnList, orderListColumns } from '@consign/api-client/contract';
import { apiQuery } from '@consign/api-client/query';
import { Button, Checkbox, formatDateTime, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useId, useMemo, useState } from 'react';
import type * as v from 'valibot';
import { ExportMenu } from '../../common/export-menu';
import { MALFORMED } from '../../common/list/define-list';
import { DetailDialog } from '../../common/list/detail-dialog';
import { orderList, PROFIT_FILTERS, preSaleList } from '../../common/list/lists';
import { type ListRoute, useList } from '../../common/list/use-list';
import { StatusBadge } from '../../common/status-badge';
import { useCan } from '../../common/use-can';
import { useApi } from '../../lib/use-api';
import { OrderBatchBar, useOrderSelection } from './order-batch';
import { type FormStep, OrderDetailDialog } from './order-detail-dialog';
import { ManualOrderButton, OrderFileImportButton } from './order-entry';
import { exceptionReasonColumn, OrderExceptionViews } from './order-exceptions';
import { OrderImportButton } from './order-import';
import { OrderListView, type OrderListViewProps, platformOrderNoColumn } from './order-list-view';
import { OrderRowActions } from './order-row-actions';
import { ORDER_PROFIT_TEXT, ORDER_TEXT, PLATFORM_LABELS } from './texts';
import { WritebackBadge } from './writeback-status';

const columnText = ORDER_TEXT.columns;

const statuses = {
  options: ORDER_STATUSES,
  labels: ORDER_TEXT.status,
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
  label: ORDER_TEXT.platform,
  allLabel: ORDER_TEXT.allPlatforms,
  // Only the platforms a shop can be authorised on: no shop of another one can exist.
  options: AUTHORISABLE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
};

/** 黑名单: only the orders of blacklisted buyers (`blacklisted=1` in the address). */
const blacklistSelect = {
  key: 'blacklisted',
  label: ORDER_TEXT.blacklist,
  allLabel: ORDER_TEXT.allBuyers,
  options: [{ value: '1', label: ORDER_TEXT.blacklistOnly }],
};

const platformNoColumn = platformOrderNoColumn<Order>();

/** 售后中 (cannot be bought) and 需拦截 (bought, the buyer asked for a refund) beside the status. */
function statusMarks(order: Order) {
  if (!order.after_sale && !order.intercept) return null;
  return (
    <>
      {order.intercept ? <StatusBadge label={ORDER_TEXT.intercept} tone="danger" /> : null}
      {order.after_sale ? <StatusBadge label={ORDER_TEXT.afterSale} tone="primary" /> : null}
    </>
  );
}

const buyerWithBadge: DataTableProps<Order>['columns'][number] = {
  id: 'buyer',
  cell: ({ row }) => (
    <span className="flex items-center gap-2">
      {row.original.buyer_name}
      {row.original.blacklisted ? <StatusBadge label={ORDER_TEXT.blacklisted} tone="danger" /> : null}
    </span>
  ),
};

function ShipBy({ at }: { at: number | null | undefined }) {
  if (!at) return <span className="text-muted-foreground">{ORDER_TEXT.noShipBy}</span>;
  return <span className="tabular-nums">{formatDateTime(at)}</span>;
}

/**
 * 代发订单's own columns (the view has 订单号, 店铺, 平台, 商品, 状态 and the time): placed and headed as
 * the contract's `ORDER_COLUMNS` declares the list (`layout`), which its export offers as well.
 */
const columns: DataTableProps<Order>['columns'] = [
  platformNoColumn,
  buyerWithBadge,
  {
    id: 'amount',
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amount)}</span>,
    meta: { align: 'right' },
  },
  // 发货回传 of a platform order (empty for the others).
  { id: 'writeback', cell: ({ row }) => <WritebackBadge writeback={row.original.writeback} /> },
];

// profit: 利润 picker and the optional 成本 / 利润 columns.
const profitSelect = {
  key: 'profit',
  label: ORDER_PROFIT_TEXT.filter.label,
  allLabel: ORDER_PROFIT_TEXT.filter.all,
  options: PROFIT_FILTERS.map((value) => ({ value, label: ORDER_PROFIT_TEXT.filter[value] })),
};
const profitColumns: DataTableProps<Order>['columns'] = [
  {
    id: 'cost',
    cell: ({ row }) => <Fen value={row.original.cost} />,
    meta: { align: 'right' },
  },
  {
    id: 'profit',
    cell: ({ row }) => <Fen value={row.original.profit} />,
    meta: { align: 'right' },
  },
];
function Fen({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) {
    return <span className="text-muted-foreground">{ORDER_PROFIT_TEXT.columns.notEntered}</span>;
  }
  return <span className={`tabular-nums ${value < 0 ? 'text-error' : ''}`}>{formatMoney(value)}</span>;
}

/** 预售订单's: the buyer and the time by which the order must ship. */
const preSaleColumns: DataTableProps<Order>['columns'] = [
  platformNoColumn,
  buyerWithBadge,
  { id: 'ship_by', cell: ({ row }) => <ShipBy at={row.original.ship_by} /> },
];

/** A list's declared columns (`ORDER_COLUMNS`) as the view's layout: id and header. */
const layoutOf = (list: OrderColumnList) =>
  orderListColumns(list).map((id) => ({ id, header: ORDER_COLUMNS[id].label }));

/** The search of both order lists (one schema: 预售订单 is 代发订单 with `pre_sale` fixed). */
type OrderSearch = v.InferOutput<typeof orderList.search>;

/** What differs between 代发订单 and 预售订单 (`lists.ts` derives the second's list from the first's). */
const VARIANTS = {
  all: {
    route: getRouteApi('/_authed/order/index') as ListRoute<OrderSearch>,
    list: orderList,
    columns,
    layout: layoutOf('order'),
    /** 手工建单, 导入订单 and 导入快递单号 add orders that are not pre-sale ones: only here. */
    entry: true,
  },
  preSale: {
    route: getRouteApi('/_authed/order/pre-sale') as ListRoute<OrderSearch>,
    list: preSaleList,
    columns: preSaleColumns,
    layout: layoutOf('pre-sale'),
    entry: false,
  },
} as const;

export type OrderListVariant = keyof typeof VARIANTS;

/** The card of an order on a phone: headed by its 平台订单号 (a typed-in order's own number otherwise). */
const cardNumber = (order: Order) =>
  order.platform_order_no
    ? { label: columnText.platformOrderNo, text: order.platform_order_no }
    : { label: columnText.orderNo, text: order.order_no };
const amountField = {
  label: columnText.amount,
  value: (order: Order) => <span className="tabular-nums">{formatMoney(order.amount)}</span>,
};
const CARD_FIELDS = {
  all: [amountField],
  preSale: [
    amountField,
    { label: ORDER_TEXT.shipBy, value: (order: Order) => <ShipBy at={order.ship_by} /> },
  ],
} satisfies Record<OrderListVariant, unknown>;

/**
 * 代发订单 and 预售订单 (`variant`): the order list with the platform and 黑名单 pickers (or one buyer's
 * orders, from 买家管理's 查看订单: `buyer_id`, said above the list with the way back to all); with
 * order:process, row selection, the batches and each row's 操作; 导出 of the list's filter; 代发订单 also
 * 手工建单, 导入订单 and 导入快递单号, 预售订单 the ship-by time. The detail dialog (steps and timeline)
 * is in the address, `?order=123`: it can be shared and reloaded, and closing it keeps the filters.
 */
export function OrderListPage({ variant = 'all' }: { variant?: OrderListVariant }) {
  const v = VARIANTS[variant];
  const list = useList(v.route, v.list);
  const search = v.route.useSearch();
  const navigate = v.route.useNavigate();
  const canProcess = useCan('order:process');
  // 成本 / 利润 and their filter are money (finance:view): hidden without it, as the server leaves them out.
  const canMoney = useCan('finance:view');
  const rows = list.query.data?.list ?? [];
  const select = useOrderSelection(list.query.data?.list, list.address);
  // The tabs' counts: the list's own filter without its status (the tab), so each equals the list's
  // total on that tab; the previous counts stay while new ones load.
  const { status: _tab, ...countFilter } = list.filter;
  const api = useApi();
  const counts = useQuery({
    ...apiQuery(api, '/api/order/status-counts', countFilter),
    placeholderData: keepPreviousData,
  });
  // 异常订单's counts: the filter without its status and exception (each view is one exception).
  const { exception: view, ...viewFilter } = countFilter;
  const exception = view || undefined;
  const exceptionCounts = useQuery({
    ...apiQuery(api, '/api/order/exception-counts', viewFilter),
    placeholderData: keepPreviousData,
  });

  // The step a row's 操作 asked for; an order opened otherwise shows its buttons.
  const [step, setStep] = useState<FormStep | null>(null);
  const open = useCallback(
    (order: Order, next: FormStep | null = null) => {
      setStep(next);
      void navigate({ search: (prev: OrderSearch) => ({ ...prev, order: String(order.id) }) });
    },
    [navigate],
  );
  const close = () => {
    setStep(null);
    void navigate({ search: ({ order: _, ...prev }: OrderSearch) => prev, replace: true });
  };
  const trailingColumns = useMemo(
    (): DataTableProps<Order>['columns'] =>
      canProcess
        ? [
            {
              id: 'actions',
              header: columnText.actions,
              cell: ({ row }) => <OrderRowActions order={row.original} onStep={open} />,
              // Pinned to the right edge: the table scrolls sideways at 1440 px with the sidebar open
              // and on a phone, and the row's steps stay in view.
              meta: {
                className:
                  'sticky right-0 bg-card in-[thead]:bg-muted shadow-[inset_1px_0_0_var(--color-border)]',
              },
            },
          ]
        : [],
    [canProcess, open],
  );
  const card = useMemo(
    () => ({
      number: cardNumber,
      fields: CARD_FIELDS[variant],
      ...(canProcess ? { actions: (order: Order) => <OrderRowActions order={order} onStep={open} /> } : {}),
    }),
    [variant, canProcess, open],
  );
  const opened = search.order;
  const withProfit = canMoney && search.profit_columns === '1';
  const profitColumnsId = useId();
  const shownColumns = useMemo(
    () => [
      ...v.columns,
      ...(withProfit ? profitColumns : []),
      ...(exception ? [exceptionReasonColumn(exception)] : []),
    ],
    [withProfit, v.columns, exception],
  );
  return (
    <OrderListView
      list={list}
      keywordPlaceholder={ORDER_TEXT.keywordPlaceholder}
      select={platformSelect}
      extraSelects={canMoney ? [blacklistSelect, profitSelect] : [blacklistSelect]}
      statuses={statuses}
      columns={shownColumns}
      layout={v.layout}
      timeHeader={columnText.createdAt}
      onOpen={open}
      leadingColumns={canProcess ? select.columns : []}
      statusMarks={statusMarks}
      selection={canProcess ? select.table : undefined}
      trailingColumns={trailingColumns}
      card={card}
      counts={counts.data?.counts}
      belowTabs={
        <OrderExceptionViews
          value={exception}
          counts={exceptionCounts.data?.counts}
          onChange={(kind) => list.setFilters({ exception: kind, status: undefined })}
        />
      }
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {list.filter.buyer_id ? (
            <span data-slot="one-buyer" className="flex items-center gap-2 text-sm">
              {rows[0]
                ? ORDER_TEXT.oneBuyer(rows[0].buyer_name, rows[0].receiver.mobile)
                : ORDER_TEXT.oneBuyerPending}
              <Button variant="link" onClick={() => list.setFilters({ buyer_id: '' })}>
                {ORDER_TEXT.allOrders}
              </Button>
            </span>
          ) : null}
          {canMoney ? (
            <span className="flex items-center gap-2 text-sm">
              <Checkbox
                id={profitColumnsId}
                checked={withProfit}
                onCheckedChange={(on) =>
                  void navigate({
                    search: (prev: OrderSearch) => ({
                      ...prev,
                      profit_columns: on === true ? '1' : undefined,
                    }),
                    replace: true,
                  })
                }
              />
              <label htmlFor={profitColumnsId}>{ORDER_PROFIT_TEXT.filter.showColumns}</label>
            </span>
          ) : null}
          <ExportMenu filter={list.filter} list={variant === 'all' ? 'order' : 'pre-sale'} />
          {canProcess && v.entry ? <ManualOrderButton /> : null}
          {canProcess && v.entry ? <OrderFileImportButton /> : null}
          {canProcess && v.entry ? <OrderImportButton /> : null}
          {canProcess ? (
            <OrderBatchBar
              rows={rows}
              total={list.query.data?.total ?? 0}
              filter={list.filter}
              selection={select.selection}
              onSelectAllMatching={select.selectAllMatching}
              onClear={select.clear}
            />
          ) : null}
        </div>
      }
    >
      {opened === MALFORMED ? (
        <DetailDialog
          open
          onOpenChange={(next) => (next ? undefined : close())}
          title={ORDER_TEXT.detailTitle}
          closeText={ORDER_TEXT.close}
          items={[]}
        >
          <p role="alert" data-slot="order-missing" className="text-error text-sm">
            {ORDER_TEXT.orderLinkMalformed}
          </p>
        </DetailDialog>
      ) : opened !== undefined ? (
        <OrderDetailDialog
          id={opened}
          row={rows.find((row) => row.id === opened)}
          step={step}
          open
          onOpenChange={(next) => (next ? undefined : close())}
        />
      ) : null}
    </OrderListView>
  );
}

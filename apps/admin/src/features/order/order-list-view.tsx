import type { OrderGoods, PlatformCode } from '@consign/api-client';
import { Button, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import type * as React from 'react';
import { Fragment, useCallback, useMemo } from 'react';
import type { FilterSelect } from '../../common/list/filter-bar';
import type { CardView } from '../../common/list/list-cards';
import { ListPage } from '../../common/list/list-page';
import type { ListControls } from '../../common/list/use-list';
import { useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge, type Tone } from '../../common/status-badge';
import { GoodsCard, GoodsCell } from './goods-cell';
import { ORDER_TEXT, PLATFORM_LABELS } from './texts';

/** What an order and an after-sale request have in common. */
interface OrderRow {
  id: number;
  order_no: string;
  shop_name: string;
  platform: PlatformCode;
  goods: OrderGoods[];
  status: string;
  created_at: number;
  /** The order's number on its platform; null for a typed-in order. */
  platform_order_no?: string | null | undefined;
}

/**
 * 平台订单号, the lists' first identifying column (our 订单号 comes after it): the number the seller
 * and the buyer know the order by, and the 拼多多 / 抖店 back office searches (empty for typed-in orders).
 */
export function platformOrderNoColumn<Row extends OrderRow>(): DataTableProps<Row>['columns'][number] {
  return {
    id: 'platform_order_no',
    header: ORDER_TEXT.columns.platformOrderNo,
    cell: ({ row }) =>
      row.original.platform_order_no ? (
        <span className="font-mono">{row.original.platform_order_no}</span>
      ) : (
        <span className="text-muted-foreground">{ORDER_TEXT.noPlatformOrderNo}</span>
      ),
  };
}

export interface OrderListViewProps<Row extends OrderRow> {
  /** Default: the route's title. */
  title?: string;
  list: ListControls<Row>;
  keywordPlaceholder: string;
  /** The picker beside the shop and the dates (平台, 售后类型). */
  select: FilterSelect;
  /** More pickers after it (代发订单: 黑名单). */
  extraSelects?: readonly FilterSelect[];
  /** The status tabs and badges. */
  statuses: {
    options: readonly Row['status'][];
    labels: Readonly<Record<Row['status'], string>>;
    tones: Readonly<Record<Row['status'], Tone>>;
  };
  /** The columns between 商品 and 状态 (with `layout`: placed by their `id`). */
  columns: DataTableProps<Row>['columns'];
  /**
   * The list's declared columns (the contract's `ORDER_COLUMNS`, which its export offers too): the
   * table shows the view's own (order_no, shop, platform, goods, status, created_at) and the page's
   * `columns` by `id` in this order under these headers; a page column not declared goes before 状态.
   */
  layout?: readonly { id: string; header: string }[];
  /** The last column, the row's time (下单时间, 申请时间). */
  timeHeader: string;
  /**
   * Open a row: the page's own detail. 代发订单 puts the order in the address (`?order=123`) and shows
   * its dialog from there; 售后订单 uses `renderDetail`.
   */
  onOpen?: (row: Row) => void;
  /** The detail dialog of the row opened here (when the page gives no `onOpen`). */
  renderDetail?: (row: Row, open: boolean, onOpenChange: (open: boolean) => void) => React.ReactNode;
  /** Columns after the time (代发订单's 操作). */
  trailingColumns?: DataTableProps<Row>['columns'];
  /** Columns before 订单号 (the selection checkboxes). */
  leadingColumns?: DataTableProps<Row>['columns'];
  /** Controls over the table (the batch actions, 导出). */
  actions?: React.ReactNode;
  /** Extra dialogs of the page. */
  children?: React.ReactNode;
  /** The table's row selection, with `leadingColumns`' checkboxes. */
  selection?: Pick<DataTableProps<Row>, 'rowSelection' | 'onRowSelectionChange'> | undefined;
  /** Counts per status for the tabs (the list's filter without its status). */
  counts?: Partial<Readonly<Record<Row['status'], number>>>;
  /** Marks beside a row's status badge (代发订单: 售后中, 需拦截). */
  statusMarks?: (row: Row) => React.ReactNode;
  /** Under the status tabs (代发订单's exception views). */
  belowTabs?: React.ReactNode;
  /**
   * The row's card on a phone: the number it heads (default the order number), the page's own fields
   * (before 店铺) and the row's actions; the goods, status and shop are the view's.
   */
  card?: Partial<Pick<CardView<Row>, 'number' | 'fields' | 'actions'>>;
}

const columnText = ORDER_TEXT.columns;

/**
 * `columns` in the order of `layout`, each under its declared header (one declared but not given, such
 * as 成本 while hidden, is left out); the ones not declared go before 状态.
 */
export function arrangeColumns<Column extends { id?: string | undefined }>(
  columns: readonly Column[],
  layout: readonly { id: string; header: string }[],
): Column[] {
  const declared = new Set(layout.map(({ id }) => id));
  const undeclared = columns.filter((column) => !column.id || !declared.has(column.id));
  return layout.flatMap(({ id, header }) => {
    const column = columns.find((c) => c.id === id);
    const placed = column ? [{ ...column, header }] : [];
    return id === 'status' ? [...undeclared, ...placed] : placed;
  });
}
const NO_COLUMNS: never[] = [];
const NO_SELECTS: readonly FilterSelect[] = [];

/**
 * The order lists (代发订单, 售后订单): keyword, shop, dates and one picker; status tabs; a table of
 * order number, shop, platform, goods, the page's own columns, status and time; the page's detail
 * dialog. Each page gives only what differs.
 */
export function OrderListView<Row extends OrderRow>({
  title,
  list,
  keywordPlaceholder,
  select,
  extraSelects = NO_SELECTS,
  statuses,
  columns,
  layout,
  timeHeader,
  onOpen,
  renderDetail,
  leadingColumns = NO_COLUMNS,
  trailingColumns = NO_COLUMNS,
  actions,
  children,
  counts,
  selection,
  statusMarks,
  belowTabs,
  card,
}: OrderListViewProps<Row>) {
  const { row: detail, open, setOpen, show: showHere, opened } = useRowDialog<Row | null>(null);
  const show = onOpen ?? showHere;
  const statusBadge = useCallback(
    (row: Row) => {
      const status: Row['status'] = row.status;
      return <StatusBadge label={statuses.labels[status]} tone={statuses.tones[status]} />;
    },
    [statuses],
  );
  const cardView = useMemo(
    (): CardView<Row> => ({
      number: card?.number ?? ((row) => ({ label: columnText.orderNo, text: row.order_no })),
      badge: (row) => (
        <>
          {statusBadge(row)}
          {statusMarks?.(row)}
        </>
      ),
      body: (row) => <GoodsCard goods={row.goods} />,
      fields: [
        ...(card?.fields ?? []),
        { label: columnText.shop, value: (row) => `${row.shop_name} · ${PLATFORM_LABELS[row.platform]}` },
        { label: timeHeader, value: (row) => <RelativeTime value={row.created_at * 1000} /> },
      ],
      ...(card?.actions ? { actions: card.actions } : {}),
    }),
    [card, statusBadge, statusMarks, timeHeader],
  );
  const tableColumns = useMemo((): DataTableProps<Row>['columns'] => {
    const own: DataTableProps<Row>['columns'] = [
      {
        id: 'order_no',
        header: columnText.orderNo,
        cell: ({ row }) => (
          <Button
            variant="link"
            aria-label={ORDER_TEXT.viewLabel(row.original.order_no)}
            onClick={() => show(row.original)}
            className="font-mono"
          >
            {row.original.order_no}
          </Button>
        ),
      },
      { id: 'shop', header: columnText.shop, cell: ({ row }) => row.original.shop_name },
      {
        id: 'platform',
        header: columnText.platform,
        cell: ({ row }) => PLATFORM_LABELS[row.original.platform],
      },
      { id: 'goods', header: columnText.goods, cell: ({ row }) => <GoodsCell goods={row.original.goods} /> },
      ...columns,
      {
        id: 'status',
        header: columnText.status,
        cell: ({ row }) => {
          const marks = statusMarks?.(row.original);
          return marks ? (
            <span className="flex items-center gap-1 whitespace-nowrap">
              {statusBadge(row.original)}
              {marks}
            </span>
          ) : (
            statusBadge(row.original)
          );
        },
      },
      {
        id: 'created_at',
        header: timeHeader,
        cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} />,
      },
    ];
    return [...leadingColumns, ...(layout ? arrangeColumns(own, layout) : own), ...trailingColumns];
  }, [show, columns, layout, statusBadge, timeHeader, leadingColumns, trailingColumns, statusMarks]);
  return (
    <ListPage
      title={title}
      list={list}
      columns={tableColumns}
      onRowClick={show}
      actions={actions}
      selection={selection}
      keywordPlaceholder={keywordPlaceholder}
      filters={{ shop: true, dateRange: timeHeader, selects: [select, ...extraSelects] }}
      tabs={{ filter: 'status', options: statuses.options, labels: statuses.labels, counts }}
      belowTabs={belowTabs}
      card={cardView}
    >
      {children}
      {/* Keyed by its opening: each starts afresh (an answer form of a detail is closed, its error gone). */}
      {detail && renderDetail ? (
        <Fragment key={opened}>{renderDetail(detail, open, setOpen)}</Fragment>
      ) : null}
    </ListPage>
  );
}

import type { OrderGoods, PlatformCode } from '@consign/api-client';
import { Button, formatDateTime, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import type * as React from 'react';
import { Fragment, useMemo } from 'react';
import { DetailDialog } from '../list/detail-dialog';
import type { FilterSelect } from '../list/filter-bar';
import { ListPage } from '../list/list-page';
import type { ListControls } from '../list/use-list';
import { useRowDialog } from '../list/use-row-dialog';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { GoodsCell } from './goods-cell';
import { OrderGoodsList } from './order-goods-list';
import { StatusBadge, type Tone } from './status-badge';

/** What an order and an after-sale request have in common. */
interface OrderRow {
  id: number;
  order_no: string;
  shop_name: string;
  platform: PlatformCode;
  goods: OrderGoods[];
  status: string;
  created_at: number;
}

type DetailItems = ReadonlyArray<readonly [label: string, value: React.ReactNode]>;

export interface OrderListViewProps<Row extends OrderRow> {
  title: string;
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
  /** The columns between 商品 and 状态. */
  columns: DataTableProps<Row>['columns'];
  /** The last column, the row's time (下单时间, 申请时间). */
  timeHeader: string;
  detailTitle: string;
  /** The detail's pairs after 订单号, 店铺 and 平台, before the time. */
  detailItems: (row: Row) => DetailItems;
  /** A page's own detail dialog instead of the read-only one (代发订单: the steps and timeline). */
  renderDetail?: (row: Row, open: boolean, onOpenChange: (open: boolean) => void) => React.ReactNode;
  /** Columns before 订单号 (the selection checkboxes). */
  leadingColumns?: DataTableProps<Row>['columns'];
  /** Controls over the table (the batch actions, 导出). */
  actions?: React.ReactNode;
  /** Extra dialogs of the page. */
  children?: React.ReactNode;
}

const c = ORDER_COPY.columns;
const NO_COLUMNS: never[] = [];
const NO_SELECTS: readonly FilterSelect[] = [];

/**
 * The order lists (代发订单, 售后订单): keyword, shop, dates and one picker; status tabs; a table of
 * order number, shop, platform, goods, the page's own columns, status and time; and a detail dialog
 * with the goods. Each page gives only what differs.
 */
export function OrderListView<Row extends OrderRow>({
  title,
  list,
  keywordPlaceholder,
  select,
  extraSelects = NO_SELECTS,
  statuses,
  columns,
  timeHeader,
  detailTitle,
  detailItems,
  renderDetail,
  leadingColumns = NO_COLUMNS,
  actions,
  children,
}: OrderListViewProps<Row>) {
  const { row: detail, open, setOpen, show, opened } = useRowDialog<Row | null>(null);
  const tableColumns = useMemo(
    (): DataTableProps<Row>['columns'] => [
      ...leadingColumns,
      {
        header: c.orderNo,
        cell: ({ row }) => (
          <Button
            variant="link"
            aria-label={ORDER_COPY.viewLabel(row.original.order_no)}
            onClick={() => show(row.original)}
            className="font-mono"
          >
            {row.original.order_no}
          </Button>
        ),
      },
      { header: c.shop, cell: ({ row }) => row.original.shop_name },
      { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
      { header: c.goods, cell: ({ row }) => <GoodsCell goods={row.original.goods} /> },
      ...columns,
      {
        header: c.status,
        cell: ({ row }) => {
          const status: Row['status'] = row.original.status;
          return <StatusBadge label={statuses.labels[status]} tone={statuses.tones[status]} />;
        },
      },
      { header: timeHeader, cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} /> },
    ],
    [show, columns, statuses, timeHeader, leadingColumns],
  );
  return (
    <ListPage
      title={title}
      list={list}
      columns={tableColumns}
      onRowClick={show}
      actions={actions}
      keywordPlaceholder={keywordPlaceholder}
      filters={{ shop: true, dateRange: true, selects: [select, ...extraSelects] }}
      tabs={{ filter: 'status', options: statuses.options, labels: statuses.labels }}
    >
      {children}
      {/* Keyed by its opening: each starts afresh (an answer form of a detail is closed, its error gone). */}
      {detail && renderDetail ? (
        <Fragment key={opened}>{renderDetail(detail, open, setOpen)}</Fragment>
      ) : null}
      {detail && !renderDetail ? (
        <DetailDialog
          open={open}
          onOpenChange={setOpen}
          title={detailTitle}
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
            ...detailItems(detail),
            [timeHeader, formatDateTime(detail.created_at)],
          ]}
        >
          <OrderGoodsList goods={detail.goods} />
        </DetailDialog>
      ) : null}
    </ListPage>
  );
}

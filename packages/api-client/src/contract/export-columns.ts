/** The columns of the order lists and their exports (apart from `export-rules.ts`, which every page's route search reads). */

/** The order lists that show an order's columns: 代发订单 (`order`) and 预售订单 (`pre-sale`). */
export type OrderColumnList = 'order' | 'pre-sale';
const BOTH: readonly OrderColumnList[] = ['order', 'pre-sale'];

/** One column of the order lists: its header, its unit in a file's header, the lists whose table shows it. */
export interface OrderColumnSpec {
  readonly label: string;
  /** A money column: the file's header says the unit (`实付金额（元）`), the table shows ¥. */
  readonly unit?: '元';
  /** The order lists whose table shows it (none: the export only). */
  readonly lists?: readonly OrderColumnList[];
}

/**
 * The columns of the order lists, declared once, in order (平台订单号 first: the number the platform's
 * back office knows the order by; our 订单号 second). The tables of 代发订单 and 预售订单 show theirs
 * (`lists`) in this order under these headers; an order export offers every one of them (the seller
 * chooses which go in the file; default: all) and the server writes the file in this order. A column
 * added to a list's table is offered in its export with it.
 */
export const ORDER_COLUMNS = {
  platform_order_no: { label: '平台订单号', lists: BOTH },
  order_no: { label: '订单号', lists: BOTH },
  shop: { label: '店铺', lists: BOTH },
  platform: { label: '平台', lists: BOTH },
  goods: { label: '商品', lists: BOTH },
  quantity: { label: '件数' },
  buyer: { label: '买家', lists: BOTH },
  amount: { label: '实付金额', unit: '元', lists: ['order'] },
  ship_by: { label: '最晚发货', lists: ['pre-sale'] },
  writeback: { label: '物流回传', lists: ['order'] },
  // profit: shown on 代发订单 with 显示成本与利润 (finance:view)
  cost: { label: '成本', unit: '元', lists: ['order'] },
  profit: { label: '利润', unit: '元', lists: ['order'] },
  status: { label: '状态', lists: BOTH },
  created_at: { label: '下单时间', lists: BOTH },
  receiver_name: { label: '收货人' },
  receiver_mobile: { label: '收货手机' },
  receiver_address: { label: '收货地址' },
  // the 代发单 columns (purchase and shipping)
  supplier: { label: '供应商' },
  supplier_order_no: { label: '供应商订单号' },
  carrier: { label: '快递公司' },
  tracking_no: { label: '快递单号' },
} as const satisfies Record<string, OrderColumnSpec>;
export type OrderExportColumn = keyof typeof ORDER_COLUMNS;
/** The columns in their declared order. */
export const ORDER_EXPORT_COLUMN_KEYS = Object.keys(ORDER_COLUMNS) as OrderExportColumn[];

/** A column's header in a file: its label, with the unit of a money column (`实付金额（元）`). */
function fileHeader(spec: OrderColumnSpec): string {
  return spec.unit ? `${spec.label}（${spec.unit}）` : spec.label;
}

/** Each export column's header in the file and in the export's choice of columns. */
export const ORDER_EXPORT_COLUMNS = Object.fromEntries(
  ORDER_EXPORT_COLUMN_KEYS.map((key) => [key, fileHeader(ORDER_COLUMNS[key])]),
) as Record<OrderExportColumn, string>;

/** The columns the table of `list` shows, in the declared order. */
export function orderListColumns(list: OrderColumnList): OrderExportColumn[] {
  return ORDER_EXPORT_COLUMN_KEYS.filter((key) =>
    ((ORDER_COLUMNS[key] as OrderColumnSpec).lists ?? []).includes(list),
  );
}

/** The money columns: only in the file of a member with finance:view (docs/design.md#money-is-a-permission). */
export const ORDER_EXPORT_MONEY_COLUMNS: readonly OrderExportColumn[] = ['cost', 'profit'];

/** Whether `key` is one of {@link ORDER_EXPORT_COLUMNS}. */
export function isOrderExportColumn(key: string): key is OrderExportColumn {
  return Object.hasOwn(ORDER_EXPORT_COLUMNS, key);
}

/**
 * What 下载中心 says of an export's chosen columns: `导出列：平台订单号、订单号（2/21 列）`; '' for every
 * column (no choice: null).
 */
export function exportColumnsSummary(columns: readonly string[] | null | undefined): string {
  if (!columns || columns.length === 0) return '';
  const names = columns.map((key) => (isOrderExportColumn(key) ? ORDER_EXPORT_COLUMNS[key] : key));
  return `导出列：${names.join('、')}（${columns.length}/${ORDER_EXPORT_COLUMN_KEYS.length} 列）`;
}

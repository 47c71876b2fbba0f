/** The columns of an order export (apart from `export-rules.ts`, which every page's route search reads). */

/**
 * The columns of an order export, in the file's order (平台订单号 first: the number the platform's back
 * office knows the order by; our 订单号 second), each key with its header. Declared once: the server
 * writes the file from it and the export menu offers it (the seller chooses which go in the file;
 * default: all of them).
 */
export const ORDER_EXPORT_COLUMNS = {
  platform_order_no: '平台订单号',
  order_no: '订单号',
  shop: '店铺',
  platform: '平台',
  goods: '商品',
  quantity: '件数',
  amount: '实付金额（元）',
  status: '状态',
  buyer: '买家',
  receiver_name: '收货人',
  receiver_mobile: '收货手机',
  receiver_address: '收货地址',
  created_at: '下单时间',
  // profit: the 代发单 columns (purchase, cost and profit, shipping, writeback)
  supplier: '供应商',
  supplier_order_no: '供应商订单号',
  cost: '成本（元）',
  profit: '利润（元）',
  carrier: '快递公司',
  tracking_no: '快递单号',
  writeback: '回传状态',
} as const;
export type OrderExportColumn = keyof typeof ORDER_EXPORT_COLUMNS;
/** {@link ORDER_EXPORT_COLUMNS}' keys in the file's order. */
export const ORDER_EXPORT_COLUMN_KEYS = Object.keys(ORDER_EXPORT_COLUMNS) as OrderExportColumn[];
/** The money columns: only in the file of a member with finance:view (docs/design.md#money-is-a-permission). */
export const ORDER_EXPORT_MONEY_COLUMNS: readonly OrderExportColumn[] = ['cost', 'profit'];

/** Whether `key` is one of {@link ORDER_EXPORT_COLUMNS}. */
export function isOrderExportColumn(key: string): key is OrderExportColumn {
  return Object.hasOwn(ORDER_EXPORT_COLUMNS, key);
}

/**
 * What 下载中心 says of an export's chosen columns: `导出列：平台订单号、订单号（2/20 列）`; '' for every
 * column (no choice: null).
 */
export function exportColumnsSummary(columns: readonly string[] | null | undefined): string {
  if (!columns || columns.length === 0) return '';
  const names = columns.map((key) => (isOrderExportColumn(key) ? ORDER_EXPORT_COLUMNS[key] : key));
  return `导出列：${names.join('、')}（${columns.length}/${ORDER_EXPORT_COLUMN_KEYS.length} 列）`;
}

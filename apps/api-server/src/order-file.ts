import { IMPORT_MAX_ROWS } from '@consign/api-client';
import { ORDER_FILE_MAX_CELL } from '@consign/api-client/contract';
import { checkCells, IMPORT_MESSAGES, refuse } from './import-file';

/**
 * 导入订单: the columns of a platform's own order-export file (the 拼多多 merchant back office's names,
 * `ORDER_FILE_COLUMNS` below) mapped to fields. The file itself is read like 导入快递单号's
 * (`ImportReader.readTable`: the same thread, limits and messages); what is wrong with a row is for
 * db/order-entry.ts to say.
 */

/**
 * 导入订单: the columns read from a platform's own order-export file (the 拼多多 merchant back office's
 * names first; a header's unit in brackets such as `商品数量(件)` or `商家实收金额(元)` is ignored). Each
 * field takes the first of its names the header has. `required` columns must be present.
 */
export const ORDER_FILE_COLUMNS = {
  platform_order_no: { names: ['订单号', '订单编号', '子订单编号'], required: true },
  title: { names: ['商品', '商品名称', '商品标题'], required: true },
  sku: { names: ['商品规格', '样式', '商品规格/样式', '规格'], required: false },
  quantity: { names: ['商品数量', '数量', '购买数量'], required: true },
  amount: {
    names: ['用户实付金额', '实收金额', '商家实收金额', '实付金额', '商品总价', '订单金额'],
    required: true,
  },
  goods_total: { names: ['商品总价'], required: false },
  receiver_name: { names: ['收货人', '收货人姓名', '收件人'], required: true },
  receiver_mobile: { names: ['手机', '收货人手机号', '手机号', '联系电话', '收货人电话'], required: true },
  province: { names: ['省', '省份'], required: false },
  city: { names: ['市', '城市'], required: false },
  district: { names: ['区', '区县'], required: false },
  town: { names: ['街道'], required: false },
  address: { names: ['详细地址', '收货地址', '地址'], required: true },
  platform_status: { names: ['订单状态'], required: false },
  buyer_message: { names: ['买家留言', '留言'], required: false },
} as const;
export type OrderFileField = keyof typeof ORDER_FILE_COLUMNS;
/** Platform states of an order that is closed: such a row is not imported (nothing to send). */
export const CLOSED_PLATFORM_STATUSES = [
  '已取消',
  '交易已取消',
  '已关闭',
  '交易关闭',
  '退款成功',
  '已退款',
] as const;

/** One data row: its line in the file and the cells of the fields the header has ('' otherwise). */
export interface OrderFileLine {
  line: number;
  cells: Record<OrderFileField, string>;
}

const FIELDS = Object.keys(ORDER_FILE_COLUMNS) as OrderFileField[];
const REQUIRED = FIELDS.filter((field) => ORDER_FILE_COLUMNS[field].required);

/** A header cell without spaces and without a unit in brackets: `商品数量(件)` -> `商品数量`. */
function headerName(cell: string): string {
  return cell.replace(/\s+/g, '').replace(/[(（][^)）]*[)）]$/, '');
}

export const ORDER_FILE_HEADER_MESSAGE = `第一行应为订单导出文件的表头，至少包含：${REQUIRED.map(
  (field) => ORDER_FILE_COLUMNS[field].names[0],
).join('、')}`;

/** The rows of a table (header first) as fields, the file refused as a whole where it must be. */
export function orderFileLines([header, ...data]: string[][]): OrderFileLine[] {
  const names = (header ?? []).map(headerName);
  const at = {} as Record<OrderFileField, number>;
  for (const field of FIELDS) {
    const found = ORDER_FILE_COLUMNS[field].names.map((name) => names.indexOf(name)).find((i) => i >= 0);
    at[field] = found ?? -1;
  }
  if (REQUIRED.some((field) => at[field] < 0)) throw refuse(ORDER_FILE_HEADER_MESSAGE);
  if (data.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (data.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
  return data.map((row, i) => {
    const line = i + 2;
    const cells = {} as Record<OrderFileField, string>;
    for (const field of FIELDS) cells[field] = at[field] < 0 ? '' : (row[at[field]] ?? '').trim();
    checkCells(Object.values(cells), line, ORDER_FILE_MAX_CELL);
    return { line, cells };
  });
}

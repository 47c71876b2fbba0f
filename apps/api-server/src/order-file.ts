import {
  IMPORT_MAX_ROWS,
  ORDER_FILE_COLUMNS,
  ORDER_FILE_MAX_CELL,
  type OrderFileField,
} from '@consign/api-client';
import { checkCells, IMPORT_MESSAGES, refuse } from './import-file';

/**
 * 导入订单: the columns of a platform's own order-export file (the 拼多多 merchant back office's names,
 * `ORDER_FILE_COLUMNS` in the contract) mapped to fields. The file itself is read like 导入快递单号's
 * (`ImportReader.readTable`: the same thread, limits and messages); what is wrong with a row is for
 * db/order-entry.ts to say.
 */

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

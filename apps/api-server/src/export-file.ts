import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { BalanceEntry, ExportFormat, Order } from '@consign/api-client';
import {
  BALANCE_ENTRY_KIND_LABELS,
  carrierOf,
  fenToYuan,
  ORDER_EXPORT_COLUMN_KEYS,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_MONEY_COLUMNS,
  ORDER_STATUS_LABELS,
  type OrderExportColumn,
  PLATFORM_LABELS,
  shanghaiDateTime,
  WRITEBACK_STATUS_LABELS,
} from '@consign/api-client/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * The file of an order export: one header row, then one row per order, written batch by batch to a
 * stream so that memory holds one batch at most, whatever the row count.
 * - CSV (csv-stringify): UTF-8 with a BOM, so that Excel reads the Chinese right; a text cell that
 *   starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (CSV injection: Excel
 *   would otherwise run it as a formula).
 * - XLSX (exceljs's streaming `WorkbookWriter`): each row is committed (written out) as it is added;
 *   no shared-strings table, which would grow with the rows. Cells are typed (amounts are numbers),
 *   and a text cell is never a formula there.
 */

export const EXPORT_COPY = {
  /** The headers of every column (平台订单号 first), as the contract declares them. */
  columns: ORDER_EXPORT_COLUMN_KEYS.map((key) => ORDER_EXPORT_COLUMNS[key]),
  platform: PLATFORM_LABELS,
  status: ORDER_STATUS_LABELS,
  writeback: WRITEBACK_STATUS_LABELS,
  sheet: '代发订单',
} as const;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Fen as yuan (a number cell), '' when unknown. */
const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : fenToYuan(fen));

/**
 * Each column's cell of an order (amounts in yuan as numbers; cost and profit empty when the cost is
 * not entered; the carrier by name; the writeback's label, empty without one; 最晚发货 empty without one).
 */
const ORDER_CELLS: Record<OrderExportColumn, (order: Order) => string | number> = {
  platform_order_no: (order) => order.platform_order_no ?? '',
  order_no: (order) => order.order_no,
  shop: (order) => order.shop_name,
  platform: (order) => EXPORT_COPY.platform[order.platform],
  goods: (order) =>
    order.goods.map((g) => `${g.title}${g.sku ? `（${g.sku}）` : ''} ×${g.quantity}`).join('；'),
  quantity: (order) => order.goods.reduce((sum, g) => sum + g.quantity, 0),
  amount: (order) => fenToYuan(order.amount),
  status: (order) => EXPORT_COPY.status[order.status],
  buyer: (order) => order.buyer_name,
  receiver_name: (order) => order.receiver.name,
  receiver_mobile: (order) => order.receiver.mobile,
  receiver_address: (order) => order.receiver.address,
  created_at: (order) => shanghaiDateTime(order.created_at),
  ship_by: (order) => (order.ship_by ? shanghaiDateTime(order.ship_by) : ''),
  supplier: (order) => order.supplier ?? '',
  supplier_order_no: (order) => order.supplier_order_no ?? '',
  cost: (order) => yuan(order.cost),
  profit: (order) => yuan(order.profit),
  carrier: (order) => (order.carrier ? (carrierOf(order.carrier)?.name ?? order.carrier) : ''),
  tracking_no: (order) => order.tracking_no ?? '',
  writeback: (order) => (order.writeback ? EXPORT_COPY.writeback[order.writeback.status] : ''),
};

/** One order as the cells of its row, every column. */
export function orderCells(order: Order): (string | number)[] {
  return ORDER_EXPORT_COLUMN_KEYS.map((key) => ORDER_CELLS[key](order));
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that a spreadsheet would read as a formula, made plain text (OWASP's CSV injection rule). */
export function guardFormula(cell: string | number): string | number {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Writes one batch of rows at a time; `end()` finishes the file (the stream is then ended). */
export interface ExportFileWriter<Row = Order> {
  write(rows: readonly Row[]): Promise<void>;
  end(): Promise<void>;
}

async function writeChunk(out: Writable, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** What a file holds: its header, the sheet's name and each row's cells. */
export interface ExportTable<Row> {
  columns: readonly string[];
  sheet: string;
  cells: (row: Row) => (string | number)[];
}

/** The money columns' headers (成本, 利润): left out of the file of a member without finance:view. */
export const ORDER_MONEY_COLUMNS: readonly string[] = ORDER_EXPORT_MONEY_COLUMNS.map(
  (key) => ORDER_EXPORT_COLUMNS[key],
);

/**
 * The table of an order export: the `chosen` columns (null: all) in the file's order, without the
 * money ones unless `finance`.
 */
export function orderTable(
  chosen: readonly OrderExportColumn[] | null = null,
  finance = true,
): ExportTable<Order> {
  const keys = ORDER_EXPORT_COLUMN_KEYS.filter(
    (key) => (!chosen || chosen.includes(key)) && (finance || !ORDER_EXPORT_MONEY_COLUMNS.includes(key)),
  );
  return {
    columns: keys.map((key) => ORDER_EXPORT_COLUMNS[key]),
    sheet: EXPORT_COPY.sheet,
    cells: (order) => keys.map((key) => ORDER_CELLS[key](order)),
  };
}

/**
 * The file of an order export: the `columns` chosen (null: all); `finance` false (the job of a member
 * without finance:view, db/export.ts): without {@link ORDER_MONEY_COLUMNS}.
 */
export function exportFileWriter(
  format: ExportFormat,
  out: Writable,
  finance = true,
  columns: readonly OrderExportColumn[] | null = null,
): ExportFileWriter {
  return tableFileWriter(format, out, orderTable(columns, finance));
}

/** The file of any export: `table`'s header, then its rows as they come. */
export function tableFileWriter<Row>(
  format: ExportFormat,
  out: Writable,
  table: ExportTable<Row>,
): ExportFileWriter<Row> {
  const columns = [...table.columns];
  if (format === 'csv') {
    let first = true;
    return {
      async write(rows) {
        const text = stringify(
          rows.map((row) => table.cells(row).map(guardFormula)),
          first ? { bom: true, header: true, columns } : {},
        );
        first = false;
        await writeChunk(out, text);
      },
      async end() {
        // A job without rows still has its header.
        if (first) await writeChunk(out, stringify([], { bom: true, header: true, columns }));
        out.end();
        await once(out, 'finish');
      },
    };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.addRow(columns).commit();
  return {
    async write(rows) {
      for (const row of rows) sheet.addRow(table.cells(row)).commit();
      // Let the zip stream hand what it compressed to the file before the next batch is read.
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      if (!out.writableFinished) await once(out, 'finish');
    },
  };
}

// ---- 余额明细 导出 -----------------------------------------------------------------

/** An entry of the ledger as its export reads it: with its order's number when the order is still there. */
export interface LedgerRow extends BalanceEntry {
  order_no: string | null;
}

/** 余额明细's file: time, kind (Chinese), amount and balance after in yuan, reason, order and payment. */
export const BALANCE_EXPORT_TABLE: ExportTable<LedgerRow> = {
  columns: ['时间', '类型', '金额（元）', '余额（元）', '说明', '订单号', '充值单号'],
  sheet: '余额明细',
  cells: (entry) => [
    shanghaiDateTime(entry.created_at),
    BALANCE_ENTRY_KIND_LABELS[entry.kind],
    fenToYuan(entry.amount),
    fenToYuan(entry.balance_after),
    entry.reason,
    entry.order_no ?? (entry.order_id === null ? '' : `#${entry.order_id}`),
    entry.payment_no ?? '',
  ],
};

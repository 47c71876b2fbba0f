import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { BalanceEntry, ExportFormat, Order } from '@consign/api-client';
import {
  BALANCE_ENTRY_KIND_LABELS,
  carrierOf,
  fenToYuan,
  ORDER_STATUS_LABELS,
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
  columns: [
    // 平台订单号 first: the number the seller and the buyer know the order by (empty for typed-in ones).
    '平台订单号',
    '订单号',
    '店铺',
    '平台',
    '商品',
    '件数',
    '实付金额（元）',
    '状态',
    '买家',
    '收货人',
    '收货手机',
    '收货地址',
    '下单时间',
    // profit: the 代发单 columns (purchase, cost and profit, shipping, writeback)
    '供应商',
    '供应商订单号',
    '成本（元）',
    '利润（元）',
    '快递公司',
    '快递单号',
    '回传状态',
  ],
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
 * One order as the cells of its row (amounts in yuan as numbers; cost and profit empty when the cost
 * is not entered; the carrier by name; the writeback's label, empty without one).
 */
export function orderCells(order: Order): (string | number)[] {
  return [
    order.platform_order_no ?? '',
    order.order_no,
    order.shop_name,
    EXPORT_COPY.platform[order.platform],
    order.goods.map((g) => `${g.title}${g.sku ? `（${g.sku}）` : ''} ×${g.quantity}`).join('；'),
    order.goods.reduce((sum, g) => sum + g.quantity, 0),
    fenToYuan(order.amount),
    EXPORT_COPY.status[order.status],
    order.buyer_name,
    order.receiver.name,
    order.receiver.mobile,
    order.receiver.address,
    shanghaiDateTime(order.created_at),
    order.supplier ?? '',
    order.supplier_order_no ?? '',
    yuan(order.cost),
    yuan(order.profit),
    order.carrier ? (carrierOf(order.carrier)?.name ?? order.carrier) : '',
    order.tracking_no ?? '',
    order.writeback ? EXPORT_COPY.writeback[order.writeback.status] : '',
  ];
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

const ORDER_TABLE: ExportTable<Order> = {
  columns: EXPORT_COPY.columns,
  sheet: EXPORT_COPY.sheet,
  cells: orderCells,
};

/** The money columns of an order export: left out of the file of a member without finance:view. */
export const ORDER_MONEY_COLUMNS: readonly string[] = ['成本（元）', '利润（元）'];

/** `table` without the columns named `drop` (header and cells). */
function withoutColumns<Row>(table: ExportTable<Row>, drop: readonly string[]): ExportTable<Row> {
  const keep = table.columns.map((column) => !drop.includes(column));
  return {
    ...table,
    columns: table.columns.filter((_, i) => keep[i]),
    cells: (row) => table.cells(row).filter((_, i) => keep[i]),
  };
}

const ORDER_TABLE_WITHOUT_MONEY = withoutColumns(ORDER_TABLE, ORDER_MONEY_COLUMNS);

/**
 * The file of an order export; `finance` false (the job of a member without finance:view, db/export.ts):
 * without {@link ORDER_MONEY_COLUMNS}.
 */
export function exportFileWriter(format: ExportFormat, out: Writable, finance = true): ExportFileWriter {
  return tableFileWriter(format, out, finance ? ORDER_TABLE : ORDER_TABLE_WITHOUT_MONEY);
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

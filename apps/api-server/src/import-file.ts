import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_CELL, IMPORT_MAX_ROWS } from '@consign/api-client';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { HttpProblem } from './http/respond';

/**
 * Reading a tracking-number import file (导入快递单号, issue 16): a CSV (UTF-8, with or without BOM;
 * GBK is not read: Excel users save as "CSV UTF-8") or an XLSX (its first worksheet). The first row
 * is the header naming `IMPORT_COLUMNS` (any order, other columns ignored); empty rows are skipped.
 * Everything wrong with the FILE (type, size, header, row count, formulas, huge cells) is a 4xx with a
 * message a user can act on; what is wrong with a ROW is for db/import.ts to say.
 */

/** One data row as read: its row number in the file (the header is row 1) and its three cells. */
export interface FileRow {
  line: number;
  order_no: string;
  carrier: string;
  tracking_no: string;
}

export const IMPORT_MESSAGES = {
  notAFile: '请选择要导入的文件',
  type: '只支持 CSV（UTF-8）或 XLSX 文件',
  tooLarge: `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  notUtf8: 'CSV 文件不是 UTF-8 编码，请在 Excel 中另存为「CSV UTF-8」后再导入',
  badCsv: 'CSV 文件格式有误，无法读取',
  badXlsx: 'XLSX 文件无法读取，请确认它是 Excel 工作簿',
  xlsxTooLarge: 'XLSX 文件解压后过大，请删除多余的工作表和格式后再导入',
  header: `第一行应为表头，包含：${IMPORT_COLUMNS.join('、')}`,
  empty: '文件中没有数据行',
  tooManyRows: `一次最多导入 ${IMPORT_MAX_ROWS} 行，请分成多个文件`,
  formula: (line: number) => `第 ${line} 行有公式（以 = + @ 开头或 Excel 公式），请填写纯文本`,
  hugeCell: (line: number) => `第 ${line} 行有超过 ${IMPORT_MAX_CELL} 个字符的单元格`,
} as const;

const refuse = (message: string, status: 400 | 413 | 415 | 422 = 422) => new HttpProblem(status, message);

/** A cell a spreadsheet would run as a formula when the text is opened again (CSV injection). */
const FORMULA_START = /^[=+@\t\r]/;

/** The rows of a file's cells (strings), header first. */
async function readCells(file: Blob & { name?: string }): Promise<string[][]> {
  const name = (file.name ?? '').toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  // XLSX is a zip: "PK\3\4". Judged on the content as well as the name, so a renamed file is read right.
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (name.endsWith('.xlsx') || isZip) {
    if (!isZip) throw refuse(IMPORT_MESSAGES.badXlsx);
    return readXlsx(bytes);
  }
  if (!name.endsWith('.csv') && name !== '') throw refuse(IMPORT_MESSAGES.type, 415);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes('\0')) throw refuse(IMPORT_MESSAGES.type, 415);
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch {
    throw refuse(IMPORT_MESSAGES.badCsv);
  }
}

/**
 * What an import workbook may hold once unpacked: a 1,000-row sheet with its styles is well under 1 MB.
 * An XLSX is a zip, and a small zip can unpack to gigabytes (a "zip bomb"), which exceljs would unpack
 * in memory; so the file is unpacked once here with yauzl, counting bytes and stopping at the limit
 * (yauzl also refuses an entry whose data does not match its declared size), before exceljs reads it.
 */
const XLSX_MAX_UNPACKED = 20 * 1024 * 1024;

async function checkUnpackedSize(bytes: Uint8Array): Promise<void> {
  let total = 0;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw refuse(IMPORT_MESSAGES.badXlsx);
  }
  try {
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > XLSX_MAX_UNPACKED) throw refuse(IMPORT_MESSAGES.xlsxTooLarge, 413);
      if (entry.fileName.endsWith('/')) continue;
      // Reading the data proves the declared size: yauzl fails the stream when it differs.
      for await (const _chunk of await zip.openReadStreamPromise(entry));
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw refuse(IMPORT_MESSAGES.badXlsx);
  } finally {
    zip.close();
  }
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  await checkUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    throw refuse(IMPORT_MESSAGES.badXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(IMPORT_MESSAGES.empty);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // The header and one row past the most allowed are enough to refuse "too many rows".
    if (rows.length > IMPORT_MAX_ROWS + 1) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula) throw refuse(IMPORT_MESSAGES.formula(rowNumber));
      cells[column - 1] = cell.text ?? '';
    });
    const filled = Array.from(cells, (cell) => cell ?? '');
    if (filled.some((cell) => cell.trim() !== '')) rows.push(filled);
  });
  return rows;
}

/**
 * The data rows of an uploaded import file, or an `HttpProblem` (4xx) saying what is wrong with the
 * file as a whole.
 */
export async function readImportFile(file: unknown): Promise<FileRow[]> {
  if (!(file instanceof Blob)) throw refuse(IMPORT_MESSAGES.notAFile);
  if (file.size > IMPORT_MAX_BYTES) throw refuse(IMPORT_MESSAGES.tooLarge, 413);
  if (file.size === 0) throw refuse(IMPORT_MESSAGES.empty);
  const cells = await readCells(file as Blob & { name?: string });
  const rows = cells.filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...data] = rows;
  const names = (header ?? []).map((cell) => cell.trim());
  const at = IMPORT_COLUMNS.map((column) => names.indexOf(column));
  if (at.some((index) => index < 0)) throw refuse(IMPORT_MESSAGES.header);
  if (data.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (data.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
  // `line` counts the header as row 1 and leaves out empty rows (the preview shows the cells too).
  return data.map((row, i) => {
    const line = i + 2;
    const [orderNo, carrier, trackingNo] = at.map((index) => (row[index] ?? '').trim());
    for (const cell of [orderNo, carrier, trackingNo] as string[]) {
      if (cell.length > IMPORT_MAX_CELL) throw refuse(IMPORT_MESSAGES.hugeCell(line));
      if (FORMULA_START.test(cell)) throw refuse(IMPORT_MESSAGES.formula(line));
    }
    return { line, order_no: orderNo ?? '', carrier: carrier ?? '', tracking_no: trackingNo ?? '' };
  });
}

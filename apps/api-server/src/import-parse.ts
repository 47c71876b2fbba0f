import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/**
 * The cells of an import file, read in a worker thread (import-file.ts starts it through
 * `import-thread.mjs`): nothing here runs on the server's event loop, and the thread is ended when it
 * runs past its time budget or memory cap. Everything that can make reading long stops early: the
 * row count (the header and one row past the limit are enough to refuse), and for an XLSX its zip's
 * central directory is checked (entry count, unpacked size) before a byte is unpacked.
 */

/**
 * What an import workbook may unpack to, and how many parts it may have. Measured: a 1,000-row export
 * of the order list (its 12 columns plus 快递公司 and 快递单号, every text cell 20 to 100 Chinese
 * characters and distinct, written by exceljs with shared strings and styles) unpacks to 1.2 MB in 16
 * zip entries; Excel and WPS add a few parts (calcChain, printer settings) and a part or two per extra
 * sheet. 10 MB (8 times that) and 100 entries (6 times) leave room for wider sheets from other
 * platforms, and still refuse at once a file like 240,000 one-cell rows (18.5 MB) or 15,000 entries.
 */
export const XLSX_MAX_UNPACKED = 10 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 100;

export interface ParseTask {
  bytes: Uint8Array;
  /** The uploaded file's name, lower case ('' when the form gave none). */
  name: string;
  /** Most data rows an import takes. */
  maxRows: number;
  /** An empty directory of this task's own: exceljs's streaming reader may park a worksheet there. */
  tmpDir: string;
}

/** What is wrong with the file as a whole: the keys of `IMPORT_MESSAGES` (import-file.ts). */
export type ParseProblem =
  | 'type'
  | 'notUtf8'
  | 'badCsv'
  | 'badXlsx'
  | 'xlsxTooLarge'
  | 'empty'
  | 'tooManyRows'
  | 'formula';

/** The non-empty rows (header first, at most `maxRows + 1` of data), or what is wrong. */
export type ParseResult = { rows: string[][] } | { problem: ParseProblem; line?: number };

class Refusal extends Error {
  constructor(
    readonly problem: ParseProblem,
    readonly line?: number,
  ) {
    super(problem);
  }
}

const blank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

export default async function parseImportFile(task: ParseTask): Promise<ParseResult> {
  try {
    return { rows: await readRows(task) };
  } catch (error) {
    if (error instanceof Refusal) return { problem: error.problem, line: error.line };
    throw error;
  }
}

async function readRows({ bytes, name, maxRows, tmpDir }: ParseTask): Promise<string[][]> {
  // XLSX is a zip: "PK\3\4". Judged on the content as well as the name, so a renamed file is read right.
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (name.endsWith('.xlsx') || isZip) {
    if (!isZip) throw new Refusal('badXlsx');
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await checkZip(buffer);
    return readXlsx(buffer, maxRows, tmpDir);
  }
  if (!name.endsWith('.csv') && name !== '') throw new Refusal('type');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal('notUtf8');
  }
  if (text.includes('\0')) throw new Refusal('type');
  let kept = 0;
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Rows of blank cells are dropped; the parse stops at the first row past the limit.
      on_record: (record: string[]) => {
        if (blank(record)) return null;
        if (++kept > maxRows + 1) throw new Refusal('tooManyRows');
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('badCsv');
  }
}

/**
 * The zip's central directory before anything is unpacked: at most `XLSX_MAX_ENTRIES` entries and
 * `XLSX_MAX_UNPACKED` bytes as declared; then each entry is read through once, which proves the
 * declared sizes (yauzl fails an entry whose data unpacks to more or less than it declares), so the
 * bytes unpacked stay within the limit too.
 */
async function checkZip(buffer: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer);
  } catch {
    throw new Refusal('badXlsx');
  }
  try {
    if (zip.entryCount > XLSX_MAX_ENTRIES) throw new Refusal('xlsxTooLarge');
    const entries: yauzl.Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > XLSX_MAX_UNPACKED) throw new Refusal('xlsxTooLarge');
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      for await (const _chunk of await zip.openReadStreamPromise(entry));
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('badXlsx');
  } finally {
    zip.close();
  }
}

/**
 * The first worksheet (in the workbook's order) through exceljs's streaming reader, row by row,
 * stopping at the first row past the limit. A formula cell is refused: its text is the last result
 * Excel computed, not what the user typed.
 */
async function readXlsx(buffer: Buffer, maxRows: number, tmpDir: string): Promise<string[][]> {
  // exceljs parks a worksheet that comes before the shared strings in a temporary file (tmp, which
  // asks os.tmpdir()); this thread's environment is its own, and the caller deletes the directory.
  process.env.TMPDIR = tmpDir;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const rows: string[][] = [];
  try {
    for await (const sheet of reader) {
      // exceljs's types leave out what its reader knows: the workbook's sheets in order, a sheet's name.
      const first = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets?.[0];
      if (first && (sheet as unknown as { name?: string }).name !== first.name) continue;
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          if (cell.type === ExcelJS.ValueType.Formula) throw new Refusal('formula', row.number);
          cells[column - 1] = cell.text ?? '';
        });
        const filled = Array.from(cells, (cell) => cell ?? '');
        if (blank(filled)) continue;
        rows.push(filled);
        if (rows.length > maxRows + 1) throw new Refusal('tooManyRows');
      }
      return rows;
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('badXlsx');
  }
  throw new Refusal('empty');
}

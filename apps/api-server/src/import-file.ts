import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_CELL, IMPORT_MAX_ROWS } from '@consign/api-client';
import Piscina from 'piscina';
import { HttpProblem } from './http/respond';
import type { ParseProblem, ParseResult, ParseTask } from './import-parse';
import type { Logger } from './log';

/**
 * Reading a tracking-number import file (导入快递单号): a CSV (UTF-8, with or without BOM;
 * GBK is not read: Excel users save as "CSV UTF-8") or an XLSX (its first worksheet). The first row
 * is the header naming `IMPORT_COLUMNS` (any order, other columns ignored); empty rows are skipped.
 * Everything wrong with the FILE (type, size, header, row count, formulas, huge cells, a zip that
 * unpacks too far, a parse past its time or memory) is a 4xx with a message a user can act on; what is
 * wrong with a ROW is for db/import.ts to say.
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
  xlsxTooLarge: 'XLSX 文件解压后过大或部件过多，请删除多余的工作表、图片和格式后再导入',
  header: `第一行应为表头，包含：${IMPORT_COLUMNS.join('、')}`,
  empty: '文件中没有数据行',
  tooManyRows: `一次最多导入 ${IMPORT_MAX_ROWS} 行，请分成多个文件`,
  formula: (line: number) => `第 ${line} 行有公式（以 = + @ 开头或 Excel 公式），请填写纯文本`,
  hugeCell: (line: number, max: number = IMPORT_MAX_CELL) => `第 ${line} 行有超过 ${max} 个字符的单元格`,
  tooComplex: '文件过大或过于复杂，无法在限定时间内读取，请拆分后重试',
  busy: '服务器繁忙，请稍后再导入',
} as const;

export const refuse = (message: string, status: 400 | 413 | 415 | 422 = 422) =>
  new HttpProblem(status, message);

/** A cell a spreadsheet would run as a formula when the text is opened again (CSV injection). */
const FORMULA_START = /^[=+@\t\r]/;

/**
 * How files are read: in worker threads (import-parse.ts, through import-thread.mjs), never on the
 * event loop. A thread is ended at its time budget or memory cap, which frees all it held, while the
 * server answers everyone else. Threads rather than a parse that yields now and then: the event loop
 * stays free whatever exceljs, csv-parse or yauzl do in one go (a long XML chunk, a large shared
 * strings table), and ending a thread is the one way to stop a parse and get its memory back at once.
 */
export interface ImportReaderOptions {
  /**
   * Longest a file's reading may take, from when a started thread takes it (a workbook at the unpacked
   * limit reads in about a second). A thread's start (loading exceljs: 1 to 6 s on a busy machine) is
   * not the file's doing, so it is not counted; it has `THREAD_START_MS` of its own. Default 15 s.
   */
  budgetMs?: number;
  /**
   * A thread's heap cap (V8 old generation). Default 128 MB: the thread starts in less than 16, and a
   * workbook at the unpacked limit holding 100,000 distinct strings reads in 32.
   */
  heapMb?: number;
  /**
   * Files read at once; the others wait their turn, and their budget starts with their own reading.
   * Default one less than the cores, 1 to 2: on a 2-core machine one core stays with the event loop.
   */
  threads?: number;
}

const STATUS: Partial<Record<ParseProblem, 413 | 415>> = { type: 415, xlsxTooLarge: 413 };

/** A thread that has not started after this long (a machine far too busy, or broken): 503. */
const THREAD_START_MS = 120_000;

/** One per server: its parser threads, kept a minute after their last file (exceljs stays loaded). */
export class ImportReader {
  readonly #budgetMs: number;
  readonly #threads: number;
  readonly #pool: Piscina;
  #busy = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(log: Logger, options: ImportReaderOptions = {}) {
    this.#budgetMs = options.budgetMs ?? 15_000;
    this.#threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
    this.#pool = new Piscina({
      filename: new URL('./import-thread.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.#threads,
      idleTimeout: 60_000,
      // The server's own flags (`--import tsx`, `--watch`) are not for the parser's threads.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 128, maxYoungGenerationSizeMb: 16 },
    });
    // A thread that fails outside a task (out of heap while starting, or after its file was answered)
    // is replaced; unheard, piscina's 'error' event would end the process.
    this.#pool.on('error', (error: unknown) =>
      log.warn('import parser thread failed', { error: String(error) }),
    );
  }

  /**
   * The data rows of an uploaded import file, or an `HttpProblem` (4xx) saying what is wrong with the
   * file as a whole.
   */
  async read(file: unknown): Promise<FileRow[]> {
    return dataRows(await this.readTable(file));
  }

  /**
   * The non-empty rows of an uploaded file, header first, read in a thread under the same limits (type,
   * size, zip, rows, time, memory); the caller maps the columns (导入订单: order-file.ts).
   */
  async readTable(file: unknown): Promise<string[][]> {
    if (!(file instanceof Blob)) throw refuse(IMPORT_MESSAGES.notAFile);
    if (file.size > IMPORT_MAX_BYTES) throw refuse(IMPORT_MESSAGES.tooLarge, 413);
    if (file.size === 0) throw refuse(IMPORT_MESSAGES.empty);
    return this.#rows(file as Blob & { name?: string });
  }

  /** Ends the threads (the server's `close()`). */
  close(): Promise<void> {
    return this.#pool.close({ force: true });
  }

  /** The file's non-empty rows, header first, read in a thread; a 4xx for a file it refuses. */
  async #rows(file: Blob & { name?: string }): Promise<string[][]> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    await this.#takeThread();
    let result: ParseResult;
    let tmpDir: string | undefined;
    try {
      await this.#pool
        .run(null, { name: 'started', signal: AbortSignal.timeout(THREAD_START_MS) })
        .catch(() => {
          throw new HttpProblem(503, IMPORT_MESSAGES.busy);
        });
      tmpDir = await mkdtemp(join(tmpdir(), 'consign-import-'));
      const task: ParseTask = {
        bytes,
        name: (file.name ?? '').toLowerCase(),
        maxRows: IMPORT_MAX_ROWS,
        tmpDir,
      };
      result = await this.#pool.run(task, {
        transferList: [bytes.buffer as ArrayBuffer],
        signal: AbortSignal.timeout(this.#budgetMs),
      });
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      // Past the budget (piscina ends the thread) or the memory cap (the thread ran out of heap).
      const { name, code } = error as { name?: string; code?: string };
      if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw refuse(IMPORT_MESSAGES.tooComplex);
      throw error;
    } finally {
      this.#releaseThread();
      if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
    }
    if ('rows' in result) return result.rows;
    if (result.problem === 'formula') throw refuse(IMPORT_MESSAGES.formula(result.line ?? 0));
    throw refuse(IMPORT_MESSAGES[result.problem], STATUS[result.problem]);
  }

  async #takeThread(): Promise<void> {
    if (this.#busy < this.#threads) {
      this.#busy++;
      return;
    }
    // Handed over by `#releaseThread` without being counted free in between.
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #releaseThread(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy--;
  }
}

/**
 * A file's cells are refused as a whole when one is longer than `maxCell` or would run as a formula
 * when the data is opened in a spreadsheet again (CSV injection).
 */
export function checkCells(cells: readonly string[], line: number, maxCell: number): void {
  for (const cell of cells) {
    if (cell.length > maxCell) throw refuse(IMPORT_MESSAGES.hugeCell(line, maxCell));
    if (FORMULA_START.test(cell)) throw refuse(IMPORT_MESSAGES.formula(line));
  }
}

/** The data rows of a file's non-empty rows (header first), checked as a whole. */
function dataRows([header, ...data]: string[][]): FileRow[] {
  const names = (header ?? []).map((cell) => cell.trim());
  const at = IMPORT_COLUMNS.map((column) => names.indexOf(column));
  if (at.some((index) => index < 0)) throw refuse(IMPORT_MESSAGES.header);
  if (data.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (data.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
  // `line` counts the header as row 1 and leaves out empty rows (the preview shows the cells too).
  return data.map((row, i) => {
    const line = i + 2;
    const [orderNo, carrier, trackingNo] = at.map((index) => (row[index] ?? '').trim());
    checkCells([orderNo, carrier, trackingNo] as string[], line, IMPORT_MAX_CELL);
    return { line, order_no: orderNo ?? '', carrier: carrier ?? '', tracking_no: trackingNo ?? '' };
  });
}

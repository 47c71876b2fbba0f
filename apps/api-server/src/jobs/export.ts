import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ExportFormat, OrderExportFilters } from '@consign/api-client';
import type { OrderExportColumn } from '@consign/api-client/contract';
import { countEntries, type EntryFilters, entryBatches } from '../db/balance';
import type { Db } from '../db/db';
import { countOrders, EXPORT_LIMITS, type ExportSource, orderBatches } from '../db/export';
import { type Scope, scopeOf } from '../db/scope';
import { BALANCE_EXPORT_TABLE, exportFileWriter, tableFileWriter } from '../export-file';
import type { Logger } from '../log';
import { claimJob, DB_NOW_S, EXPORT_QUEUE } from './queue';
import type { Job, JobKind } from './runner';

export interface ExportJobsOptions {
  /** Where the files go. */
  dir: string;
  /** Orders read (and written) per batch. Default 1000. */
  batchSize?: number;
  /** While idle, how often to look for jobs queued by another instance. Default 5000 ms. */
  idlePollMs?: number;
  /** How often expired jobs are deleted and dead ones failed. Default 60 s. */
  sweepMs?: number;
  /** Bytes of finished files kept per account. Default {@link EXPORT_LIMITS}.keepBytes. */
  keepBytesPerAccount?: number;
}

/** A running job whose heartbeat is older than this belongs to a process that died. */
export const EXPORT_HEARTBEAT_TIMEOUT_S = 120;

export const EXPORT_MESSAGES = {
  interrupted: '服务重启，导出已中断，请重新导出',
  failed: '导出失败，请重试',
} as const;

export interface ExportClaim {
  id: number;
  account_id: number;
  format: ExportFormat;
  filters: OrderExportFilters;
  /** the orders, or the balance's ledger (its filters then are {@link EntryFilters}). */
  source: ExportSource;
  /** The file has money (db/export.ts): an order export without it leaves out the money columns. */
  finance: boolean;
  /** The shops of the member who asked for it (null: every shop): db/scope.ts. */
  shop_ids: number[] | null;
  /** The columns chosen (an order export; null: all). */
  columns: OrderExportColumn[] | null;
}

class Interrupted extends Error {}

/**
 * The export jobs' kind of the JobRunner (`export`), one job at a time: claims a queued job by the
 * turns rule of jobs/queue.ts (the account with the fewest running exports and the oldest turn first;
 * `FOR UPDATE SKIP LOCKED`, so instances sharing a Postgres never run one twice), counts its rows, then
 * reads them in keyset batches (db/export.ts `orderBatches`) and writes each batch to
 * `<dir>/<id>-<format>.part` before reading the next, storing the progress (and a heartbeat) per batch;
 * the finished file is renamed into place. Between batches the event loop serves other requests. Then
 * the account's oldest finished files beyond {@link EXPORT_LIMITS}.keepBytes are deleted with their
 * jobs.
 *
 * Heartbeats are the database's clock (`DB_NOW_S`), and so is the staleness test: instances whose
 * clocks disagree still agree on which job is dead.
 *
 * Restarts: the runner's `stop()` fails the running job with {@link EXPORT_MESSAGES.interrupted} and
 * removes its partial file. A process that died cannot: at start (`prepare()`: PGlite, whose data
 * directory only one process may open: every running job) and in every sweep (the kind
 * `export-sweep`, {@link ExportSweep}; any store: a heartbeat older than
 * {@link EXPORT_HEARTBEAT_TIMEOUT_S}) such jobs are failed the same way. The sweep also deletes jobs
 * past `expires_at` with their files.
 */
export class ExportJobs implements JobKind {
  readonly name = 'export';
  readonly concurrency = 1;
  readonly pollMs: number;
  readonly dir: string;
  /** How often the sweep runs (the kind {@link ExportSweep}). */
  readonly sweepMs: number;
  readonly #batchSize: number;
  readonly #keepBytes: number;
  /** Set by stop(): the job being written is interrupted (runNext() without a runner runs to the end). */
  #interrupting = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: Logger,
    options: ExportJobsOptions,
  ) {
    this.dir = options.dir;
    this.#batchSize = options.batchSize ?? 1000;
    this.pollMs = options.idlePollMs ?? 5000;
    this.sweepMs = options.sweepMs ?? 60_000;
    this.#keepBytes = options.keepBytesPerAccount ?? EXPORT_LIMITS.keepBytes;
  }

  /** Before the runner starts: the directory, the jobs of a dead process failed, the first sweep. */
  async prepare() {
    mkdirSync(this.dir, { recursive: true });
    await this.failDead(this.db.kind === 'pglite');
    await this.sweep();
  }

  async claim(): Promise<Job | undefined> {
    const job = await this.claimJob();
    return job && (() => this.run(job));
  }

  /** The job being written is failed as interrupted. */
  stop() {
    this.#interrupting = true;
  }

  private seconds() {
    return Math.floor(this.now() / 1000);
  }

  /** Claims the next queued job (jobs/queue.ts) and runs it; resolves to whether there was one. */
  async runNext(): Promise<boolean> {
    const job = await this.claimJob();
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /** Marks the next queued job running (with a heartbeat) and answers it, without running it. */
  async claimJob(): Promise<ExportClaim | undefined> {
    const claimed = await claimJob<ExportClaim>(this.db, EXPORT_QUEUE, {
      set: `heartbeat_at = ${DB_NOW_S}, updated_at = $1`,
      params: [this.seconds()],
      returning: 'id, account_id, format, filters, source, finance, shop_ids, columns',
    });
    return claimed?.job;
  }

  private async run(job: ExportClaim) {
    const fileName = `${job.id}.${job.format}`;
    const part = join(this.dir, `${fileName}.part`);
    const out = createWriteStream(part);
    const failed = rejectOn(out, 'error');
    failed.catch(() => {});
    try {
      const scope = scopeOf(this.db, job.account_id, job.shop_ids);
      const ledger = job.source === 'balance';
      const total = ledger
        ? await countEntries(scope, job.filters as EntryFilters)
        : await countOrders(scope, job.filters);
      await this.db.query(
        `UPDATE export_jobs SET rows_total = $2, heartbeat_at = ${DB_NOW_S} WHERE id = $1`,
        [job.id, total],
      );
      const done = await Promise.race([
        failed,
        (ledger ? writeLedgerExport : writeOrderExport)({
          scope,
          filters: job.filters,
          format: job.format,
          finance: job.finance,
          columns: job.columns,
          out,
          batchSize: this.#batchSize,
          onBatch: async (rows) => {
            if (this.#interrupting) throw new Interrupted();
            await this.db.query(
              `UPDATE export_jobs SET rows_done = $2, heartbeat_at = ${DB_NOW_S}, updated_at = $3 WHERE id = $1`,
              [job.id, rows, this.seconds()],
            );
          },
        }),
      ]);
      await rename(part, join(this.dir, fileName));
      const { size } = await stat(join(this.dir, fileName));
      await this.db.query(
        `UPDATE export_jobs SET status = 'succeeded', rows_done = $2, rows_total = $2, size = $3, file_name = $4,
           heartbeat_at = NULL, updated_at = $5 WHERE id = $1`,
        [job.id, done, size, fileName, this.seconds()],
      );
      // The export is done whatever happens here: a failed trim is retried at the next one.
      await this.keepWithinStorage(job).catch((error: unknown) =>
        this.log.error('export storage trim failed', { job: job.id, error: String(error) }),
      );
    } catch (error) {
      out.destroy();
      await rm(part, { force: true });
      const interrupted = error instanceof Interrupted;
      if (!interrupted) this.log.error('export failed', { job: job.id, error: String(error) });
      await this.db.query(
        `UPDATE export_jobs SET status = 'failed', error = $2, heartbeat_at = NULL, updated_at = $3 WHERE id = $1`,
        [job.id, interrupted ? EXPORT_MESSAGES.interrupted : EXPORT_MESSAGES.failed, this.seconds()],
      );
    }
  }

  /**
   * Deletes the account's oldest finished exports (jobs and files) beyond the bytes kept per
   * account, newest first; the job just finished is always kept, whatever its size.
   */
  private async keepWithinStorage(job: ExportClaim) {
    const dropped = await this.db.query<{ id: number }>(
      `DELETE FROM export_jobs WHERE id IN (
         SELECT id FROM (
           SELECT id, sum(size) OVER (ORDER BY created_at DESC, id DESC) AS kept FROM export_jobs
           WHERE account_id = $1 AND status = 'succeeded'
         ) newest_first
         WHERE kept > $2 AND id <> $3)
       RETURNING id`,
      [job.account_id, this.#keepBytes, job.id],
    );
    for (const { id } of dropped) await this.removeFiles(id);
  }

  /**
   * Fails running jobs of dead processes: `all` of them (PGlite at start), else those whose heartbeat
   * is older than {@link EXPORT_HEARTBEAT_TIMEOUT_S} by the database's clock.
   */
  async failDead(all: boolean) {
    const failed = await this.db.query<{ id: number; file_name: string | null }>(
      `UPDATE export_jobs SET status = 'failed', error = $1, heartbeat_at = NULL, updated_at = $2
       WHERE status = 'running' AND ($3::boolean OR heartbeat_at < ${DB_NOW_S} - $4::bigint) RETURNING id`,
      [EXPORT_MESSAGES.interrupted, this.seconds(), all, EXPORT_HEARTBEAT_TIMEOUT_S],
    );
    for (const { id } of failed) await this.removeFiles(id);
  }

  /** Deletes the jobs past `expires_at` and their files; fails the running jobs of dead processes. */
  async sweep() {
    const expired = await this.db.query<{ id: number }>(
      'DELETE FROM export_jobs WHERE expires_at <= $1 RETURNING id',
      [this.seconds()],
    );
    for (const { id } of expired) await this.removeFiles(id);
    await this.failDead(false);
    return expired.length;
  }

  private async removeFiles(id: number) {
    for (const format of ['csv', 'xlsx']) {
      await rm(join(this.dir, `${id}.${format}`), { force: true });
      await rm(join(this.dir, `${id}.${format}.part`), { force: true });
    }
  }
}

/**
 * The export sweep as a kind of the JobRunner (`export-sweep`): every `sweepMs` one unit runs
 * {@link ExportJobs.sweep} (expired jobs deleted with their files, running jobs of dead processes
 * failed).
 */
export class ExportSweep implements JobKind {
  readonly name = 'export-sweep';
  readonly concurrency = 1;
  /** When the last sweep began (performance.now()); `prepare()` has just swept. */
  #last = performance.now();

  constructor(private readonly exports: ExportJobs) {}

  /** The time left until the next sweep. */
  get pollMs() {
    return Math.max(1, Math.ceil(this.#last + this.exports.sweepMs - performance.now()));
  }

  async claim(): Promise<Job | undefined> {
    // A timer may fire a millisecond early: that is on time.
    if (this.pollMs > 5) return undefined;
    this.#last = performance.now();
    return async () => {
      await this.exports.sweep();
    };
  }
}

/**
 * The orders of `filters` written to `out` as a `format` file, one batch at a time: a batch is read
 * only after the previous one was handed to `out` (with its backpressure) and `onBatch` (the progress)
 * resolved. Ends `out`; resolves to the number of rows.
 */
export async function writeOrderExport(options: {
  scope: Scope;
  filters: OrderExportFilters;
  format: ExportFormat;
  /** With the money columns (default); false: without (db/export.ts `createExportJob`). */
  finance?: boolean;
  /** The columns chosen (default null: all). */
  columns?: readonly OrderExportColumn[] | null;
  out: Writable;
  batchSize: number;
  onBatch?: (rowsDone: number) => Promise<void>;
}): Promise<number> {
  const writer = exportFileWriter(
    options.format,
    options.out,
    options.finance ?? true,
    options.columns ?? null,
  );
  let done = 0;
  for await (const orders of orderBatches(options.scope, options.filters, options.batchSize)) {
    await writer.write(orders);
    done += orders.length;
    await options.onBatch?.(done);
  }
  await writer.end();
  return done;
}

/** 余额明细's entries of `filters` written as {@link writeOrderExport} writes orders. */
export async function writeLedgerExport(options: {
  scope: Scope;
  filters: EntryFilters;
  format: ExportFormat;
  finance?: boolean;
  columns?: readonly OrderExportColumn[] | null;
  out: Writable;
  batchSize: number;
  onBatch?: (rowsDone: number) => Promise<void>;
}): Promise<number> {
  const writer = tableFileWriter(options.format, options.out, BALANCE_EXPORT_TABLE);
  let done = 0;
  for await (const entries of entryBatches(options.scope, options.filters, options.batchSize)) {
    await writer.write(entries);
    done += entries.length;
    await options.onBatch?.(done);
  }
  await writer.end();
  return done;
}

/** A promise that rejects when `stream` emits `event` (its error). */
function rejectOn(stream: NodeJS.EventEmitter, event: string): Promise<never> {
  return new Promise((_, reject) => stream.once(event, reject));
}

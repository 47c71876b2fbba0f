import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { COPY_JOBS, claimNextJob } from '../db/job-queue';
import type { JobKind, Job as Unit } from './runner';

export interface CopyJobsOptions {
  /** Time between two steps of a job (a job takes four steps). Default 700 ms. */
  stepMs?: number;
  /** While idle, how often to look for jobs queued by another instance. Default 5000 ms. */
  idlePollMs?: number;
  /** Jobs advanced per step (running ones first, then newly claimed ones). Default 20. */
  batch?: number;
}

/** A source link whose path contains one of these fails: the demo's way to show a failed copy. */
const FAILING = /(fail|offline|removed)/i;
const COPY_TITLES = ['复制商品', '货源同款', '一件代发'];

interface Job {
  id: number;
  source_url: string;
  shop_id: number;
  /** The seller account of the job: its goods and settings are that account's. */
  account_id: number;
  status: 'queued' | 'running';
  progress: number;
}

/**
 * The copy jobs' kind of the JobRunner (`copy`): advances queued copy jobs in process: queued ->
 * running (10 %) -> 40 % -> 70 % -> succeeded (100 %, with a new draft Goods row) or failed. A unit is
 * one step: it advances up to `batch` running jobs and fills the rest of the batch with queued ones
 * claimed one by one by the turns rule of db/job-queue.ts (the account with the fewest running copies
 * and the oldest turn first), so one account's 200 links do not hold another's one link back. Rows are
 * locked with `FOR UPDATE SKIP LOCKED`, so several instances sharing a Postgres never advance the same
 * job twice. While jobs are active a step is due every `stepMs` (`pollMs` says so to the runner); while
 * none are, the runner looks every `idlePollMs`, or at once on `wake('copy')`.
 */
export class CopyJobs implements JobKind {
  readonly name = 'copy';
  readonly concurrency = 1;
  readonly #stepMs: number;
  readonly #idlePollMs: number;
  readonly #batch: number;
  /** When the next step is due (performance.now()), while jobs are active; null when idle. */
  #nextStepAt: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    options: CopyJobsOptions = {},
  ) {
    this.#stepMs = options.stepMs ?? 700;
    this.#idlePollMs = options.idlePollMs ?? 5000;
    this.#batch = options.batch ?? 20;
  }

  get pollMs() {
    if (this.#nextStepAt === null) return this.#idlePollMs;
    return Math.max(0, Math.ceil(this.#nextStepAt - performance.now()));
  }

  async claim(): Promise<Unit | undefined> {
    // A timer may fire a millisecond early: that is on time.
    if (this.#nextStepAt !== null && performance.now() < this.#nextStepAt - 5) return undefined;
    const [pending] = await this.db.query(
      "SELECT 1 FROM copy_records WHERE status IN ('queued', 'running') LIMIT 1",
    );
    if (!pending) {
      this.#nextStepAt = null;
      return undefined;
    }
    return async () => {
      try {
        const active = await this.step();
        this.#nextStepAt = active ? performance.now() + this.#stepMs : null;
      } catch (error) {
        this.#nextStepAt = performance.now() + this.#idlePollMs;
        throw error;
      }
    };
  }

  /** Advances every active job by one step; resolves to whether any job is still active. */
  async step(): Promise<boolean> {
    const active = await this.db.transaction(async (tx) => {
      const nowS = Math.floor(this.now() / 1000);
      const jobs = await tx.query<Job>(
        `SELECT id, source_url, shop_id, account_id, status, progress FROM copy_records
         WHERE status = 'running' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.#batch],
      );
      let active = false;
      for (let free = this.#batch - jobs.length; free > 0; free--) {
        const claimed = await claimNextJob(tx, COPY_JOBS, {
          set: 'progress = 10, updated_at = $1',
          params: [nowS],
          returning: 'id',
        });
        if (!claimed) break;
        active = true;
      }
      for (const job of jobs) {
        const progress = Math.min(100, job.progress + 30);
        if (progress < 100) {
          await tx.query('UPDATE copy_records SET progress = $2, updated_at = $3 WHERE id = $1', [
            job.id,
            progress,
            nowS,
          ]);
          active = true;
        } else if (FAILING.test(job.source_url)) {
          await tx.query(
            "UPDATE copy_records SET status = 'failed', error = $2, updated_at = $3 WHERE id = $1",
            [job.id, '源商品已下架或无法访问', nowS],
          );
        } else {
          const goodsId = await this.createGoods(tx, job, nowS);
          await tx.query(
            "UPDATE copy_records SET status = 'succeeded', progress = 100, goods_id = $2, updated_at = $3 WHERE id = $1",
            [job.id, goodsId, nowS],
          );
        }
      }
      return active || jobs.length === this.#batch;
    });
    return active;
  }

  private async createGoods(tx: Queryable, job: Job, nowS: number): Promise<number> {
    const digest = createHash('sha256').update(job.source_url).digest();
    const [settings] = await tx.query<{ default_markup_percent: number }>(
      'SELECT default_markup_percent FROM settings WHERE account_id = $1',
      [job.account_id],
    );
    const cost = 990 + (digest.readUInt16BE(0) % 400) * 100;
    const price = Math.round((cost * (100 + (settings?.default_markup_percent ?? 0))) / 100);
    const title = `${COPY_TITLES[(digest[2] ?? 0) % COPY_TITLES.length]} ${new URL(job.source_url).hostname} #${job.id}`;
    const image = `/static/goods/${((digest[3] ?? 0) % 12) + 1}.svg`;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
       VALUES ($1, $2, $3, $4, 'draft', $5::jsonb, $6, $7, $8) RETURNING id`,
      [
        job.shop_id,
        title.slice(0, 60),
        price,
        100,
        JSON.stringify([image]),
        job.source_url,
        nowS,
        job.account_id,
      ],
    );
    if (!row) throw new Error('goods insert returned no row');
    return row.id;
  }
}

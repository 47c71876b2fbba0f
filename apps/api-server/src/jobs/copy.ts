import {
  GOODS_IMAGES_MAX,
  GOODS_PRICE_MAX,
  GOODS_SKUS_MAX,
  GOODS_STOCK_MAX,
  GOODS_TITLE_MAX,
  type GoodsSku,
  isSafeUrl,
  markedUpPrice,
  offerLink,
  type PriceRounding,
  type PublishTarget,
} from '@consign/api-client';
import type { Db, Queryable } from '../db/db';
import { insertSkus, skuTotals } from '../db/goods';
import { choices } from '../db/listings';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { SupplierError, type SupplierOffer } from '../platforms/alibaba';
import { PlatformBudgets } from '../platforms/budgets';
import { offerReadFailure, readSupplierOffer } from '../platforms/offer-reads';
import type { PlatformRegistry } from '../platforms/registry';
import type { SecretBox } from '../security/secret-box';
import { COPY_QUEUE, claimJob } from './queue';
import type { JobKind, Job as Unit } from './runner';

export interface CopyJobsOptions {
  /** While idle, how often to look for jobs queued by another instance. Default 5000 ms. */
  idlePollMs?: number;
  /** Offers read from 1688 at once in this process. Default 2. */
  concurrency?: number;
}

/** A running job not finished within this time (its process died) is queued again. */
export const COPY_LEASE_SECONDS = 5 * 60;

interface Job {
  id: number;
  shop_id: number;
  /** The seller account of the job: its goods, settings and 1688 account are that account's. */
  account_id: number;
  offer_id: string | null;
  /** 铺货 once copied: the shops and the seller's choices for each (null: none). */
  publish: PublishTarget[] | string | null;
  /** When it was claimed (unix s): the finish names it, so a job taken over by another claim is not written twice. */
  updated_at: number | string;
}

/** A copy that cannot be made, in the seller's words (the offer is fine to read, but not to copy). */
class CopyRefused extends Error {}

/** What a copy of an offer writes: the goods row and its SKUs, priced by the seller's rule. */
export interface GoodsDraft {
  title: string;
  images: string[];
  price: number;
  stock: number;
  skus: GoodsSku[];
}

const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');
const stockOf = (n: number) => Math.min(GOODS_STOCK_MAX, Math.max(0, n));

/**
 * The goods draft of a 1688 offer: its title and pictures, one SKU per spec (an offer without specs:
 * one SKU of spec '') with the supplier's price as cost and the 货源 set (quantity 1), each priced at the
 * cost plus `markupPercent`, rounded by `rounding`. A removed offer, one with more specs than a product
 * holds or without pictures, or a price past the limit is refused with the reason.
 */
export function goodsDraft(
  offer: SupplierOffer,
  rule: { markupPercent: number; rounding: PriceRounding },
): GoodsDraft {
  if (offer.status !== 'published') throw new CopyRefused('1688商品已下架或不存在，无法复制');
  if (offer.skus.length > GOODS_SKUS_MAX) {
    throw new CopyRefused(`1688商品有 ${offer.skus.length} 个规格，超过每个商品 ${GOODS_SKUS_MAX} 个的上限`);
  }
  const images = offer.images.filter(isSafeUrl).slice(0, GOODS_IMAGES_MAX);
  if (images.length === 0) throw new CopyRefused('1688商品没有图片，无法复制');
  const specs =
    offer.skus.length > 0
      ? offer.skus.map((sku) => ({
          spec: cut(sku.spec, 200),
          specId: sku.specId,
          cost: sku.priceFen,
          stock: sku.stock,
        }))
      : [{ spec: '', specId: null, cost: offer.priceFen, stock: offer.stock }];
  const skus = specs.map((spec): GoodsSku => {
    const price = markedUpPrice(spec.cost, rule.markupPercent, rule.rounding);
    if (price > GOODS_PRICE_MAX || spec.cost > GOODS_PRICE_MAX) {
      throw new CopyRefused('1688商品价格超出可售价格上限，无法复制');
    }
    return {
      spec: spec.spec,
      price,
      stock: stockOf(spec.stock),
      outer_sku_id: '',
      source: { offer_id: offer.offerId, spec_id: spec.specId, quantity: 1, cost: spec.cost },
    };
  });
  return {
    title: cut(offer.title, GOODS_TITLE_MAX) || `1688商品 ${offer.offerId}`,
    images,
    ...skuTotals(skus),
    skus,
  };
}

/**
 * The copy jobs' kind of the JobRunner (`copy`): 商品复制 of 1688 offers. `claim()` takes one queued job
 * by the turns rule of jobs/queue.ts (the account with the fewest running copies and the oldest turn
 * first, `FOR UPDATE SKIP LOCKED`), so one account's 200 links do not hold another's one link back.
 * The unit reads the offer through the account's 1688 buyer account (outside any transaction), then
 * writes the goods draft, its SKUs with their 货源 and the job's success in one transaction: an offer is
 * copied whole or not at all. A removed offer, an unconnected or expired 1688 account, 1688 not set up
 * or failing: the job fails with the reason (the seller submits the link again). An account past its
 * `offer_read` budget (platforms/budgets.ts) has its jobs wait, queued, until the window ends. A job
 * whose process died is queued again after {@link COPY_LEASE_SECONDS}.
 */
export class CopyJobs implements JobKind {
  readonly name = 'copy';
  readonly concurrency: number;
  readonly pollMs: number;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      box: SecretBox;
      platforms: PlatformRegistry;
      log: Logger;
    },
    options: CopyJobsOptions = {},
  ) {
    this.pollMs = options.idlePollMs ?? 5000;
    this.concurrency = options.concurrency ?? 2;
  }

  #nowS() {
    return Math.floor(this.deps.now() / 1000);
  }

  async claim(): Promise<Unit | undefined> {
    const { db } = this.deps;
    const nowS = this.#nowS();
    await db.query(
      `UPDATE copy_records SET status = 'queued', progress = 0
       WHERE status = 'running' AND updated_at < $1`,
      [nowS - COPY_LEASE_SECONDS],
    );
    // An account that spent its offer_read budget has its copies wait for the window's end.
    const claimed = await claimJob<Job>(db, COPY_QUEUE, {
      set: 'progress = 10, updated_at = $1',
      params: [nowS, this.deps.platforms.budgets.budgets.offer_read.calls],
      returning: 'id, shop_id, account_id, offer_id, publish, updated_at',
      skip: PlatformBudgets.spentSql('offer_read', 'j.account_id', '$1', '$2'),
    });
    const job = claimed?.job;
    return job ? () => this.copy(job) : undefined;
  }

  /** Copies the job's offer, or fails the job with the reason. */
  async copy(job: Job): Promise<void> {
    const { db, box, platforms, log } = this.deps;
    try {
      if (!job.offer_id) throw new CopyRefused('不是1688商品链接，请重新提交1688商品链接');
      const offer = await readSupplierOffer(
        { db, box, platforms },
        job.account_id,
        job.offer_id,
        this.#nowS(),
      );
      await db.transaction(async (tx) => {
        const [held] = await tx.query(
          `SELECT 1 FROM copy_records WHERE id = $1 AND status = 'running' AND updated_at = $2 FOR UPDATE`,
          [job.id, job.updated_at],
        );
        if (!held) return; // taken over by another claim after its lease ran out
        const [rule] = await tx.query<{ default_markup_percent: number; price_rounding: PriceRounding }>(
          'SELECT default_markup_percent, price_rounding FROM settings WHERE account_id = $1',
          [job.account_id],
        );
        const draft = goodsDraft(offer, {
          markupPercent: rule?.default_markup_percent ?? 0,
          rounding: rule?.price_rounding ?? 'none',
        });
        const goodsId = await this.#createGoods(tx, job, offer.offerId, draft);
        await tx.query(
          `UPDATE copy_records SET status = 'succeeded', progress = 100, goods_id = $2, error = NULL,
             updated_at = $3 WHERE id = $1`,
          [job.id, goodsId, this.#nowS()],
        );
        await this.#queueListings(tx, job, goodsId);
      });
    } catch (error) {
      if (error instanceof HttpProblem && error.status === 429) {
        // The account's offer_read budget is spent: queued again, claimed once its window ends.
        await db.query(
          `UPDATE copy_records SET status = 'queued', progress = 0
           WHERE id = $1 AND status = 'running' AND updated_at = $2`,
          [job.id, job.updated_at],
        );
        return;
      }
      let reason: string;
      if (error instanceof CopyRefused) reason = error.message;
      else if (error instanceof SupplierError) reason = offerReadFailure(error);
      else if (error instanceof HttpProblem) reason = error.message;
      else {
        log.error('copy job failed', {
          job: job.id,
          error: error instanceof Error ? error.message : 'unknown',
        });
        reason = '复制失败：服务器发生错误，请稍后重新提交';
      }
      await db.query(
        `UPDATE copy_records SET status = 'failed', error = $3, updated_at = $4
         WHERE id = $1 AND status = 'running' AND updated_at = $2`,
        [job.id, job.updated_at, reason, this.#nowS()],
      );
    }
  }

  /** The copied goods' listings in the shops chosen with the copy (the publish job takes them up). */
  async #queueListings(tx: Queryable, job: Job, goodsId: number) {
    const targets =
      typeof job.publish === 'string' ? (JSON.parse(job.publish) as PublishTarget[]) : job.publish;
    for (const target of targets ?? []) {
      await tx.query(
        `INSERT INTO goods_listings (account_id, goods_id, shop_id, cat_id, cost_template_id, properties,
           cat_name, created_at, updated_at)
         SELECT $1, $2, s.id, $4, $5, $6::jsonb, $7, $8, $8 FROM shops s WHERE s.id = $3 AND s.account_id = $1
         ON CONFLICT (goods_id, shop_id) DO NOTHING`,
        [job.account_id, goodsId, target.shop_id, ...choices(target), this.#nowS()],
      );
    }
  }

  async #createGoods(tx: Queryable, job: Job, offerId: string, draft: GoodsDraft): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
       VALUES ($1, $2, $3, $4, 'draft', $5::jsonb, $6, $7, $8) RETURNING id`,
      [
        job.shop_id,
        draft.title,
        draft.price,
        draft.stock,
        JSON.stringify(draft.images),
        offerLink(offerId),
        this.#nowS(),
        job.account_id,
      ],
    );
    if (!row) throw new Error('goods insert returned no row');
    await insertSkus(tx, job.account_id, row.id, draft.skus);
    return row.id;
  }
}

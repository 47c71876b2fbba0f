import { isSafeUrl, offerIdOfLink } from '@consign/api-client';
import type { Db } from '../db/db';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { SupplierError, type SupplierOffer } from '../platforms/alibaba';
import { PlatformBudgets } from '../platforms/budgets';
import { PlatformError } from '../platforms/connector';
import { offerReadFailure, readSupplierOffer } from '../platforms/offer-reads';
import { PddConnector, type PddGoodsAdd, pddPublishing } from '../platforms/pdd';
import type { PlatformRegistry } from '../platforms/registry';
import type { ConnectorFor, ShopCalls } from '../platforms/shop-calls';
import type { SecretBox } from '../security/secret-box';
import {
  backoffMs,
  type Claim,
  claimJob,
  deferJob,
  finishJob,
  PUBLISH_QUEUE,
  PUBLISH_REVIEW_QUEUE,
  type Queue,
  updateHeld,
} from './queue';
import type { Job, JobKind } from './runner';

/** An image to upload: its bytes and MIME type (image/jpeg or image/png). */
export interface ImageBytes {
  bytes: Uint8Array;
  type: string;
}

export interface PublishJobsOptions {
  /** Units at once in this process. Default 2. */
  concurrency?: number;
  /** While idle, how often to look for due work. Default 2000 ms. */
  idlePollMs?: number;
  /** How long a claim holds a listing. Default 2 minutes. */
  leaseMs?: number;
  /** How often a listing 审核中 is looked at. Default 60 s. */
  reviewPollMs?: number;
  /** Tries before a listing fails on a passing platform error. Default 5. */
  maxAttempts?: number;
  backoff?: { baseMs: number; capMs: number };
  /** Reads an image of the goods (default: over HTTPS, at most 3 MB, JPEG or PNG). */
  fetchImage?: (url: string) => Promise<ImageBytes>;
}

/** Why a listing fails, in the seller's words. */
export const PUBLISH_FAILURES = {
  notPdd: '目前只支持铺货到拼多多店铺',
  noApp: '拼多多未启用或未配置开放平台应用，请联系管理员',
  notAuthorised: '店铺未授权或授权已过期，请先在店铺管理中重新授权',
  noCategory: '请选择拼多多类目后重新发布（这个1688类目还没有对应的拼多多类目）',
  noSaleSpec: '拼多多类目没有可用的销售规格，请换一个类目',
  noFreight: '店铺没有运费模板，请先在拼多多商家后台创建运费模板',
  noImages: '商品没有图片，无法发布',
  image: '商品图片读取失败（只支持 3 MB 以内的 JPG/PNG 图片）',
  property: (name: string) => `类目属性「${name}」需要填写`,
  unknown:
    '上次发布在提交拼多多后中断，结果未知：请先到拼多多商家后台查看是否已有这个商品，确认没有后再点重新发布',
  rejected: (why: string) => `拼多多审核未通过：${why || '未说明原因'}`,
  server: '发布失败：服务器发生错误，请稍后重新发布',
} as const;

const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
const CAROUSEL_MAX = 10;
const DESC_MIN = 20;
const DESC_MAX = 500;
const SPEC_NAME_MAX = 30;

/** Reads an image over HTTPS (no redirects to elsewhere, a size cap, JPEG or PNG only). */
export async function fetchImageOverHttps(url: string): Promise<ImageBytes> {
  if (!isSafeUrl(url) || !url.startsWith('https://')) throw new Refused(PUBLISH_FAILURES.image);
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(15_000) });
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!response.ok || !['image/jpeg', 'image/png'].includes(type)) throw new Refused(PUBLISH_FAILURES.image);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES) throw new Refused(PUBLISH_FAILURES.image);
  return { bytes, type };
}

/** A listing that cannot be published as it is: fails with this reason (重新发布 after fixing it). */
class Refused extends Error {}

interface ClaimedListing {
  id: number;
  attempts: number;
  account_id: number;
  goods_id: number;
  shop_id: number;
  cat_id: string | null;
  cost_template_id: string | null;
  properties: Record<string, string> | string | null;
  goods_commit_id: string | null;
  add_sent_at: number | string | null;
}

interface GoodsRow {
  title: string;
  images: string[] | string;
  source_url: string | null;
}

interface SkuRow {
  spec: string;
  price: number | string;
  stock: number;
  outer_sku_id: string;
  supplier_spec_id: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/**
 * 铺货's job kind (`publish`, docs/design.md#publishing-goods-to-a-shop): one unit per (goods, shop)
 * listing, claimed from {@link PUBLISH_QUEUE} (leased, turns between accounts), and the review
 * follow-up of {@link PUBLISH_REVIEW_QUEUE}. A unit reads the goods, its 1688 offer (category,
 * attributes, the supplier's stock), the shop's category template and freight templates, uploads the
 * images, makes the spec ids and sends `pdd.goods.add`; then the listing is 审核中 until
 * `pdd.goods.commit.detail.get` says 已发布 or 驳回.
 *
 * Never listed twice: the row is unique per (goods, shop), and `add_sent_at` fences the add: written
 * (by the holding claim) before the call, cleared when the platform definitely refused it, and kept with
 * the answer's ids. A claim that finds it set without a commit id (its process died, or the answer was
 * lost) does not add again: the listing fails with {@link PUBLISH_FAILURES}.unknown, for the seller to
 * check the shop before 重新发布.
 */
export class PublishJobs implements JobKind {
  readonly name = 'publish';
  readonly concurrency: number;
  readonly pollMs: number;
  readonly #options: Required<Omit<PublishJobsOptions, 'concurrency' | 'idlePollMs'>>;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      box: SecretBox;
      platforms: PlatformRegistry;
      shopCalls: ShopCalls;
      connectorFor: ConnectorFor;
      log: Logger;
    },
    options: PublishJobsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.pollMs = options.idlePollMs ?? 2000;
    this.#options = {
      leaseMs: options.leaseMs ?? 120_000,
      reviewPollMs: options.reviewPollMs ?? 60_000,
      maxAttempts: options.maxAttempts ?? 5,
      backoff: options.backoff ?? { baseMs: 10_000, capMs: 600_000 },
      fetchImage: options.fetchImage ?? fetchImageOverHttps,
    };
  }

  #nowS() {
    return Math.floor(this.deps.now() / 1000);
  }

  async claim(): Promise<Job | undefined> {
    const { db } = this.deps;
    const returning = `id, attempts, account_id, goods_id, shop_id, cat_id::text, cost_template_id::text, properties,
      goods_commit_id, add_sent_at`;
    const review = await claimJob<ClaimedListing>(db, PUBLISH_REVIEW_QUEUE, {
      returning,
      leaseMs: this.#options.leaseMs,
    });
    if (review) return () => this.#review(review.job);
    // A shop that spent its window of 拼多多 publish calls has its listings wait (platforms/budgets.ts).
    const claimed = await claimJob<ClaimedListing>(db, PUBLISH_QUEUE, {
      returning,
      leaseMs: this.#options.leaseMs,
      params: [this.#nowS(), this.deps.platforms.budgets.budgets.pdd_publish_shop.calls],
      skip: PlatformBudgets.spentSql('pdd_publish_shop', 'j.shop_id', '$1', '$2'),
    });
    return claimed ? () => this.#publish(claimed.job) : undefined;
  }

  #fail(queue: Queue, claim: Claim, reason: string) {
    return finishJob(this.deps.db, queue, claim, {
      status: 'failed',
      set: 'reason = $1, updated_at = $2',
      params: [reason, this.#nowS()],
    });
  }

  /** The shop's connector and tokens, or a refusal naming what is missing. */
  async #shop(shopId: number) {
    const { db, connectorFor, shopCalls } = this.deps;
    const [shop] = await db.query<{ platform: string; auth_status: string }>(
      'SELECT platform, auth_status FROM shops WHERE id = $1',
      [shopId],
    );
    if (shop?.platform !== 'pinduoduo') throw new Refused(PUBLISH_FAILURES.notPdd);
    const connector = await connectorFor('pinduoduo');
    if (!(connector instanceof PddConnector)) throw new Refused(PUBLISH_FAILURES.noApp);
    const tokens = await shopCalls.tokens(shopId);
    if (!tokens || shop.auth_status !== 'authorized') throw new Refused(PUBLISH_FAILURES.notAuthorised);
    const call = <T>(fn: (token: string) => Promise<T>) => shopCalls.withToken(shopId, connector, tokens, fn);
    return { connector, call };
  }

  async #publish(listing: ClaimedListing): Promise<void> {
    const { db, log } = this.deps;
    const claim = { id: listing.id, attempts: listing.attempts };
    try {
      if (listing.add_sent_at !== null && listing.goods_commit_id === null) {
        throw new Refused(PUBLISH_FAILURES.unknown);
      }
      const { connector, call } = await this.#shop(listing.shop_id);
      if (!(await this.#withinPlatformLimits(listing.shop_id, claim))) return;
      const [goods] = await db.query<GoodsRow>(
        'SELECT title, images, source_url FROM goods WHERE id = $1 AND account_id = $2',
        [listing.goods_id, listing.account_id],
      );
      if (!goods) throw new Refused('商品已删除');
      const skus = await db.query<SkuRow>(
        `SELECT spec, price, stock, outer_sku_id, supplier_spec_id FROM goods_skus WHERE goods_id = $1
         ORDER BY position`,
        [listing.goods_id],
      );
      const images = json(goods.images).slice(0, CAROUSEL_MAX);
      if (images.length === 0 || skus.length === 0) throw new Refused(PUBLISH_FAILURES.noImages);
      const offer = await this.#offer(listing.account_id, goods.source_url);

      // Category: the seller's choice, else the one remembered for the offer's 1688 category.
      const catId = listing.cat_id ?? (await this.#rememberedCategory(listing.account_id, offer));
      if (!catId) throw new Refused(PUBLISH_FAILURES.noCategory);
      const template = await call((token) => pddPublishing.catTemplate(connector, token, catId));
      const chosen = listing.properties ? json(listing.properties) : {};
      const attributes = new Map((offer?.attributes ?? []).map((a) => [a.name, a.value]));
      const goodsProperties: PddGoodsAdd['goods_properties'] = [];
      for (const property of template.filter((p) => !p.is_sale)) {
        const value = chosen[property.name] ?? attributes.get(property.name);
        if (value) {
          goodsProperties.push({
            template_pid: property.id,
            ...(property.ref_pid ? { ref_pid: property.ref_pid } : {}),
            value,
          });
        } else if (property.required) {
          throw new Refused(PUBLISH_FAILURES.property(property.name));
        }
      }
      // One spec dimension (the category's first sale property), one value per SKU: its spec as copied.
      const saleSpec = template.find((p) => p.is_sale && p.spec_id)?.spec_id;
      if (!saleSpec) throw new Refused(PUBLISH_FAILURES.noSaleSpec);
      const freight =
        listing.cost_template_id ??
        (await call((token) => pddPublishing.freightTemplates(connector, token)))[0]?.id;
      if (!freight) throw new Refused(PUBLISH_FAILURES.noFreight);

      const uploaded: string[] = [];
      for (const url of images) {
        const image = await this.#options.fetchImage(url).catch((error: unknown) => {
          throw error instanceof Refused ? error : new Refused(PUBLISH_FAILURES.image);
        });
        uploaded.push(await call((token) => pddPublishing.uploadImage(connector, token, image)));
      }
      const supplierStock = new Map((offer?.skus ?? []).map((s) => [s.specId, s.stock]));
      const skuList: PddGoodsAdd['sku_list'] = [];
      for (const sku of skus) {
        const specName = cut(sku.spec, SPEC_NAME_MAX) || '默认';
        const specId = await call((token) => pddPublishing.specId(connector, token, saleSpec, specName));
        const multiPrice = Number(sku.price);
        const stock =
          sku.supplier_spec_id !== null
            ? (supplierStock.get(sku.supplier_spec_id) ?? sku.stock)
            : offer && offer.skus.length === 0
              ? offer.stock
              : sku.stock;
        skuList.push({
          spec_id_list: JSON.stringify([Number(specId)]),
          // 拼单价 is the goods price (the seller's rule); 单买价 must be higher: 10 % more, rounded up.
          multi_price: multiPrice,
          price: Math.ceil(multiPrice * 1.1),
          quantity: Math.max(0, stock),
          out_sku_sn: sku.outer_sku_id,
          thumb_url: uploaded[0] ?? '',
          weight: 500,
          limit_quantity: 999,
          is_onsale: 1,
        });
      }
      const title = cut(goods.title, 60);
      const described = [title, ...goodsProperties.map((p) => p.value)].join('，');
      const add: PddGoodsAdd = {
        goods_name: title,
        goods_desc: cut(
          [...described].length >= DESC_MIN ? described : `${described}，详见商品图片与规格说明`,
          DESC_MAX,
        ),
        cat_id: catId,
        cost_template_id: freight,
        carousel_gallery: uploaded,
        detail_gallery: uploaded,
        market_price: Math.max(...skuList.map((s) => s.price)),
        out_goods_id: `consign-${listing.id}`,
        goods_properties: goodsProperties,
        sku_list: skuList,
      };

      // The fence: from here a lost answer means "maybe added".
      const fenced = await updateHeld(db, PUBLISH_QUEUE, claim, 'add_sent_at = $1, updated_at = $1', [
        this.#nowS(),
      ]);
      if (!fenced) return; // taken over after the lease ran out
      let added: { goodsId: string; commitId: string };
      try {
        added = await call((token) => pddPublishing.addGoods(connector, token, add));
      } catch (error) {
        const definite =
          error instanceof PlatformError &&
          ['invalid', 'business', 'auth', 'token_expired', 'rate_limit', 'quota'].includes(error.kind);
        if (definite) {
          await updateHeld(db, PUBLISH_QUEUE, claim, 'add_sent_at = NULL');
          throw error;
        }
        throw new Refused(PUBLISH_FAILURES.unknown);
      }
      await finishJob(db, PUBLISH_QUEUE, claim, {
        status: 'reviewing',
        retryInMs: this.#options.reviewPollMs,
        set: 'platform_goods_id = $1, goods_commit_id = $2, reason = NULL, attempts = 0, updated_at = $3',
        params: [added.goodsId, added.commitId, this.#nowS()],
      });
      await this.#remember(listing.account_id, offer, catId);
    } catch (error) {
      await this.#failOrRetry(PUBLISH_QUEUE, claim, error, 'queued');
      if (
        !(error instanceof Refused) &&
        !(error instanceof PlatformError) &&
        !(error instanceof SupplierError)
      ) {
        log.error('publish job failed', {
          listing: listing.id,
          error: error instanceof Error ? error.message : 'unknown',
        });
      }
    }
  }

  async #review(listing: ClaimedListing): Promise<void> {
    const { db } = this.deps;
    const claim = { id: listing.id, attempts: listing.attempts };
    try {
      const { connector, call } = await this.#shop(listing.shop_id);
      const commitId = listing.goods_commit_id ?? '';
      const detail = await call((token) => pddPublishing.commitDetail(connector, token, commitId));
      if (detail.review === 'approved') {
        await finishJob(db, PUBLISH_REVIEW_QUEUE, claim, {
          status: 'published',
          set: 'platform_goods_id = COALESCE($1, platform_goods_id), reason = NULL, updated_at = $2',
          params: [detail.goodsId, this.#nowS()],
        });
      } else if (detail.review === 'rejected') {
        await this.#fail(PUBLISH_REVIEW_QUEUE, claim, PUBLISH_FAILURES.rejected(detail.message));
      } else {
        await finishJob(db, PUBLISH_REVIEW_QUEUE, claim, {
          status: 'reviewing',
          retryInMs: this.#options.reviewPollMs,
          set: 'attempts = 0',
        });
      }
    } catch (error) {
      await this.#failOrRetry(PUBLISH_REVIEW_QUEUE, claim, error, 'reviewing');
    }
  }

  /** A passing error is tried again after the backoff (up to `maxAttempts`); anything else fails. */
  async #failOrRetry(queue: Queue, claim: Claim, error: unknown, waiting: string) {
    // A passing platform or 1688 error, or the account's 1688 read budget spent for now (429).
    const retryable =
      error instanceof PlatformError || error instanceof SupplierError
        ? error.retryable
        : error instanceof HttpProblem && error.status === 429;
    if (retryable && (claim.attempts ?? 0) < this.#options.maxAttempts) {
      await finishJob(this.deps.db, queue, claim, {
        status: waiting,
        retryInMs: backoffMs(claim.attempts ?? 1, this.#options.backoff),
        set: 'reason = $1',
        params: [error instanceof Error ? error.message : ''],
      });
      return;
    }
    const reason =
      error instanceof Refused || error instanceof PlatformError
        ? error.message
        : error instanceof SupplierError
          ? offerReadFailure(error)
          : PUBLISH_FAILURES.server;
    await this.#fail(queue, claim, reason);
  }

  /**
   * Counts this unit against 拼多多's documented call limits of `pdd.goods.add` (per shop, per app:
   * `pdd_publish_shop`, `pdd_publish_app`); past either the listing is put back until the window
   * ends, its attempt not counted. False when it was put back.
   */
  async #withinPlatformLimits(shopId: number, claim: Claim): Promise<boolean> {
    const { db, platforms } = this.deps;
    const nowS = this.#nowS();
    for (const [kind, key] of [
      ['pdd_publish_shop', shopId],
      ['pdd_publish_app', 0],
    ] as const) {
      if (await platforms.budgets.take(db, kind, key, nowS)) continue;
      const waitS = await platforms.budgets.waitSeconds(db, kind, key, nowS);
      await deferJob(db, PUBLISH_QUEUE, claim, waitS * 1000);
      return false;
    }
    return true;
  }

  /** The goods' 1688 offer (category, attributes, stock), or null for goods not copied from 1688. */
  async #offer(accountId: number, sourceUrl: string | null): Promise<SupplierOffer | null> {
    const offerId = sourceUrl ? offerIdOfLink(sourceUrl) : null;
    if (!offerId) return null;
    const { db, box, platforms } = this.deps;
    return readSupplierOffer({ db, box, platforms }, accountId, offerId, this.#nowS());
  }

  async #rememberedCategory(accountId: number, offer: SupplierOffer | null): Promise<string | null> {
    if (!offer?.categoryId) return null;
    const [row] = await this.deps.db.query<{ cat_id: string }>(
      `SELECT cat_id::text FROM listing_category_map
       WHERE account_id = $1 AND platform = 'pinduoduo' AND source_category = $2`,
      [accountId, offer.categoryId],
    );
    return row?.cat_id ?? null;
  }

  /** Remembers the category a goods of this 1688 category was published in (the next goods of it goes there). */
  async #remember(accountId: number, offer: SupplierOffer | null, catId: string) {
    if (!offer?.categoryId) return;
    await this.deps.db.query(
      `INSERT INTO listing_category_map (account_id, platform, source_category, cat_id)
       VALUES ($1, 'pinduoduo', $2, $3)
       ON CONFLICT (account_id, platform, source_category) DO UPDATE SET cat_id = EXCLUDED.cat_id`,
      [accountId, offer.categoryId, catId],
    );
  }
}

import { isSafeUrl, offerIdOfLink } from '@consign/api-client';
import type { Db } from '../db/db';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { SupplierError, type SupplierOffer } from '../platforms/alibaba';
import { PlatformBudgets } from '../platforms/budgets';
import { type PlatformConnector, PlatformError } from '../platforms/connector';
import {
  DoudianConnector,
  type DoudianProductAdd,
  type DoudianPropertyValue,
  doudianPropertyValue,
  doudianPublishing,
  doudianSpecs,
  doudianTitle,
} from '../platforms/doudian';
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

/** The sales platforms 铺货 publishes to (a shop's `platform`). */
export type PublishPlatform = 'pinduoduo' | 'douyin';

/** Why a listing fails, in the seller's words, naming the shop's platform. */
export function publishFailures(platform: PublishPlatform) {
  const name = platform === 'douyin' ? '抖店' : '拼多多';
  return {
    platform: '目前只支持铺货到拼多多或抖店店铺',
    noApp: `${name}未启用或未配置开放平台应用，请联系管理员`,
    notAuthorised: '店铺未授权或授权已过期，请先在店铺管理中重新授权',
    noCategory: `请选择${name}类目后重新发布（这个1688类目还没有对应的${name}类目）`,
    noSaleSpec: `${name}类目没有可用的销售规格，请换一个类目`,
    noFreight: `店铺没有运费模板，请先在${name}商家后台创建运费模板`,
    noImages: '商品没有图片，无法发布',
    image: '商品图片读取失败（只支持 3 MB 以内的 JPG/PNG 图片）',
    property: (property: string) => `类目属性「${property}」需要填写`,
    propertyValue: (property: string, options: string[]) =>
      `类目属性「${property}」只能选：${options.slice(0, 10).join('、')}${options.length > 10 ? ' 等' : ''}`,
    unknown: `上次发布在提交${name}后中断，结果未知：请先到${name}商家后台查看是否已有这个商品，确认没有后再点重新发布`,
    unknownEdit: `上次重新提交${name}审核时中断，结果未知：请到${name}商家后台查看这个商品的审核状态，需要时再点重新发布（仍修改同一个商品，不会新建）`,
    rejected: (why: string) => `${name}审核未通过：${why || '未说明原因'}`,
    server: '发布失败：服务器发生错误，请稍后重新发布',
  } as const;
}

/** Why a listing of a 拼多多 shop fails. */
export const PUBLISH_FAILURES = publishFailures('pinduoduo');
/** Why a listing of a 抖店 shop fails. */
export const DOUDIAN_PUBLISH_FAILURES = publishFailures('douyin');

/**
 * The 商家编码 (`out_sku_sn` on 拼多多, `code` on 抖店) sent for a goods SKU that has none, and written
 * on it: the platform's order lines carry it back (`outer_id`), so an order of the listed goods is
 * bought as this SKU and its 货源 without 关联货源 (db/purchase.ts matches by 商家编码).
 */
export const listingSkuCode = (skuId: number) => `CS${skuId}`;

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
  cat_name: string | null;
  cost_template_id: string | null;
  properties: Record<string, string> | string | null;
  /** Set once the platform made the goods: 重新发布 then edits it rather than adding another. */
  platform_goods_id: string | null;
  goods_commit_id: string | null;
  add_sent_at: number | string | null;
}

interface GoodsRow {
  title: string;
  images: string[] | string;
  source_url: string | null;
}

interface SkuRow {
  id: number;
  spec: string;
  price: number | string;
  stock: number;
  outer_sku_id: string;
  supplier_spec_id: string | null;
}

/** A listing being published, read once. */
interface Draft {
  listing: ClaimedListing;
  goods: GoodsRow;
  skus: SkuRow[];
  images: string[];
  offer: SupplierOffer | null;
  catId: string;
}

/** The platform's create call (or edit of the goods it made), ready to send with a token. */
type Send = (token: string) => Promise<{ goodsId: string; commitId: string }>;

type ShopCall = <T>(fn: (token: string) => Promise<T>) => Promise<T>;
interface PddShop {
  platform: 'pinduoduo';
  connector: PddConnector;
  failures: ReturnType<typeof publishFailures>;
  call: ShopCall;
}
interface DoudianShop {
  platform: 'douyin';
  connector: DoudianConnector;
  failures: ReturnType<typeof publishFailures>;
  call: ShopCall;
}
type PublishShop = PddShop | DoudianShop;

/** 抖店's `pic`: at most 5 images, the first the main one. */
const DOUDIAN_PIC_MAX = 5;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/**
 * 铺货's job kind (`publish`, docs/design.md#publishing-goods-to-a-shop): one unit per (goods, shop)
 * listing, claimed from {@link PUBLISH_QUEUE} (leased, turns between accounts), and the review
 * follow-up of {@link PUBLISH_REVIEW_QUEUE}. A unit reads the goods, its 1688 offer (category,
 * attributes, the supplier's stock), then by the shop's platform: 拼多多 — the category template and
 * freight templates, uploads the images, makes the spec ids and sends `pdd.goods.add`; 抖店 — the
 * category's properties and freight templates, uploads the images to the 素材中心 and sends
 * `/product/addV2`. Then the listing is 审核中 until `pdd.goods.commit.detail.get` (抖店:
 * `/product/detail`) says 已发布 or 驳回. The commit id is 拼多多's `goods_commit_id`, 抖店's product id.
 *
 * Never listed twice: the row is unique per (goods, shop), and `add_sent_at` fences the add: written
 * (by the holding claim) before the call, cleared when the platform definitely refused it, and kept with
 * the answer's ids. A claim that finds it set without a commit id (its process died, or the answer was
 * lost) does not add again: the listing fails with {@link publishFailures}'s `unknown`, for the seller to
 * check the shop before 重新发布. A listing whose goods the platform made (then rejected) keeps their id
 * through 重新发布, and its unit edits and resubmits them instead (`pdd.goods.information.update`,
 * `/product/editV2`) under the same fence: a lost edit fails with `unknownEdit`, never turns into an add.
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
    const returning = `id, attempts, account_id, goods_id, shop_id, cat_id::text, cat_name, cost_template_id::text,
      properties, platform_goods_id, goods_commit_id, add_sent_at`;
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

  /** The shop's platform, connector and tokens, or a refusal naming what is missing. */
  async #shop(shopId: number): Promise<PublishShop> {
    const { db, connectorFor, shopCalls } = this.deps;
    const [shop] = await db.query<{ platform: string; auth_status: string }>(
      'SELECT platform, auth_status FROM shops WHERE id = $1',
      [shopId],
    );
    const platform = shop?.platform;
    if (!shop || (platform !== 'pinduoduo' && platform !== 'douyin')) {
      throw new Refused(PUBLISH_FAILURES.platform);
    }
    const failures = publishFailures(platform);
    const connector = await connectorFor(platform);
    const tokens = await shopCalls.tokens(shopId);
    const usable = (c: PlatformConnector) => {
      if (!tokens || shop.auth_status !== 'authorized') throw new Refused(failures.notAuthorised);
      return <T>(fn: (token: string) => Promise<T>) => shopCalls.withToken(shopId, c, tokens, fn);
    };
    if (platform === 'pinduoduo') {
      if (!(connector instanceof PddConnector)) throw new Refused(failures.noApp);
      return { platform, connector, failures, call: usable(connector) };
    }
    if (!(connector instanceof DoudianConnector)) throw new Refused(failures.noApp);
    return { platform, connector, failures, call: usable(connector) };
  }

  async #publish(listing: ClaimedListing): Promise<void> {
    const { db, log } = this.deps;
    const claim = { id: listing.id, attempts: listing.attempts };
    try {
      if (listing.add_sent_at !== null && listing.goods_commit_id === null) {
        const failures = await this.#failuresOf(listing.shop_id);
        throw new Refused(listing.platform_goods_id === null ? failures.unknown : failures.unknownEdit);
      }
      const shop = await this.#shop(listing.shop_id);
      if (shop.platform === 'pinduoduo' && !(await this.#withinPlatformLimits(listing.shop_id, claim)))
        return;
      const [goods] = await db.query<GoodsRow>(
        'SELECT title, images, source_url FROM goods WHERE id = $1 AND account_id = $2',
        [listing.goods_id, listing.account_id],
      );
      if (!goods) throw new Refused('商品已删除');
      const skus = await db.query<SkuRow>(
        `SELECT id, spec, price, stock, outer_sku_id, supplier_spec_id FROM goods_skus WHERE goods_id = $1
         ORDER BY position`,
        [listing.goods_id],
      );
      const images = json(goods.images).slice(0, CAROUSEL_MAX);
      if (images.length === 0 || skus.length === 0) throw new Refused(shop.failures.noImages);
      const offer = await this.#offer(listing.account_id, goods.source_url);

      // Category: the seller's choice, else the one remembered for the offer's 1688 category. The listing
      // keeps the one used and its name (the remembered name where the choice came without one).
      const remembered = await this.#rememberedCategory(listing.account_id, shop.platform, offer);
      const catId = listing.cat_id ?? remembered?.catId;
      if (!catId) throw new Refused(shop.failures.noCategory);
      const catName = listing.cat_name ?? (remembered?.catId === catId ? remembered.catName : null);
      if (catId !== listing.cat_id || catName !== listing.cat_name) {
        await updateHeld(db, PUBLISH_QUEUE, claim, 'cat_id = $1, cat_name = $2', [catId, catName]);
      }
      const draft: Draft = { listing, goods, skus, images, offer, catId };
      const send =
        shop.platform === 'pinduoduo' ? await this.#pddAdd(shop, draft) : await this.#doudianAdd(shop, draft);

      // A SKU without a 商家编码 gets ours, so the platform's order lines name it (order matching).
      await db.query(
        `UPDATE goods_skus SET outer_sku_id = 'CS' || id WHERE goods_id = $1 AND account_id = $2
           AND outer_sku_id = ''`,
        [listing.goods_id, listing.account_id],
      );
      // The fence: from here a lost answer means "maybe added" (or "maybe edited": never an add then).
      const fenced = await updateHeld(db, PUBLISH_QUEUE, claim, 'add_sent_at = $1, updated_at = $1', [
        this.#nowS(),
      ]);
      if (!fenced) return; // taken over after the lease ran out
      let added: { goodsId: string; commitId: string };
      try {
        added = await shop.call(send);
      } catch (error) {
        const definite =
          error instanceof PlatformError &&
          ['invalid', 'business', 'auth', 'token_expired', 'rate_limit', 'quota'].includes(error.kind);
        if (definite) {
          await updateHeld(db, PUBLISH_QUEUE, claim, 'add_sent_at = NULL');
          throw error;
        }
        throw new Refused(
          listing.platform_goods_id === null ? shop.failures.unknown : shop.failures.unknownEdit,
        );
      }
      await finishJob(db, PUBLISH_QUEUE, claim, {
        status: 'reviewing',
        retryInMs: this.#options.reviewPollMs,
        set: 'platform_goods_id = $1, goods_commit_id = $2, reason = NULL, attempts = 0, updated_at = $3',
        params: [added.goodsId, added.commitId, this.#nowS()],
      });
      await this.#remember(listing.account_id, shop.platform, offer, catId, catName);
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

  /** The stock of a SKU: the supplier's of its spec, the offer's for a single-spec offer, else ours. */
  #stock(sku: SkuRow, offer: SupplierOffer | null): number {
    const supplierStock = new Map((offer?.skus ?? []).map((s) => [s.specId, s.stock]));
    const stock =
      sku.supplier_spec_id !== null
        ? (supplierStock.get(sku.supplier_spec_id) ?? sku.stock)
        : offer && offer.skus.length === 0
          ? offer.stock
          : sku.stock;
    return Math.max(0, stock);
  }

  /** Reads an image of the goods, a failure being the listing's (not a passing one). */
  #image(url: string): Promise<ImageBytes> {
    return this.#options.fetchImage(url).catch((error: unknown) => {
      throw error instanceof Refused ? error : new Refused(PUBLISH_FAILURES.image);
    });
  }

  /**
   * 拼多多: the category template, the freight templates, the images uploaded, a spec id per SKU;
   * answers the `pdd.goods.add` call to make.
   */
  async #pddAdd(shop: PddShop, { listing, goods, skus, images, offer, catId }: Draft): Promise<Send> {
    const { connector, call, failures } = shop;
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
        throw new Refused(failures.property(property.name));
      }
    }
    // One spec dimension (the category's first sale property), one value per SKU: its spec as copied.
    const saleSpec = template.find((p) => p.is_sale && p.spec_id)?.spec_id;
    if (!saleSpec) throw new Refused(failures.noSaleSpec);
    const freight =
      listing.cost_template_id ??
      (await call((token) => pddPublishing.freightTemplates(connector, token)))[0]?.id;
    if (!freight) throw new Refused(failures.noFreight);

    const uploaded: string[] = [];
    for (const url of images) {
      const image = await this.#image(url);
      uploaded.push(await call((token) => pddPublishing.uploadImage(connector, token, image)));
    }
    const skuList: PddGoodsAdd['sku_list'] = [];
    for (const sku of skus) {
      const specName = cut(sku.spec, SPEC_NAME_MAX) || '默认';
      const specId = await call((token) => pddPublishing.specId(connector, token, saleSpec, specName));
      const multiPrice = Number(sku.price);
      skuList.push({
        spec_id_list: JSON.stringify([Number(specId)]),
        // 拼单价 is the goods price (the seller's rule); 单买价 must be higher: 10 % more, rounded up.
        multi_price: multiPrice,
        price: Math.ceil(multiPrice * 1.1),
        quantity: this.#stock(sku, offer),
        out_sku_sn: sku.outer_sku_id || listingSkuCode(sku.id),
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
    // 重新发布 of goods the platform made (then rejected) edits and resubmits them, never a second add.
    const made = listing.platform_goods_id;
    return made
      ? (token) => pddPublishing.editGoods(connector, token, made, add)
      : (token) => pddPublishing.addGoods(connector, token, add);
  }

  /**
   * 抖店: the category's properties, the freight templates, the images read (as for 拼多多) and
   * uploaded by their URLs to the shop's 素材中心; answers the `/product/addV2` call to make (prices in
   * 分, the goods' own; 客服电话 代发设置's 抖店客服电话, else the account owner's mobile).
   */
  async #doudianAdd(shop: DoudianShop, { listing, goods, skus, images, offer, catId }: Draft): Promise<Send> {
    const { connector, call, failures } = shop;
    const properties = await call((token) => doudianPublishing.properties(connector, token, catId));
    const chosen = listing.properties ? json(listing.properties) : {};
    const attributes = new Map((offer?.attributes ?? []).map((a) => [a.name, a.value]));
    const format: Record<string, DoudianPropertyValue[]> = {};
    for (const property of properties.filter((p) => !p.sale)) {
      const text = chosen[property.name] ?? attributes.get(property.name);
      if (!text) {
        if (property.required) throw new Refused(failures.property(property.name));
        continue;
      }
      const value = doudianPropertyValue(property, text);
      if (value) {
        format[property.id] = [value];
      } else if (property.required || chosen[property.name] !== undefined) {
        // Not a value the platform takes (an optional one from the offer is left out).
        throw new Refused(
          failures.propertyValue(
            property.name,
            property.options.map((o) => o.name),
          ),
        );
      }
    }
    const specName = properties.find((p) => p.sale)?.name ?? '规格';
    const freight =
      listing.cost_template_id ??
      (await call((token) => doudianPublishing.freightTemplates(connector, token)))[0]?.id;
    if (!freight) throw new Refused(failures.noFreight);
    // The platform reads the images itself: each is checked first as 拼多多's are read.
    for (const url of images) await this.#image(url);
    const uploaded = await call((token) => doudianPublishing.uploadImages(connector, token, images));
    const [owner] = await this.deps.db.query<{ mobile: string }>(
      `SELECT COALESCE(NULLIF(st.doudian_service_phone, ''), u.mobile) AS mobile FROM seller_accounts a
       JOIN users u ON u.id = a.owner_user_id LEFT JOIN settings st ON st.account_id = a.id WHERE a.id = $1`,
      [listing.account_id],
    );
    const add: DoudianProductAdd = {
      name: doudianTitle(goods.title),
      category_leaf_id: Number(catId),
      pic: uploaded.slice(0, DOUDIAN_PIC_MAX).join('|'),
      description: uploaded.join('|'),
      freight_id: Number(freight),
      mobile: owner?.mobile ?? '',
      ...doudianSpecs(
        specName,
        skus.map((sku) => ({
          spec: sku.spec,
          priceFen: Number(sku.price),
          stock: this.#stock(sku, offer),
          code: sku.outer_sku_id || listingSkuCode(sku.id),
        })),
      ),
      product_format_new: JSON.stringify(format),
      outer_product_id: `consign-${listing.id}`,
    };
    const made = listing.platform_goods_id;
    return made
      ? (token) => doudianPublishing.editProduct(connector, token, made, add)
      : (token) => doudianPublishing.addProduct(connector, token, add);
  }

  async #review(listing: ClaimedListing): Promise<void> {
    const { db } = this.deps;
    const claim = { id: listing.id, attempts: listing.attempts };
    try {
      const shop = await this.#shop(listing.shop_id);
      const commitId = listing.goods_commit_id ?? '';
      const detail =
        shop.platform === 'pinduoduo'
          ? await shop.call((token) => pddPublishing.commitDetail(shop.connector, token, commitId))
          : await shop.call((token) => doudianPublishing.review(shop.connector, token, commitId));
      if (detail.review === 'approved') {
        await finishJob(db, PUBLISH_REVIEW_QUEUE, claim, {
          status: 'published',
          set: 'platform_goods_id = COALESCE($1, platform_goods_id), reason = NULL, updated_at = $2',
          params: [detail.goodsId, this.#nowS()],
        });
      } else if (detail.review === 'rejected') {
        await this.#fail(PUBLISH_REVIEW_QUEUE, claim, shop.failures.rejected(detail.message));
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

  async #rememberedCategory(
    accountId: number,
    platform: PublishPlatform,
    offer: SupplierOffer | null,
  ): Promise<{ catId: string; catName: string | null } | null> {
    if (!offer?.categoryId) return null;
    const [row] = await this.deps.db.query<{ cat_id: string; cat_name: string | null }>(
      `SELECT cat_id::text, cat_name FROM listing_category_map
       WHERE account_id = $1 AND platform = $2 AND source_category = $3`,
      [accountId, platform, offer.categoryId],
    );
    return row ? { catId: row.cat_id, catName: row.cat_name } : null;
  }

  /** Remembers the category a goods of this 1688 category was published in (the next goods of it goes there). */
  async #remember(
    accountId: number,
    platform: PublishPlatform,
    offer: SupplierOffer | null,
    catId: string,
    catName: string | null,
  ) {
    if (!offer?.categoryId) return;
    // A name not known keeps the one remembered for the same category.
    await this.deps.db.query(
      `INSERT INTO listing_category_map (account_id, platform, source_category, cat_id, cat_name)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, platform, source_category) DO UPDATE SET cat_id = EXCLUDED.cat_id,
         cat_name = COALESCE(EXCLUDED.cat_name,
           CASE WHEN listing_category_map.cat_id = EXCLUDED.cat_id THEN listing_category_map.cat_name END)`,
      [accountId, platform, offer.categoryId, catId, catName],
    );
  }

  /** The refusals in the words of the shop's platform (拼多多's when it is neither). */
  async #failuresOf(shopId: number) {
    const [shop] = await this.deps.db.query<{ platform: string }>(
      'SELECT platform FROM shops WHERE id = $1',
      [shopId],
    );
    return publishFailures(shop?.platform === 'douyin' ? 'douyin' : 'pinduoduo');
  }
}

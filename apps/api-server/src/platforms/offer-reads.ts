import {
  type FeaturedOffer,
  normaliseOfferId,
  offerIdOf,
  type SupplierOffer as SupplierOfferView,
} from '@consign/api-client';
import type { Queryable } from '../db/db';
import { featuredView, keepFeaturedRead, listFeatured } from '../db/featured';
import { HttpProblem } from '../http/respond';
import type { SecretBox } from '../security/secret-box';
import { type OfferRelation, SupplierError, type SupplierOffer } from './alibaba';
import type { PlatformBudgets } from './budgets';
import { withFreshToken } from './fresh-token';
import type { PlatformRegistry } from './registry';
import { supplierAccessToken } from './supplier-tokens';

/** What a seller reads when 1688 is disabled or has no usable app in 全局设置. */
export const SUPPLIER_UNAVAILABLE = '1688未启用或未配置开放平台应用，请联系管理员';

/**
 * How 1688 offers are read (docs/design.md#purchasing-on-1688-and-product-copy): an offer read within `ttlSeconds` is
 * answered from `offer_reads` (every account and instance share it); a read sent to 1688 spends the
 * account's `offer_read` budget (platforms/budgets.ts), so that one account cannot spend the platform
 * app's quota for everyone.
 */
export interface OfferReadRules {
  ttlSeconds: number;
}

export const OFFER_READ_RULES: OfferReadRules = {
  ttlSeconds: 300,
};

/** The offer reads of this process: the rules, and the reads in flight (one per offer). */
export class OfferReads {
  readonly rules: OfferReadRules;
  readonly #budgets: PlatformBudgets;
  readonly #inFlight = new Map<string, Promise<SupplierOffer>>();
  /** Reads of 1688 finished in this process (stored or failed), counted. */
  #finished = 0;

  constructor(budgets: PlatformBudgets, rules: Partial<OfferReadRules> = {}) {
    this.rules = { ...OFFER_READ_RULES, ...rules };
    this.#budgets = budgets;
  }

  /**
   * The offer `offerId` (normalised): from `offer_reads` when read within the time to live; else
   * joins a read of it in flight in this process; else, within `accountId`'s budget (429 when spent),
   * `fetch`es it from 1688 and keeps it. A waiter whose shared read failed for a reason of that
   * caller's (token, busy 1688) reads by itself; an offer 1688 refuses is refused to all.
   */
  async read(
    db: Queryable,
    accountId: number,
    offerId: string,
    nowS: number,
    fetch: () => Promise<SupplierOffer>,
  ): Promise<SupplierOffer> {
    const own = () => this.#fetch(db, accountId, offerId, nowS, fetch);
    for (let attempt = 0; ; attempt++) {
      const joined = this.#inFlight.get(offerId);
      if (joined) return this.#join(joined, own);
      const finished = this.#finished;
      const [cached] = await db.query<{ offer: SupplierOffer | string }>(
        'SELECT offer FROM offer_reads WHERE offer_id = $1 AND fetched_at > $2',
        [offerId, nowS - this.rules.ttlSeconds],
      );
      if (cached) return typeof cached.offer === 'string' ? JSON.parse(cached.offer) : cached.offer;
      // A read that finished while the cache was asked may have stored this offer: ask again (once).
      if (this.#finished === finished || attempt > 0) break;
    }
    const started = this.#inFlight.get(offerId);
    if (started) return this.#join(started, own);
    const read = own();
    this.#inFlight.set(offerId, read);
    const forget = () => {
      this.#finished++;
      if (this.#inFlight.get(offerId) === read) this.#inFlight.delete(offerId);
    };
    read.then(forget, forget);
    return read;
  }

  /** Joins a read in flight; when it failed for a reason of its caller's (not `refused`), reads anew. */
  async #join(shared: Promise<SupplierOffer>, own: () => Promise<SupplierOffer>): Promise<SupplierOffer> {
    try {
      return await shared;
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'refused') throw error;
      return own();
    }
  }

  /** One read of 1688 within the account's budget, kept in `offer_reads`. */
  async #fetch(
    db: Queryable,
    accountId: number,
    offerId: string,
    nowS: number,
    fetch: () => Promise<SupplierOffer>,
  ): Promise<SupplierOffer> {
    await this.#budgets.spend(db, 'offer_read', accountId, nowS);
    const offer = await fetch();
    await db.query(
      `INSERT INTO offer_reads (offer_id, offer, fetched_at) VALUES ($1, $2, $3)
       ON CONFLICT (offer_id) DO UPDATE SET offer = EXCLUDED.offer, fetched_at = EXCLUDED.fetched_at`,
      [offerId, JSON.stringify(offer), nowS],
    );
    await keepFeaturedRead(db, featuredView(offerId, offer), nowS);
    return offer;
  }

  /** Deletes reads older than the time to live (the sweep). */
  async prune(db: Queryable, nowS: number): Promise<void> {
    await db.query('DELETE FROM offer_reads WHERE fetched_at <= $1', [nowS - this.rules.ttlSeconds]);
  }
}

/**
 * Marks the kept reads of `offerIds` stale (a 1688 product message said they changed,
 * docs/design.md#1688-product-messages): the next read of each goes to 1688, within its reader's budget.
 */
export async function staleOfferReads(db: Queryable, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length > 0)
    await db.query('DELETE FROM offer_reads WHERE offer_id = ANY($1::text[])', [offerIds]);
}

/**
 * The 铺货关系 of `offerId` for `accountId` as `offer_relations` remembers it (the connector establishes
 * it before the account's first read of the offer, and again once when 1688 refuses a read for want
 * of it; docs/design.md#purchasing-on-1688-and-product-copy).
 */
export function offerRelation(
  db: Queryable,
  accountId: number,
  offerId: string,
  nowS: number,
): OfferRelation {
  return {
    known: async () =>
      (
        await db.query('SELECT 1 FROM offer_relations WHERE account_id = $1 AND offer_id = $2', [
          accountId,
          offerId,
        ])
      ).length > 0,
    remember: async () => {
      await db.query(
        `INSERT INTO offer_relations (account_id, offer_id, established_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, offer_id) DO UPDATE SET established_at = EXCLUDED.established_at`,
        [accountId, offerId, nowS],
      );
    },
  };
}

/**
 * Reads a 1688 offer through the seller account's connected 1688 buyer account (商品编辑's 货源, 商品复制,
 * 平台精选), through the shared cache and the account's budget (`OfferReads`: 429 `HttpProblem` when
 * spent), the token refreshed once when 1688 answers it expired (`withFreshToken`). A `SupplierError`:
 * `auth` without a connected (or with an expired) account, `invalid` when 1688 is not set up, else the
 * connector's. Never inside a transaction (it calls 1688).
 */
export async function readSupplierOffer(
  deps: { db: Queryable; box: SecretBox; platforms: PlatformRegistry },
  accountId: number,
  offerId: string,
  nowS: number,
): Promise<SupplierOffer> {
  const connector = await deps.platforms.supplier(deps.db);
  if (!connector) throw new SupplierError('invalid', SUPPLIER_UNAVAILABLE, 'unavailable');
  const token = await supplierAccessToken(deps.db, deps.box, connector, accountId, nowS);
  const id = normaliseOfferId(offerId) ?? offerId;
  return deps.platforms.offerReads.read(deps.db, accountId, id, nowS, () =>
    withFreshToken(
      token,
      (fresh) => connector.offer(fresh, id, offerRelation(deps.db, accountId, id, nowS)),
      () => supplierAccessToken(deps.db, deps.box, connector, accountId, nowS, { force: true }),
    ),
  );
}

/** An offer as the contract answers it (`/api/goods/supplier-offer`). */
export function supplierOfferView(offer: SupplierOffer): SupplierOfferView {
  return {
    offer_id: offer.offerId,
    title: offer.title,
    images: offer.images,
    on_sale: offer.status === 'published',
    price: offer.priceFen,
    stock: Math.max(0, offer.stock),
    specs: offer.skus.map((sku) => ({
      spec_id: sku.specId,
      spec: sku.spec,
      price: sku.priceFen,
      stock: Math.max(0, sku.stock),
    })),
  };
}

/** A failed offer read in the seller's words (a read is not retried by itself: the seller tries again). */
export function offerReadFailure(error: SupplierError): string {
  if (error.retryable || error.kind === 'token_expired') {
    return '暂时无法读取1688商品（1688繁忙或连接失败），请稍后再试';
  }
  return error.message;
}

/**
 * What a seller pasted (a 1688 offer link or id) read for them as the contract answers it: 400 for text
 * that names no offer, 502 when 1688 is busy or unreachable, 409 for the rest (`offerReadFailure`).
 * The one read behind `goods/supplier-offer` (商品编辑's 货源) and `purchase/offer` (an order's 关联货源).
 */
export async function offerForSeller(
  deps: { db: Queryable; box: SecretBox; platforms: PlatformRegistry },
  accountId: number,
  text: string,
  nowS: number,
): Promise<SupplierOfferView> {
  const offerId = offerIdOf(text);
  if (!offerId) {
    throw new HttpProblem(
      400,
      '请填写1688商品链接或商品ID，例如 https://detail.1688.com/offer/610000000001.html',
    );
  }
  try {
    return supplierOfferView(await readSupplierOffer(deps, accountId, offerId, nowS));
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    throw new HttpProblem(error.retryable ? 502 : 409, offerReadFailure(error));
  }
}

/**
 * The offers of 平台精选 as a seller sees them, read one by one with `read` (the seller's 1688 account).
 * An offer 1688 refuses (removed, missing) is listed as not on sale; any other failure (no account,
 * 1688 down) is the whole answer's.
 */
export async function featuredOffers(
  db: Queryable,
  read: (offerId: string) => Promise<SupplierOffer>,
  nowS: number,
): Promise<FeaturedOffer[]> {
  const entries = await listFeatured(db);
  const offers: FeaturedOffer[] = [];
  for (const { offer_id } of entries) {
    try {
      offers.push(featuredView(offer_id, await read(offer_id)));
    } catch (error) {
      if (!(error instanceof SupplierError) || error.kind !== 'refused') throw error;
      const gone = featuredView(offer_id, null);
      // The operators' list says so too (a read that answered is kept by OfferReads).
      await keepFeaturedRead(db, gone, nowS);
      offers.push(gone);
    }
  }
  return offers;
}

import { FEATURED_OFFERS_MAX, type FeaturedEntry, type FeaturedOffer } from '@consign/api-client';
import { ApiRefusal } from '../http/respond';
import type { SupplierOffer } from '../platforms/alibaba';
import type { Queryable } from './db';
import type { Change } from './log';

/**
 * 平台精选 (migration 0027 `featured_offers`): the operator's curated 1688 offers, platform-wide, in the
 * order added. Sellers read them through their own 1688 account and copy one with the copy job.
 */

type FeaturedRow = Omit<FeaturedEntry, 'created_at' | 'price' | 'read_at'> & {
  created_at: number | string;
  price: number | string | null;
  read_at: number | string | null;
};

/** The list with what the last read of each offer said (null until read): no 1688 call. */
export function listFeatured(db: Queryable): Promise<FeaturedEntry[]> {
  return db
    .query<FeaturedRow>(
      `SELECT offer_id, created_at, title, image, price, on_sale, read_at FROM featured_offers
       ORDER BY created_at, offer_id`,
    )
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        price: row.price === null ? null : Number(row.price),
        read_at: row.read_at === null ? null : Number(row.read_at),
      })),
    );
}

/**
 * An offer as 平台精选 shows it: title, first image, the lowest spec's price; an offer not on sale
 * (or `offer` null: 1688 refused it, removed or missing) shows nothing but that.
 */
export function featuredView(offerId: string, offer: SupplierOffer | null): FeaturedOffer {
  if (offer?.status !== 'published') {
    return { offer_id: offerId, title: '', image: '', price: 0, on_sale: false };
  }
  const prices = offer.skus.length > 0 ? offer.skus.map((sku) => sku.priceFen) : [offer.priceFen];
  return {
    offer_id: offerId,
    title: [...offer.title].slice(0, 500).join(''),
    image: offer.images[0] ?? '',
    price: Math.min(...prices),
    on_sale: true,
  };
}

/**
 * Keeps what a read of an offer said on its 平台精选 entry (none when the offer is not listed), so the
 * operators' list shows it without calling 1688. Every read of 1688 passes here
 * (platforms/offer-reads.ts), whoever read it.
 */
export async function keepFeaturedRead(db: Queryable, view: FeaturedOffer, nowS: number): Promise<void> {
  await db.query(
    `UPDATE featured_offers SET title = $2, image = $3, price = $4, on_sale = $5, read_at = $6
     WHERE offer_id = $1`,
    [view.offer_id, view.title, view.image, view.price, view.on_sale, nowS],
  );
}

/** Adds an offer (refused when listed already or the list is full); the entry and the change. */
export async function addFeatured(
  db: Queryable,
  offerId: string,
  nowS: number,
): Promise<{ row: FeaturedEntry; change: Change }> {
  await db.query('LOCK TABLE featured_offers IN SHARE ROW EXCLUSIVE MODE');
  const listed = await listFeatured(db);
  if (listed.some((entry) => entry.offer_id === offerId)) throw new ApiRefusal('该1688商品已在平台精选中');
  if (listed.length >= FEATURED_OFFERS_MAX) {
    throw new ApiRefusal(`平台精选最多 ${FEATURED_OFFERS_MAX} 个商品，请先移除一些`);
  }
  // An offer read lately (any account's read, kept in offer_reads) shows at once.
  const [read] = await db.query<{ offer: SupplierOffer | string; fetched_at: number | string }>(
    'SELECT offer, fetched_at FROM offer_reads WHERE offer_id = $1',
    [offerId],
  );
  const view =
    read && featuredView(offerId, typeof read.offer === 'string' ? JSON.parse(read.offer) : read.offer);
  const readAt = read ? Number(read.fetched_at) : null;
  await db.query(
    `INSERT INTO featured_offers (offer_id, created_at, title, image, price, on_sale, read_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      offerId,
      nowS,
      view?.title ?? null,
      view?.image ?? null,
      view?.price ?? null,
      view?.on_sale ?? null,
      readAt,
    ],
  );
  const row: FeaturedEntry = {
    offer_id: offerId,
    created_at: nowS,
    title: view?.title ?? null,
    image: view?.image ?? null,
    price: view?.price ?? null,
    on_sale: view?.on_sale ?? null,
    read_at: readAt,
  };
  return {
    row,
    change: {
      target: { type: 'featured_offer', id: null, name: offerId },
      before: null,
      after: { offer_id: offerId },
    },
  };
}

/** Removes an offer; a 200 refusal when it is not listed. */
export async function removeFeatured(db: Queryable, offerId: string): Promise<Change> {
  const rows = await db.query('DELETE FROM featured_offers WHERE offer_id = $1 RETURNING offer_id', [
    offerId,
  ]);
  if (rows.length === 0) throw new ApiRefusal('该1688商品不在平台精选中');
  return {
    target: { type: 'featured_offer', id: null, name: offerId },
    before: { offer_id: offerId },
    after: null,
  };
}

import { FEATURED_OFFERS_MAX, type FeaturedEntry } from '@consign/api-client';
import { ApiRefusal } from '../http/respond';
import type { Queryable } from './db';
import type { Change } from './log';

/**
 * 平台精选 (migration 0027 `featured_offers`): the operator's curated 1688 offers, platform-wide, in the
 * order added. Sellers read them through their own 1688 account and copy one with the copy job.
 */

export function listFeatured(db: Queryable): Promise<FeaturedEntry[]> {
  return db
    .query<{ offer_id: string; created_at: number | string }>(
      'SELECT offer_id, created_at FROM featured_offers ORDER BY created_at, offer_id',
    )
    .then((rows) => rows.map((row) => ({ offer_id: row.offer_id, created_at: Number(row.created_at) })));
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
  await db.query('INSERT INTO featured_offers (offer_id, created_at) VALUES ($1, $2)', [offerId, nowS]);
  const row = { offer_id: offerId, created_at: nowS };
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

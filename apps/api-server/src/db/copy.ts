import { type CopyRecord, offerIdOfLink, type Page } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { admitJobs, COPY_QUEUE } from '../jobs/queue';
import { Filters, likePattern, NEWEST_FIRST, page } from './list';
import { checkPublishShops, listingsOfGoods } from './listings';
import { type Scope, shopFilter } from './scope';
import { shopById } from './shop';

/** A page of copy jobs, newest first, each with its goods' listings (铺货 to each shop). */
export async function listCopyRecords(
  scope: Scope,
  params: BodyOf<'/api/copy/index'>,
): Promise<Page<CopyRecord>> {
  const f = new Filters();
  f.and(`c.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 'c.shop_id');
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`c.source_url ILIKE ${f.p(keyword)}`);
  if (params.status) f.and(`c.status = ${f.p(params.status)}`);
  if (params.shop_id) f.and(`c.shop_id = ${f.p(params.shop_id)}`);
  const records = await page<Omit<CopyRecord, 'listings'>>(
    scope.db,
    {
      table: 'copy_records',
      alias: 'c',
      filters: f,
      order: NEWEST_FIRST,
      select: `c.id, c.source_url, c.shop_id, s.name AS shop_name, c.status, c.progress, c.goods_id, c.error,
        c.created_at, g.title AS goods_title, g.images->>0 AS goods_image, COALESCE(ARRAY(SELECT (p->>'shop_id')::int FROM jsonb_array_elements(c.publish) p),
          '{}') AS publish_shop_ids`,
      joins: `JOIN shops s ON s.id = c.shop_id
        LEFT JOIN goods g ON g.id = c.goods_id AND g.account_id = c.account_id`,
    },
    params,
  );
  const goodsIds = records.list.flatMap((r) => (r.goods_id ? [r.goods_id] : []));
  const listings = await listingsOfGoods(scope, goodsIds);
  return {
    ...records,
    list: records.list.map((r) => ({ ...r, listings: (r.goods_id && listings.get(r.goods_id)) || [] })),
  };
}

/** Per seller account: copy jobs (one per link) queued or running at once. */
export const COPY_LIMITS = { unfinished: 200 } as const;

export function tooManyCopies(unfinished: number): string {
  return `复制任务过多：已有 ${unfinished} 个链接在排队或复制中（每个账号最多 ${COPY_LIMITS.unfinished} 个），请等待完成后再提交`;
}

/** Why an entry of 商品复制 is not copied. */
export const COPY_REFUSALS = {
  notOffer: '不是1688商品链接（只支持 https://detail.1688.com/offer/商品ID.html 这样的链接）',
  repeated: '与前面的链接是同一个1688商品',
} as const;

/**
 * Queues one copy job per 1688 offer among `urls` (the copy job reads and copies them); every other
 * entry is refused by name, before any job exists. Answers how many were queued and the refusals. 429
 * {@link tooManyCopies} (nothing queued) when they would take the account past
 * {@link COPY_LIMITS}.unfinished.
 */
export async function queueCopyJobs(
  scope: Scope,
  { shop_id, urls, publish }: BodyOf<'/api/copy/create'>,
  now: number,
): Promise<{ created: number; refused: { url: string; reason: string }[] }> {
  await shopById(scope, shop_id);
  // 铺货 once copied: one entry per shop, each checked now (the copy job lists them when it succeeds).
  const targets = [...new Map((publish ?? []).map((target) => [target.shop_id, target])).values()];
  await checkPublishShops(
    scope,
    targets.map((target) => target.shop_id),
    now,
  );
  const offers = new Set<string>();
  const refused: { url: string; reason: string }[] = [];
  for (const url of urls) {
    const offerId = offerIdOfLink(url);
    if (!offerId) refused.push({ url, reason: COPY_REFUSALS.notOffer });
    else if (offers.has(offerId)) refused.push({ url, reason: COPY_REFUSALS.repeated });
    else offers.add(offerId);
  }
  if (offers.size === 0) return { created: 0, refused };
  const ids = [...offers];
  await admitJobs(
    scope,
    COPY_QUEUE,
    { adding: ids.length, limit: COPY_LIMITS.unfinished, refusal: tooManyCopies },
    (tx) =>
      tx.db.query(
        `INSERT INTO copy_records (account_id, source_url, offer_id, shop_id, status, progress, created_at, updated_at,
           publish)
         SELECT $4, 'https://detail.1688.com/offer/' || id || '.html', id, $1, 'queued', 0, $2, $2, $5::jsonb
         FROM unnest($3::text[]) WITH ORDINALITY AS u(id, n) ORDER BY n`,
        [shop_id, now, ids, tx.accountId, targets.length > 0 ? JSON.stringify(targets) : null],
      ),
  );
  return { created: ids.length, refused };
}

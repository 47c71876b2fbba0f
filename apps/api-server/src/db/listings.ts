import type { Listing, ListingResult, Page } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { admitJobs, PUBLISH_QUEUE } from '../jobs/queue';
import { goodsById } from './goods';
import { Filters, NEWEST_FIRST, page } from './list';
import { inShops, notFound, type Scope, shopFilter } from './scope';
import { shopById } from './shop';

/** Per seller account: listings 发布中 (queued or publishing) at once. */
export const PUBLISH_LIMITS = { unfinished: 500 } as const;

/** What the seller reads when a 铺货 is refused before any listing exists. */
export const PUBLISH_REFUSALS = {
  platform: '目前只支持铺货到拼多多或抖店店铺',
  notAuthorised: '店铺未授权或授权已过期，请先在店铺管理中授权',
  tooMany: (unfinished: number) =>
    `铺货任务过多：已有 ${unfinished} 个在发布中（每个账号最多 ${PUBLISH_LIMITS.unfinished} 个），请等待完成后再提交`,
  notFailed: '只有发布失败的商品可以重新发布',
} as const;

/** The goods page of a 拼多多 goods id. */
export const pddGoodsLink = (goodsId: string) =>
  `https://mobile.yangkeduo.com/goods.html?goods_id=${goodsId}`;

/** The product page of a 抖店 product id (抖音商城's). */
export const doudianGoodsLink = (productId: string) =>
  `https://haohuo.jinritemai.com/views/product/detail?id=${productId}`;

const LISTING_SELECT = `l.id, l.goods_id, g.title AS goods_title, l.shop_id, s.name AS shop_name, l.status,
  l.platform_goods_id, l.reason, l.cat_id::text, l.cat_name, l.cost_template_id::text, l.properties, l.updated_at,
  l.monitor_looked_at, l.monitor_change, l.monitor_changed_at, s.platform`;
const LISTING_JOINS = 'JOIN goods g ON g.id = l.goods_id JOIN shops s ON s.id = l.shop_id';

type ListingRow = Omit<Listing, 'link'> & { platform: string };

/** A listing row as read (with its shop's platform, which picks the link), as answered. */
const withLink = <T extends Omit<ListingResult, 'link'>>({ platform, ...row }: T & { platform: string }) => ({
  ...row,
  properties:
    typeof row.properties === 'string'
      ? (JSON.parse(row.properties) as Record<string, string>)
      : row.properties,
  link:
    row.status === 'published' && row.platform_goods_id
      ? (platform === 'douyin' ? doudianGoodsLink : pddGoodsLink)(row.platform_goods_id)
      : null,
});

/** Each goods' listings (within the member's shops), oldest first, by goods id: what 复制记录 shows. */
export async function listingsOfGoods(
  scope: Scope,
  goodsIds: number[],
): Promise<Map<number, ListingResult[]>> {
  const byGoods = new Map<number, ListingResult[]>();
  if (goodsIds.length === 0) return byGoods;
  const params: unknown[] = [goodsIds, scope.accountId];
  const rows = await scope.db.query<Omit<ListingResult, 'link'> & { goods_id: number; platform: string }>(
    `SELECT l.id, l.goods_id, l.shop_id, s.name AS shop_name, l.status, l.platform_goods_id, l.reason,
       l.cat_id::text, l.cat_name, l.cost_template_id::text, l.properties
     FROM goods_listings l JOIN shops s ON s.id = l.shop_id
     WHERE l.goods_id = ANY($1::int[]) AND l.account_id = $2${inShops(scope, 'l.shop_id', params)}
     ORDER BY l.id`,
    params,
  );
  for (const { goods_id, ...row } of rows) {
    const list = byGoods.get(goods_id) ?? [];
    list.push(withLink(row));
    byGoods.set(goods_id, list);
  }
  return byGoods;
}

/**
 * The seller's choices of a 铺货 as stored on a listing: category, freight template, properties and the
 * category's name (kept only with its id).
 */
export function choices(input: {
  cat_id?: string | null;
  cat_name?: string | null;
  cost_template_id?: string | null;
  properties?: Record<string, string>;
}) {
  return [
    input.cat_id ?? null,
    input.cost_template_id ?? null,
    input.properties ? JSON.stringify(input.properties) : null,
    (input.cat_id && input.cat_name) || null,
  ];
}

/** Each shop must be the caller's (within the member's shops), a 拼多多 shop, and authorised; else 422. */
export async function checkPublishShops(scope: Scope, shopIds: readonly number[], nowS: number) {
  for (const id of shopIds) {
    const shop = await shopById(scope, id, nowS);
    if (shop.platform !== 'pinduoduo' && shop.platform !== 'douyin') {
      throw new HttpProblem(422, PUBLISH_REFUSALS.platform);
    }
    if (shop.auth_status !== 'authorized') throw new HttpProblem(422, PUBLISH_REFUSALS.notAuthorised);
  }
}

/**
 * Queues one listing per (goods, shop) of the request: each goods and shop must be the caller's (and
 * within the member's shops), each shop a 拼多多 or 抖店 shop that is authorised. A pair already listed is left
 * as it is (its state is on 复制记录 / 商品管理; 重新发布 retries a failed one). 429 past
 * {@link PUBLISH_LIMITS}.
 */
export async function queueListings(
  scope: Scope,
  input: BodyOf<'/api/goods/publish'>,
  nowS: number,
): Promise<{ created: number; existing: number }> {
  const goodsIds = [...new Set(input.goods_ids)];
  const shopIds = [...new Set(input.shop_ids)];
  for (const id of goodsIds) await goodsById(scope, id);
  await checkPublishShops(scope, shopIds, nowS);
  const adding = goodsIds.length * shopIds.length;
  return admitJobs(
    scope,
    PUBLISH_QUEUE,
    { adding, limit: PUBLISH_LIMITS.unfinished, refusal: PUBLISH_REFUSALS.tooMany },
    async (tx) => {
      const rows = await tx.db.query<{ id: number }>(
        `INSERT INTO goods_listings (account_id, goods_id, shop_id, cat_id, cost_template_id, properties,
           cat_name, created_at, updated_at)
         SELECT $1, g, s, $4, $5, $6::jsonb, $7, $8, $8
         FROM unnest($2::int[]) g CROSS JOIN unnest($3::int[]) s
         ON CONFLICT (goods_id, shop_id) DO NOTHING RETURNING id`,
        [tx.accountId, goodsIds, shopIds, ...choices(input), nowS],
      );
      return { created: rows.length, existing: adding - rows.length };
    },
  );
}

/** A page of the account's listings, newest first. */
export function listListings(scope: Scope, params: BodyOf<'/api/goods/listings'>): Promise<Page<Listing>> {
  const f = new Filters();
  f.and(`l.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 'l.shop_id');
  if (params.goods_id) f.and(`l.goods_id = ${f.p(params.goods_id)}`);
  if (params.shop_id) f.and(`l.shop_id = ${f.p(params.shop_id)}`);
  if (params.status) f.and(`l.status = ${f.p(params.status)}`);
  return page<ListingRow>(
    scope.db,
    {
      table: 'goods_listings',
      alias: 'l',
      filters: f,
      order: NEWEST_FIRST,
      select: LISTING_SELECT,
      joins: LISTING_JOINS,
    },
    params,
  ).then((p) => ({ ...p, list: p.list.map(withLink) }));
}

/** One listing of the account (within the member's shops), or a 404. */
export async function listingById(scope: Scope, id: number): Promise<Listing> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<ListingRow>(
    `SELECT ${LISTING_SELECT} FROM goods_listings l ${LISTING_JOINS}
     WHERE l.id = $1 AND l.account_id = $2${inShops(scope, 'l.shop_id', params)}`,
    params,
  );
  if (!row) throw notFound();
  return withLink(row);
}

/**
 * 重新发布: a 发布失败 listing queued again from the start (its fence and commit id cleared), with the
 * seller's new choices where given. A listing the platform made goods for (then rejected) keeps their id:
 * the job edits and resubmits those goods rather than adding another. Other states: 409 (a listing
 * 发布中 or 审核中 is under way).
 */
export async function requeueListing(
  scope: Scope,
  input: BodyOf<'/api/goods/republish'>,
  nowS: number,
): Promise<Listing> {
  await listingById(scope, input.id);
  const [cat, template, properties, catName] = choices(input);
  const rows = await scope.db.query(
    `UPDATE goods_listings SET status = 'queued', reason = NULL, add_sent_at = NULL, goods_commit_id = NULL,
       attempts = 0, next_attempt_at = 0, lease_until = NULL,
       cat_id = COALESCE($3, cat_id), cost_template_id = COALESCE($4, cost_template_id),
       properties = COALESCE($5::jsonb, properties), updated_at = $6,
       cat_name = CASE WHEN $3::bigint IS NULL THEN cat_name ELSE $7 END
     WHERE id = $1 AND account_id = $2 AND status = 'failed' RETURNING id`,
    [input.id, scope.accountId, cat, template, properties, nowS, catName],
  );
  if (rows.length === 0) throw new HttpProblem(409, PUBLISH_REFUSALS.notFailed);
  return listingById(scope, input.id);
}

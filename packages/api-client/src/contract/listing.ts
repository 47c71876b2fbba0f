import * as z from 'zod';
import { filter, idLikeSchema, idSchema, text, unixTimeSchema } from './common.js';
import { listParamsSchema } from './list.js';

/**
 * 铺货: a product published to a sales platform's shop, one listing per (goods, shop)
 * (docs/design.md#publishing-goods-to-a-shop). `queued`/`publishing` show as 发布中, `reviewing`/`checking`
 * as 审核中 (the platform reviews it), then `published` (已发布, `platform_goods_id` and `link`) or
 * `failed` (发布失败, `reason`; 重新发布 queues it again).
 */
export const LISTING_STATUSES = [
  'queued',
  'publishing',
  'reviewing',
  'checking',
  'published',
  'failed',
] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/** At most this many goods × shops in one 铺货 request. */
export const PUBLISH_GOODS_MAX = 50;
export const PUBLISH_SHOPS_MAX = 10;

/** A platform category id (digits). */
const catIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, '类目ID不正确');

/** The seller's values of category properties by name (材质: 纯棉), used before the offer's attributes. */
const propertiesSchema = z
  .record(text(30, 1), text(60, 1))
  .refine((value) => Object.keys(value).length <= 30, '类目属性最多 30 项');

/** The seller's choices of a 铺货: category (else the remembered one), freight template (else the first). */
const publishChoicesSchema = z.object({
  cat_id: filter(catIdSchema),
  cost_template_id: filter(catIdSchema),
  properties: propertiesSchema.optional(),
});

/**
 * Body of `/api/goods/publish`: the goods × the shops to publish them to. A (goods, shop) already listed
 * is left as it is (counted in `existing`). Note: arrays are carried but not covered by the signature.
 */
export const publishBodySchema = publishChoicesSchema.extend({
  goods_ids: z.array(idSchema).min(1).max(PUBLISH_GOODS_MAX, `一次最多铺货 ${PUBLISH_GOODS_MAX} 个商品`),
  shop_ids: z.array(idSchema).min(1).max(PUBLISH_SHOPS_MAX, `一次最多选择 ${PUBLISH_SHOPS_MAX} 个店铺`),
});
export type PublishBody = z.input<typeof publishBodySchema>;

export const publishResultSchema = z.object({
  created: z.int().min(0),
  existing: z.int().min(0),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** Body of `/api/goods/republish`: a 发布失败 listing queued again, with new choices if given. */
export const republishBodySchema = publishChoicesSchema.extend({ id: idLikeSchema });
export type RepublishBody = z.input<typeof republishBodySchema>;

/** One listing (`/api/goods/listings`). `link`: the goods page on the platform once 已发布. */
export const listingSchema = z.object({
  id: idSchema,
  goods_id: idSchema,
  goods_title: text(200),
  shop_id: idSchema,
  shop_name: text(64),
  status: listingStatusSchema,
  platform_goods_id: text(32).nullable(),
  link: text(200).nullable(),
  reason: text(300).nullable(),
  updated_at: unixTimeSchema,
  /** 货源监控 (已发布 only): when the 货源 was last looked at, and the last change applied or refused. */
  monitor_looked_at: unixTimeSchema.nullable(),
  monitor_change: text(300).nullable(),
  monitor_changed_at: unixTimeSchema.nullable(),
});
export type Listing = z.infer<typeof listingSchema>;

/** Body of `/api/goods/listings`: newest first, by goods, shop or status. */
export const listingListParamsSchema = listParamsSchema.extend({
  goods_id: filter(idLikeSchema),
  shop_id: filter(idLikeSchema),
  status: filter(listingStatusSchema),
});
export type ListingListParams = z.input<typeof listingListParamsSchema>;

/** Body of `/api/goods/publish-cats`: the shop's authorised categories under `parent_cat_id` (none: the top). */
export const publishCatsParamsSchema = z.object({
  shop_id: idLikeSchema,
  parent_cat_id: filter(catIdSchema),
});
export const publishCatSchema = z.object({ cat_id: catIdSchema, name: text(64), leaf: z.boolean() });
export type PublishCat = z.infer<typeof publishCatSchema>;

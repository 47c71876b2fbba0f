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

/**
 * The sales platforms whose shops goods can be published to (the shops a 铺货 dialog offers).
 */
export const PUBLISH_PLATFORMS = ['pinduoduo'] as const;

/** At most this many goods × shops in one 铺货 request. */
export const PUBLISH_GOODS_MAX = 50;
export const PUBLISH_SHOPS_MAX = 10;

/** A category's name with its parents (女装 > 连衣裙), at most this long. */
export const CAT_NAME_MAX = 200;

/** A platform category id (digits). */
const catIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, '类目ID不正确');

/** The seller's values of category properties by name (材质: 纯棉), used before the offer's attributes. */
const propertiesSchema = z
  .record(text(30, 1), text(60, 1))
  .refine((value) => Object.keys(value).length <= 30, '类目属性最多 30 项');

/**
 * The seller's choices of a 铺货: category (else the remembered one), freight template (else the first).
 * `cat_name`: the chosen category's name with its parents as the picker read them (女装 > 连衣裙), shown
 * in place of the id; kept only with a `cat_id`, never sent to the platform.
 */
export const publishChoicesSchema = z.object({
  cat_id: filter(catIdSchema),
  cat_name: filter(text(CAT_NAME_MAX, 1)),
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
  /** The seller's choices it was queued with (重新发布 starts from them). */
  cat_id: z.string().nullable(),
  /** The category's name (女装 > 连衣裙); null: not known yet (a listing of before names were kept). */
  cat_name: text(CAT_NAME_MAX).nullable(),
  cost_template_id: z.string().nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
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

/**
 * Body of `/api/goods/publish-options`: what the 铺货 dialog offers for a shop: its freight templates
 * and, for a leaf category `cat_id`, the category's properties the seller may fill (`required` ones
 * the 1688 offer does not name fail the listing).
 */
export const publishOptionsParamsSchema = z.object({
  shop_id: idLikeSchema,
  cat_id: filter(catIdSchema),
});
export const publishOptionsSchema = z.object({
  templates: z.array(z.object({ id: z.string(), name: text(100) })).max(100),
  properties: z
    .array(z.object({ name: text(30), required: z.boolean(), values: z.array(text(60)).max(200) }))
    .max(100),
});
export type PublishOptions = z.infer<typeof publishOptionsSchema>;

/** One shop's result of a 铺货, as 复制记录 lists it beside the copy. */
export const listingResultSchema = listingSchema.pick({
  id: true,
  shop_id: true,
  shop_name: true,
  status: true,
  platform_goods_id: true,
  link: true,
  reason: true,
  cat_id: true,
  cat_name: true,
  cost_template_id: true,
  properties: true,
});
export type ListingResult = z.infer<typeof listingResultSchema>;

/** A shop a copy publishes to once it is copied, with the seller's choices for it. */
export const publishTargetSchema = publishChoicesSchema.extend({ shop_id: idSchema });
export type PublishTarget = z.input<typeof publishTargetSchema>;

import * as z from 'zod';
import {
  filter,
  idLikeSchema,
  idSchema,
  keywordFilter,
  optionalUrlSchema,
  safeUrlSchema,
  text,
  unixTimeSchema,
  versionRequiredForUpdate,
  versionSchema,
} from './common.js';
import {
  GOODS_ATTENTIONS,
  GOODS_IMAGES_MAX,
  GOODS_PRICE_MAX,
  GOODS_SKUS_MAX,
  GOODS_STATUSES,
  GOODS_STOCK_MAX,
  GOODS_TITLE_MAX,
} from './goods-rules.js';
import { MAX_FEN, MAX_URL_LENGTH } from './limits.js';
import { listParamsSchema } from './list.js';
import { listingStatusSchema } from './listing.js';
import { normaliseOfferId } from './offers.js';

/** A 1688 offer id as a caller sends it, read in its one spelling (`normaliseOfferId`: no leading zeros). */
const offerIdSchema = z
  .string()
  .regex(/^\d{1,20}$/)
  .refine((id) => normaliseOfferId(id) !== null, '1688商品ID不正确')
  .transform((id) => normaliseOfferId(id) ?? id);

export const goodsStatusSchema = z.enum(GOODS_STATUSES);
export type GoodsStatus = z.infer<typeof goodsStatusSchema>;

const goodsFields = {
  shop_id: idSchema,
  title: text(GOODS_TITLE_MAX, 1),
  price: z.int().min(1).max(GOODS_PRICE_MAX),
  stock: z.int().min(0).max(GOODS_STOCK_MAX),
  status: goodsStatusSchema,
  images: z.array(safeUrlSchema).min(1).max(GOODS_IMAGES_MAX),
  source_url: optionalUrlSchema,
};

/**
 * A product in a shop (`/api/goods/index`, `/api/goods/detail`). `price` in fen (>= 1),
 * `source_url` is the supplier page it was copied from (`''` when created by hand).
 */
export const goodsSchema = z.object({
  id: idSchema,
  ...goodsFields,
  shop_name: text(64),
  updated_at: unixTimeSchema,
  version: versionSchema,
});
export type Goods = z.infer<typeof goodsSchema>;

/**
 * One listing of a goods as 商品管理 shows it (铺货 / 货源监控): the shop, the state, and for 已发布 the
 * 货源监控's last look (`monitor_looked_at`), its last change applied or refused (`monitor_change`,
 * `monitor_changed_at`) and `attention`: the last look needs the seller (a price not applied, the 货源
 * off sale or gone, specs not bound) or the caller has an unread `listing_monitor` notification of it.
 */
export const goodsListingSchema = z.object({
  id: idSchema,
  shop_id: idSchema,
  shop_name: text(64),
  status: listingStatusSchema,
  monitor_looked_at: unixTimeSchema.nullable(),
  monitor_change: text(300).nullable(),
  monitor_changed_at: unixTimeSchema.nullable(),
  attention: z.boolean(),
});
export type GoodsListing = z.infer<typeof goodsListingSchema>;

/** A row of `/api/goods/index`: the goods and its listings in the caller's shops, oldest first. */
export const goodsListItemSchema = goodsSchema.extend({ listings: z.array(goodsListingSchema).max(1000) });
export type GoodsListItem = z.infer<typeof goodsListItemSchema>;

/** A 1688 货源: the offer, its spec, units per unit sold, the supplier price per unit when linked. */
const supplierSourceFields = {
  offer_id: offerIdSchema,
  spec_id: text(64).nullable(),
  quantity: z.int().min(1).max(1000),
  cost: z.int().min(0).max(GOODS_PRICE_MAX),
};

/**
 * A SKU of a product: `spec` as the buyer reads it (`白色,XL`; '' for a product of one spec), `price`
 * in fen, `stock`, `outer_sku_id` (商家编码), and its 货源 on 1688 or null: the offer, its spec (null
 * for an offer without specs), `quantity` supplier units per unit sold and the supplier's `cost` per
 * unit in fen when it was linked, and its 备用货源 (`backup`, null or absent: none).
 */
export const goodsSkuSchema = z.object({
  spec: text(200),
  price: z.int().min(1).max(GOODS_PRICE_MAX),
  stock: z.int().min(0).max(GOODS_STOCK_MAX),
  outer_sku_id: text(64),
  source: z
    .object({
      ...supplierSourceFields,
      /**
       * 备用货源: a second offer and spec bought when this one's spec is out of stock or over its price
       * limit; its own `cost` is its price limit's base (代发设置's 允许采购价上浮 applies to it too).
       */
      backup: z.object(supplierSourceFields).nullable().optional(),
    })
    .refine(
      (source) =>
        !source.backup ||
        source.backup.offer_id !== source.offer_id ||
        source.backup.spec_id !== source.spec_id,
      { message: '备用货源不能与首选货源是同一规格', path: ['backup'] },
    )
    .nullable(),
});
export type GoodsSku = z.infer<typeof goodsSkuSchema>;

/** What `/api/goods/detail` answers: the product and its SKUs, in order (none for a product typed in by hand). */
export const goodsDetailSchema = goodsSchema.extend({ skus: z.array(goodsSkuSchema).max(GOODS_SKUS_MAX) });
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

/** Body of `/api/goods/index`. `keyword` matches the title. Answers `Page<GoodsListItem>`, last updated first. */
export const goodsListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(goodsStatusSchema),
  shop_id: filter(idLikeSchema),
  /** The goods that need the seller (`GOODS_ATTENTIONS`). */
  attention: filter(z.enum(GOODS_ATTENTIONS)),
});
export type GoodsListParams = z.input<typeof goodsListParamsSchema>;

/** Body of `/api/goods/detail`: `{ id }`. Answers `Goods` (or `errorCode 1` when it does not exist). */
export const goodsDetailParamsSchema = z.object({ id: idLikeSchema });
export type GoodsDetailParams = z.input<typeof goodsDetailParamsSchema>;

/**
 * Body of `/api/goods/save`: without `id` creates, with `id` and `version` updates. Answers the saved
 * `Goods`.
 */
export const goodsSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    ...goodsFields,
    shop_id: idLikeSchema,
    source_url: optionalUrlSchema.default(''),
    version: versionSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type GoodsSaveBody = z.input<typeof goodsSaveBodySchema>;

// ---- goods: SKUs with their 货源 (商品编辑 → 规格与货源) ----

/**
 * Body of `/api/goods/sku-save`: the product's whole SKU list in its new order (add, edit, remove and
 * reorder in one save) at the product's `version` (409 when stale; the save bumps it). Answers the
 * `GoodsDetail`. `spec` is unique within the product; `source.cost` is the supplier price read with
 * `/api/goods/supplier-offer` when the 货源 was chosen.
 */
export const goodsSkuSaveBodySchema = z.object({
  id: idLikeSchema,
  version: versionSchema,
  skus: z
    .array(goodsSkuSchema)
    .max(GOODS_SKUS_MAX)
    .refine((skus) => new Set(skus.map((sku) => sku.spec)).size === skus.length, {
      message: '规格名称不能重复',
    }),
});
export type GoodsSkuSaveBody = z.input<typeof goodsSkuSaveBodySchema>;

/** Body of `/api/goods/supplier-offer`: a 1688 offer link or id, as pasted (`offer` checked by the server). */
export const supplierOfferParamsSchema = z.object({ offer: text(MAX_URL_LENGTH, 1) });
export type SupplierOfferParams = z.input<typeof supplierOfferParamsSchema>;

/**
 * A 1688 offer as the seller's 1688 account reads it (`/api/goods/supplier-offer`): its specs with
 * their `spec_id`, the spec text (`白色,XL`), the supplier price (代发价, 分) and stock; none for an
 * offer without specs (then `price` and `stock` are the offer's own). `on_sale` false: removed.
 */
export const supplierOfferSchema = z.object({
  offer_id: z.string().regex(/^\d{1,20}$/),
  title: text(500),
  images: z.array(safeUrlSchema).max(50),
  on_sale: z.boolean(),
  price: z.int().min(0).max(MAX_FEN),
  stock: z.int().min(0),
  specs: z
    .array(
      z.object({
        spec_id: text(64),
        spec: text(500),
        price: z.int().min(0).max(MAX_FEN),
        stock: z.int().min(0),
      }),
    )
    .max(1000),
});
export type SupplierOffer = z.infer<typeof supplierOfferSchema>;

// ---- goods: 平台精选, the operator's curated 1688 offers ----

/**
 * An offer of 平台精选 as the operator lists it (`/api/company/featured-list`), in the order added, with
 * what the last read of it through 1688 said (a seller's read: the server keeps it; the list never
 * calls 1688): title, first image, supply price (分, the lowest spec's), on sale, and when it was read;
 * all null until an offer is first read.
 */
export const featuredEntrySchema = z.object({
  offer_id: z.string().regex(/^\d{1,20}$/),
  created_at: unixTimeSchema,
  title: text(500).nullable(),
  image: z.union([z.literal(''), safeUrlSchema]).nullable(),
  price: z.int().min(0).max(MAX_FEN).nullable(),
  on_sale: z.boolean().nullable(),
  read_at: unixTimeSchema.nullable(),
});
export type FeaturedEntry = z.infer<typeof featuredEntrySchema>;

/** Body of `/api/company/featured-save`: a 1688 offer link or id to add. */
export const featuredSaveBodySchema = z.object({ offer: text(MAX_URL_LENGTH, 1) });
/** Body of `/api/company/featured-del`: the offer to remove. */
export const featuredDelBodySchema = z.object({ offer_id: offerIdSchema });

/**
 * An offer of 平台精选 as a seller sees it (`/api/featured/index`), read through the seller's 1688
 * account: title, first image, supply price (分, the lowest spec's); `on_sale` false when 1688 says it is
 * removed or missing (then the rest is empty).
 */
export const featuredOfferSchema = z.object({
  offer_id: z.string().regex(/^\d{1,20}$/),
  title: text(500),
  image: z.union([z.literal(''), safeUrlSchema]),
  price: z.int().min(0).max(MAX_FEN),
  on_sale: z.boolean(),
});
export type FeaturedOffer = z.infer<typeof featuredOfferSchema>;

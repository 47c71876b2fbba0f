import * as z from 'zod';
import {
  filter,
  httpUrlSchema,
  idLikeSchema,
  idSchema,
  keywordFilter,
  safeUrlSchema,
  text,
  unixTimeSchema,
} from './common.js';
import { COPY_STATUSES, COPY_URLS_MAX } from './goods-rules.js';
import { MAX_URL_LENGTH } from './limits.js';
import { listParamsSchema } from './list.js';
import { listingResultSchema, PUBLISH_SHOPS_MAX, publishTargetSchema } from './listing.js';

export const copyStatusSchema = z.enum(COPY_STATUSES);
export type CopyStatus = z.infer<typeof copyStatusSchema>;

/**
 * One product copy job (`/api/copy/index`): copy the product at `source_url` into shop `shop_id`.
 * `progress` 0..100; `goods_id` is set once it `succeeded`; `error` holds the reason when `failed`.
 */
export const copyRecordSchema = z.object({
  id: idSchema,
  source_url: httpUrlSchema,
  shop_id: idSchema,
  shop_name: text(64),
  status: copyStatusSchema,
  progress: z.int().min(0).max(100),
  goods_id: idSchema.nullable(),
  /** The copied goods' title and first picture (null until copied, or once the goods is deleted). */
  goods_title: text(200).nullable(),
  goods_image: safeUrlSchema.nullable(),
  error: text(200).nullable(),
  created_at: unixTimeSchema,
  /** 铺货 of the copied goods: each chosen shop's listing once the copy succeeded. */
  listings: z.array(listingResultSchema).max(PUBLISH_SHOPS_MAX),
  /** Shops chosen to publish to, listed once the copy succeeds (empty: none). */
  publish_shop_ids: z.array(idSchema).max(PUBLISH_SHOPS_MAX),
});
export type CopyRecord = z.infer<typeof copyRecordSchema>;

/** Body of `/api/copy/index`. `keyword` matches the source link. Answers `Page<CopyRecord>`, newest first. */
export const copyRecordListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(copyStatusSchema),
  shop_id: filter(idLikeSchema),
});
export type CopyRecordListParams = z.input<typeof copyRecordListParamsSchema>;

/**
 * Body of `/api/copy/create`: 1..50 1688 offer links (trimmed, duplicates removed) to copy into one
 * shop. Each entry is checked by the server: a 1688 offer link is queued (one job per offer), anything
 * else is refused by name in the answer, before any job runs. Answers `{ created, refused }`.
 * Note: `urls` is an array, so it is carried but not covered by the request signature.
 */
export const copyCreateBodySchema = z.object({
  shop_id: idLikeSchema,
  urls: z
    .array(text(MAX_URL_LENGTH, 1))
    .min(1)
    .max(COPY_URLS_MAX, `一次最多复制 ${COPY_URLS_MAX} 个链接`)
    .transform((urls) => [...new Set(urls)]),
  /** 铺货 once copied: the shops (each with its choices) the goods are published to. */
  publish: z
    .array(publishTargetSchema)
    .max(PUBLISH_SHOPS_MAX, `一次最多选择 ${PUBLISH_SHOPS_MAX} 个店铺`)
    .optional(),
});
export type CopyCreateBody = z.input<typeof copyCreateBodySchema>;

/** `created` jobs queued; `refused`: each entry that is not a 1688 offer link, as sent, and why. */
export const copyCreateResultSchema = z.object({
  created: z.int().min(0).max(COPY_URLS_MAX),
  refused: z.array(z.object({ url: text(MAX_URL_LENGTH), reason: text(200) })).max(COPY_URLS_MAX),
});
export type CopyCreateResult = z.infer<typeof copyCreateResultSchema>;

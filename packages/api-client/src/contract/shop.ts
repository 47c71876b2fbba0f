import * as z from 'zod';
import {
  filter,
  idLikeSchema,
  idSchema,
  keywordFilter,
  platformCodeSchema,
  text,
  unixTimeSchema,
  versionRequiredForUpdate,
  versionSchema,
} from './common.js';
import { listParamsSchema } from './list.js';
import { SHOP_AUTH_STATUSES } from './rules.js';

/** Shop authorisation states; see `SHOP_AUTH_STATUSES`. */
export const shopAuthStatusSchema = z.enum(SHOP_AUTH_STATUSES);
export type ShopAuthStatus = z.infer<typeof shopAuthStatusSchema>;

// ---- order sync (the shop sync job) ------------------------------------------------------------

/**
 * A shop's order sync: when it last ran (`last_sync_at`) and last succeeded, how far behind it is
 * (`lag_seconds`: now minus the platform update time up to which every order is stored; null before
 * the first success), the last failure in the seller's words (null after a success) and the failures
 * in a row, whether it is running now, and when it is next due.
 */
export const shopSyncSchema = z.object({
  last_sync_at: unixTimeSchema.nullable(),
  last_success_at: unixTimeSchema.nullable(),
  lag_seconds: z.int().min(0).nullable(),
  last_error: z.string().max(500).nullable(),
  failures: z.int().min(0),
  syncing: z.boolean(),
  next_sync_at: unixTimeSchema.nullable(),
});
export type ShopSync = z.infer<typeof shopSyncSchema>;

/**
 * A shop (`/api/shop/index`). `group_id`/`group_name` are `null`/`''` when the shop is in no group;
 * `auth_expires_at` (unix seconds) is `null` when never authorised.
 */
export const shopSchema = z.object({
  id: idSchema,
  name: text(64),
  platform: platformCodeSchema,
  group_id: idSchema.nullable(),
  group_name: text(32),
  auth_status: shopAuthStatusSchema,
  auth_expires_at: unixTimeSchema.nullable(),
  goods_count: z.int().min(0).max(10_000_000),
  created_at: unixTimeSchema,
  version: versionSchema,
  /** The order sync of a shop authorised on its platform; null for a shop never authorised. */
  sync: shopSyncSchema.nullable().optional(),
});
export type Shop = z.infer<typeof shopSchema>;

/**
 * Body of `/api/shop/sync` (立即同步): makes the shop due now (at most once a minute) and wakes the
 * sync. Refused (409) for a shop that is not authorised or whose authorisation expired. Answers the
 * `Shop`.
 */
export const shopSyncBodySchema = z.object({ id: idLikeSchema });
export type ShopSyncBody = z.input<typeof shopSyncBodySchema>;

/**
 * Body of `/api/shop/index`. `group_id: 0` selects the shops in no group. Answers `Page<Shop>`.
 */
export const shopListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  platform: filter(platformCodeSchema),
  group_id: filter(z.union([z.literal(0), z.literal('0'), idLikeSchema]).transform(Number)),
  auth_status: filter(shopAuthStatusSchema),
});
export type ShopListParams = z.input<typeof shopListParamsSchema>;

/** A shop group (`/api/shop/group-index`). Names are unique per company. */
export const shopGroupSchema = z.object({
  id: idSchema,
  name: text(32, 1),
  shop_count: z.int().min(0).max(1_000_000),
  version: versionSchema,
});
export type ShopGroup = z.infer<typeof shopGroupSchema>;

/** Body of `/api/shop/group-index`. Answers `Page<ShopGroup>`. */
export const shopGroupListParamsSchema = listParamsSchema.extend({ keyword: keywordFilter });
export type ShopGroupListParams = z.input<typeof shopGroupListParamsSchema>;

/**
 * Body of `/api/shop/group-save`: without `id` creates, with `id` and `version` renames. Answers the
 * `ShopGroup`.
 */
export const shopGroupSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    name: text(32, 1),
    version: versionSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type ShopGroupSaveBody = z.input<typeof shopGroupSaveBodySchema>;

/** Body of `/api/shop/group-del`: `{ id }`. Its shops move to "no group". Answers `{ id }`. */
export const shopGroupDelBodySchema = z.object({ id: idLikeSchema });
export type ShopGroupDelBody = z.input<typeof shopGroupDelBodySchema>;

/**
 * Body of `/api/shop/move`: put a shop in a group, or in none with `group_id: null`; `version` is the
 * shop's as read (409 when stale). Answers the `Shop`.
 */
export const shopMoveBodySchema = z.object({
  shop_id: idLikeSchema,
  group_id: idLikeSchema.nullable(),
  version: versionSchema,
});
export type ShopMoveBody = z.input<typeof shopMoveBodySchema>;

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
import { AUTHORISABLE_PLATFORMS, SHOP_ATTENTIONS, SHOP_AUTH_STATUSES, SHOP_STATES } from './shop-rules.js';

/** Shop authorisation states; see `SHOP_AUTH_STATUSES`. */
export const shopAuthStatusSchema = z.enum(SHOP_AUTH_STATUSES);
export type ShopAuthStatus = z.infer<typeof shopAuthStatusSchema>;

/** What 店铺设置 shows of a shop; see `SHOP_STATES`. */
export const shopStateSchema = z.enum(SHOP_STATES);
export type ShopState = z.infer<typeof shopStateSchema>;

// ---- order sync (the shop sync job) ------------------------------------------------------------

/**
 * A shop's order sync: when it last ran (`last_sync_at`) and last succeeded, how far behind it is
 * (`lag_seconds`: now minus the platform update time up to which every order is stored; null before
 * the first success), the last failure in the seller's words (null after a success) and the failures
 * in a row, whether it is running now, when it is next due, and what the last run stored. 立即同步
 * answers the shop: its `next_sync_at` is when the run it asked for starts, so the run has finished once
 * `last_sync_at` reaches it and `syncing` is false.
 */
export const shopSyncSchema = z.object({
  last_sync_at: unixTimeSchema.nullable(),
  last_success_at: unixTimeSchema.nullable(),
  lag_seconds: z.int().min(0).nullable(),
  last_error: z.string().max(500).nullable(),
  failures: z.int().min(0),
  syncing: z.boolean(),
  next_sync_at: unixTimeSchema.nullable(),
  /** What the last finished run stored: orders added and updated (null before the first run). */
  last_inserted: z.int().min(0).nullable(),
  last_updated: z.int().min(0).nullable(),
});
export type ShopSync = z.infer<typeof shopSyncSchema>;

/**
 * A shop (`/api/shop/index`). `group_id`/`group_name` are `null`/`''` when the shop is in no group;
 * `auth_expires_at` (unix seconds) is `null` when never authorised. A shop authorised on its platform
 * has `platform_shop_id` (the platform's id). `state` is computed by the server: `disabled` when
 * `disabled_at` is set (停用: never synced), else from `auth_status` and `authorised_until` (when the
 * seller must authorise again: the refresh token's expiry, else the access token's), `expiring` within
 * `SHOP_EXPIRING_DAYS` of it.
 */
export const shopSchema = z.object({
  id: idSchema,
  name: text(64),
  platform: platformCodeSchema,
  platform_shop_id: text(64).nullable(),
  group_id: idSchema.nullable(),
  group_name: text(32),
  auth_status: shopAuthStatusSchema,
  auth_expires_at: unixTimeSchema.nullable(),
  authorised_until: unixTimeSchema.nullable(),
  disabled_at: unixTimeSchema.nullable(),
  state: shopStateSchema,
  goods_count: z.int().min(0).max(10_000_000),
  created_at: unixTimeSchema,
  version: versionSchema,
  /** The order sync of a shop authorised on its platform; null for a shop never authorised. */
  sync: shopSyncSchema.nullable().optional(),
  /**
   * How its orders arrive: `live` (实时) while its platform's message channel is connected and the shop
   * is permitted on it (拼多多 消息服务), or (抖店 消息推送) a push of its app was recorded within the
   * sync's fallback interval; else `polling` (轮询: the order sync).
   */
  message_channel: z.enum(['live', 'polling']).optional(),
  /** When the last platform message about the shop was received (unix s); null when none. */
  last_event_at: unixTimeSchema.nullable().optional(),
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
  /** The shops that need the seller (`SHOP_ATTENTIONS`). */
  attention: filter(z.enum(SHOP_ATTENTIONS)),
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

// ---- authorising shops on their platforms (添加店铺, 重新授权, 停用 / 启用) --------------------------

/** A platform a shop can be authorised on. */
export const authorisablePlatformSchema = z.enum(AUTHORISABLE_PLATFORMS);
export type AuthorisablePlatform = z.infer<typeof authorisablePlatformSchema>;

/**
 * `/api/shop/platforms`: the platforms 添加店铺 offers now (enabled by the operators, with an app
 * registered in 平台授权), as `{ code, name }`.
 */
export const shopPlatformsSchema = z
  .array(z.object({ code: authorisablePlatformSchema, name: text(32) }))
  .max(AUTHORISABLE_PLATFORMS.length);
export type ShopPlatformOption = z.infer<typeof shopPlatformsSchema>[number];

/**
 * Body of `/api/shop/authorise`: start authorising a shop on `platform` (添加店铺), or, with
 * `shop_id`, that shop again (重新授权). Answers `{ url }`: the platform's authorisation page, which
 * sends the browser back to the admin app's `/shop/authorised/<platform>` with `code` and `state`.
 */
export const shopAuthoriseBodySchema = z.object({
  platform: authorisablePlatformSchema,
  shop_id: idLikeSchema.optional(),
});
export type ShopAuthoriseBody = z.input<typeof shopAuthoriseBodySchema>;
export const shopAuthoriseResultSchema = z.object({ url: z.string().max(4096) });
export type ShopAuthoriseResult = z.infer<typeof shopAuthoriseResultSchema>;

/**
 * Body of `/api/shop/authorise-callback`: what the platform returned to the admin app, `code` and
 * `state`, or `state` and `error` (the seller refused). Answers the authorised `Shop` (created, or
 * updated when this account already holds that platform shop).
 */
export const shopAuthoriseCallbackBodySchema = z
  .object({
    platform: authorisablePlatformSchema,
    state: text(128, 1),
    code: text(512).optional(),
    error: text(128).optional(),
  })
  .refine((b) => Boolean(b.code) !== Boolean(b.error), {
    message: 'code or error, one of them',
    path: ['code'],
  });
export type ShopAuthoriseCallbackBody = z.input<typeof shopAuthoriseCallbackBodySchema>;

/**
 * Body of `/api/shop/toggle`: 停用 (`disabled: true`: the shop is no longer synced) or 启用 a shop,
 * at the `version` it was read. Answers the `Shop`.
 */
export const shopToggleBodySchema = z.object({
  id: idLikeSchema,
  disabled: z.boolean(),
  version: versionSchema,
});
export type ShopToggleBody = z.input<typeof shopToggleBodySchema>;

import * as z from 'zod';
import {
  idLikeSchema,
  idSchema,
  optionalUrlSchema,
  safeUrlSchema,
  text,
  unixTimeSchema,
  versionRequiredForUpdate,
  versionSchema,
} from './common.js';
import { PLATFORM_AUTH_STATUSES } from './shop-rules.js';

/**
 * The company profile (`/api/company/index`): the editable source of the branding that
 * `/api/default/config` publishes. Lengths: name 1..64, short_name 1..32 (it ends every document
 * title), en_name 0..64, footer lines 0..200.
 */
export const companySchema = z.object({
  name: text(64, 1),
  short_name: text(32, 1),
  en_name: text(64),
  logo_url: optionalUrlSchema,
  foot_copyright: text(200),
  foot_info: text(200),
  version: versionSchema,
});
export type Company = z.infer<typeof companySchema>;

/**
 * Body of `/api/company/update`: the whole profile, top-level fields, with the `version` it was read
 * at (409 when stale). Answers the saved `Company`.
 */
export const companyUpdateBodySchema = companySchema;
export type CompanyUpdateBody = z.input<typeof companyUpdateBodySchema>;

/**
 * Body of `/api/company/ad-save`: a banner without `id` creates one, with `id` (and the `version` it
 * read) updates it.
 * Times are unix seconds, `0`/`null` for "no time"; when both are set `end_time` must be later.
 * Answers the saved `Banner`.
 */
export const bannerSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    name: text(64, 1),
    ad_url: optionalUrlSchema.default(''),
    ad_login_image_url: safeUrlSchema,
    begin_time: unixTimeSchema.nullable().default(null),
    end_time: unixTimeSchema.nullable().default(null),
    version: versionSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params)
  .refine((b) => !b.begin_time || !b.end_time || b.end_time > b.begin_time, {
    message: 'end_time must be after begin_time',
    path: ['end_time'],
  });
export type BannerSaveBody = z.input<typeof bannerSaveBodySchema>;

/** Query of `/api/company/ad-del`, `/api/company/platform-del`: `?id=`. Answers `{ id }`. */
export const idQuerySchema = z.object({ id: idLikeSchema });
export type IdQuery = z.input<typeof idQuerySchema>;

/**
 * A sales platform the company sells on (`platform-list` / `platform-save` / `platform-del`).
 * `/api/company/platform-list` answers them all as `Platform[]` (not paged, by id).
 * `code` is a short lowercase identifier such as `taobao` or `pinduoduo`.
 */
export const platformSchema = z.object({
  id: idSchema,
  name: text(32, 1),
  code: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'lowercase letters, digits and _'),
  enabled: z.boolean(),
  version: versionSchema,
});
export type Platform = z.infer<typeof platformSchema>;

/**
 * Body of `/api/company/platform-save`: without `id` creates, with `id` and `version` updates.
 * Answers `Platform`.
 */
export const platformSaveBodySchema = platformSchema
  .extend({ id: idLikeSchema.optional(), version: versionSchema.optional() })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type PlatformSaveBody = z.input<typeof platformSaveBodySchema>;

export const platformAuthStatusSchema = z.enum(PLATFORM_AUTH_STATUSES);
export type PlatformAuthStatus = z.infer<typeof platformAuthStatusSchema>;

/**
 * A platform's open-platform app (平台授权, `platform-auth-*`): `shop_name` names it, `app_key` is its
 * client id (app key), `app_secret` its client secret. The secret is write-only: accepted by
 * `platform-auth-save` (encrypted at rest), never answered; `has_secret` says whether one is stored.
 * `expires_at` is unix seconds, `null` when the platform grants it without end. `service_id` is the
 * 服务ID of the app's service on 抖店's 服务市场 (digits; '' when none): 抖店 authorises shops by it, so a
 * 抖店 app without one cannot authorise shops. The app the server uses for a platform is its newest
 * `active`, unexpired authorisation with a secret.
 */
export const platformAuthSchema = z.object({
  id: idSchema,
  platform_id: idSchema,
  shop_name: text(64, 1),
  app_key: text(64, 1),
  service_id: z.string().max(20),
  has_secret: z.boolean(),
  expires_at: unixTimeSchema.nullable(),
  status: platformAuthStatusSchema,
  version: versionSchema,
});
export type PlatformAuth = z.infer<typeof platformAuthSchema>;

/** 抖店's 服务ID as an operator types it: digits only (up to 20), or empty. */
export const serviceIdSchema = z
  .string()
  .trim()
  .regex(/^\d{0,20}$/, '服务ID 只能填写数字（抖店服务市场中服务的 ID）');

/**
 * Body of `/api/company/platform-auth-save`: without `id` creates, with `id` and `version` updates.
 * Answers the saved `PlatformAuth`.
 */
export const platformAuthSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    platform_id: idLikeSchema,
    shop_name: text(64, 1),
    app_key: text(64, 1),
    app_secret: text(128).optional(),
    /** 抖店's 服务ID: digits; '' clears it; absent keeps it (on an update). */
    service_id: serviceIdSchema.optional(),
    expires_at: unixTimeSchema.nullable().default(null),
    version: versionSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type PlatformAuthSaveBody = z.input<typeof platformAuthSaveBodySchema>;

/** Query of `/api/company/platform-auth-list`: `?platform_id=`. Answers `PlatformAuth[]` (not paged). */
export const platformAuthListQuerySchema = z.object({ platform_id: idLikeSchema });
export type PlatformAuthListQuery = z.input<typeof platformAuthListQuerySchema>;

/** Query of `/api/company/platform-auth-del`: `?id=` (and optionally `platform_id`). Answers `{ id }`. */
export const platformAuthDelQuerySchema = z.object({
  id: idLikeSchema,
  platform_id: idLikeSchema.optional(),
});
export type PlatformAuthDelQuery = z.input<typeof platformAuthDelQuerySchema>;

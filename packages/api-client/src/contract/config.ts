import { z } from 'zod';
import { idSchema, optionalUrlSchema, safeUrlSchema, text, unixTimeSchema } from './common.js';

/**
 * A login-page banner (an entry of `ad_list`).
 * - `ad_url`: where a click on the banner goes; `''` = not clickable.
 * - `ad_login_image_url`: the picture.
 * - `begin_time` / `end_time`: unix seconds; `0` or `null` means "no time" on that side.
 */
export const bannerSchema = z.object({
  id: idSchema,
  name: text(64),
  ad_url: optionalUrlSchema,
  ad_login_image_url: safeUrlSchema,
  begin_time: unixTimeSchema.nullable(),
  end_time: unixTimeSchema.nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * Whether a banner shows at `nowSeconds` (unix seconds).
 *
 * - No begin time and no end time (both `0`/`null`/absent): always shown.
 * - Otherwise the time must lie strictly between them: `begin_time < now < end_time`.
 *   A missing one of the two counts as open on that side (only `begin_time`: shown strictly after it;
 *   only `end_time`: shown strictly before it).
 */
export function isBannerActive(
  banner: Pick<Banner, 'begin_time' | 'end_time'> | { begin_time?: number | null; end_time?: number | null },
  nowSeconds: number,
): boolean {
  const begin = banner.begin_time || 0;
  const end = banner.end_time || 0;
  if (!begin && !end) return true;
  return (!begin || nowSeconds > begin) && (!end || nowSeconds < end);
}

/**
 * The company configuration (`/api/default/config`, public): branding of the shell and the login
 * page. Cached by the browser under localStorage `companyConfig`. `logo_url` may be `''`.
 */
export const companyConfigSchema = z.object({
  logo_url: optionalUrlSchema,
  short_name: text(32),
  en_name: text(64),
  name: text(64),
  foot_copyright: text(200),
  foot_info: text(200),
  ad_list: z.array(bannerSchema).max(20),
});
export type CompanyConfig = z.infer<typeof companyConfigSchema>;

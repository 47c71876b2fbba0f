import * as z from 'zod';
import { idSchema, optionalUrlSchema, safeUrlSchema, text, unixTimeSchema, versionSchema } from './common.js';

/**
 * A login-page banner (an entry of `ad_list`).
 * - `ad_url`: where a click on the banner goes; `''` = not clickable.
 * - `ad_login_image_url`: the picture.
 * - `begin_time` / `end_time`: unix seconds; `0` or `null` means "no time" on that side.
 * - `version`: what an edit sends back to `ad-save` (no silent overwrite).
 */
export const bannerSchema = z.object({
  id: idSchema,
  name: text(64),
  ad_url: optionalUrlSchema,
  ad_login_image_url: safeUrlSchema,
  begin_time: unixTimeSchema.nullable(),
  end_time: unixTimeSchema.nullable(),
  version: versionSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

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

import * as z from 'zod';
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

/**
 * The id of the `<script type="application/json">` element in which a server that serves the app's
 * index.html may embed the current `CompanyConfig` (the answer of `default/config`), so that the first
 * paint of a first visit already carries the branding instead of waiting for the call. Optional: a
 * client without it fetches `default/config` as usual. `<`, `>` and `&` are escaped (`\u003c`...),
 * so the JSON can never close the element.
 */
export const EMBEDDED_COMPANY_CONFIG_ID = 'consign-company-config';

/** The element text for {@link EMBEDDED_COMPANY_CONFIG_ID}: JSON, safe inside a `<script>` element. */
export function embeddableJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

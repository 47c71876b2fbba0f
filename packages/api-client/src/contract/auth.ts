import * as z from 'zod';
import { unixTimeSchema } from './common.js';
import { MOBILE_MESSAGE, MOBILE_PATTERN, normalizeMobile, SMS_CODE_MESSAGE } from './mobile.js';

/** A mobile number: whitespace removed, then {@link MOBILE_PATTERN}. Parses to the normalised number. */
export const mobileSchema = z
  .string(MOBILE_MESSAGE)
  .max(32, MOBILE_MESSAGE)
  .transform(normalizeMobile)
  .pipe(z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE));

/** A 6-digit SMS code. */
export const smsCodeSchema = z.string(SMS_CODE_MESSAGE).regex(/^\d{6}$/, SMS_CODE_MESSAGE);

/**
 * `/api/default/send-code` (public). `type: 1` = login code, `sign_type: 1` = the default SMS
 * signature. `ticket` and `randstr` come from the captcha (the dev captcha answers `dev-ticket`).
 * Answers `data: null`.
 */
export const sendCodeBodySchema = z.object({
  mobile: mobileSchema,
  type: z.literal(1),
  sign_type: z.literal(1),
  ticket: z.string().min(1).max(2048),
  randstr: z.string().min(1).max(256),
});
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

/** `/api/default/login` (public): `{ mobile, code }`. */
export const loginBodySchema = z.object({
  mobile: mobileSchema,
  code: smsCodeSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/**
 * Answer of `/api/default/login`. `access_token` goes to localStorage `mmtAccessToken`;
 * `expires_at` (unix seconds) is when the server will stop accepting it, when it says so.
 * `is_new_account`: this login signed the mobile up as the owner of a new, empty seller account
 * (docs/design.md#seller-accounts-permissions-and-the-operation-log); the admin then opens 新手指引. Absent means false.
 */
export const loginResultSchema = z.object({
  access_token: z.string().min(1).max(4096),
  expires_at: unixTimeSchema.optional(),
  is_new_account: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Calls that answer nothing useful (`send-code`, `logout`): `data` is `null` or absent. */
export const emptyDataSchema = z.null().optional();

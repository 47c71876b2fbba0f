import { z } from 'zod';
import { unixTimeSchema } from './common.js';

/** SPEC.md section 5: 11 digits, first `1`, second `2`-`9` (after removing whitespace). */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;

/** Removes every whitespace character (users paste `138 0000 0000`). */
export function normalizeMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The mobile rule shared by the login screen and the server. */
export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(value));
}

/** Message of the mobile rule (SPEC.md section 5). */
export const MOBILE_MESSAGE = '请输入手机号';
/** Message of the SMS code rule (SPEC.md section 5). */
export const SMS_CODE_MESSAGE = '请输入短信验证码';
/** SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;

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
 */
export const loginResultSchema = z.object({
  access_token: z.string().min(1).max(4096),
  expires_at: unixTimeSchema.optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Calls that answer nothing useful (`send-code`, `logout`): `data` is `null` or absent. */
export const emptyDataSchema = z.null().optional();

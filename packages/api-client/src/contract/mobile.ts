/** Mobiles and SMS codes: the login rule shared by the login screen and the server, and the mask. */

/** docs/product.md#validation-rules: 11 digits, first `1`, second `2`-`9` (after removing whitespace). */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;
/** Message of the mobile rule (docs/product.md#validation-rules). */
export const MOBILE_MESSAGE = '请输入手机号';
/** Message of the SMS code rule (docs/product.md#validation-rules). */
export const SMS_CODE_MESSAGE = '请输入短信验证码';
/** SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;

/** Removes every whitespace character (users paste `138 0000 0000`). */
export function normalizeMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

/** `13800000000` -> `138****0000`: how a mobile is shown to staff (buyers, account owners); shorter values show nothing. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/** The mobile rule shared by the login screen and the server. */
export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(value));
}

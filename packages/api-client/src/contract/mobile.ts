/** Mobiles and SMS codes: the login rule shared by the login screen and the server, and the mask. */

/** docs/product.md#validation-rules: 11 digits, first `1`, second `2`-`9` (after removing whitespace). */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;
/** Message of the mobile rule (docs/product.md#validation-rules). */
export const MOBILE_MESSAGE = '请输入手机号';
/** Message of the SMS code rule (docs/product.md#validation-rules). */
export const SMS_CODE_MESSAGE = '请输入短信验证码';
/** SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;

/**
 * A 客服电话 (代发设置's 抖店客服电话, sent as 抖店's `mobile` when publishing): a mainland mobile, a fixed
 * line with its area code (`0571-88886666`, the dash optional) or a 400 / 800 number (`400-123-4567`).
 */
export const SERVICE_PHONE_PATTERN = /^(?:1[2-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/;
/** Message of the 客服电话 rule. */
export const SERVICE_PHONE_MESSAGE =
  '请输入正确的客服电话：手机号、带区号的固定电话（如 0571-88886666）或 400 电话';

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

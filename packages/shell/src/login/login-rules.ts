import { isValidMobile, normalizeMobile } from '@consign/api-client';
import { loginCopy } from './login-copy';

export { isValidMobile, normalizeMobile };

/** SMS resend countdown (docs/product.md#constants-and-limits). */
export const SMS_COUNTDOWN_SECONDS = 60;
/** Delay between the login success toast and the navigation (docs/product.md#states-and-transitions). */
export const REDIRECT_DELAY_MS = 1000;
/** SMS codes are at most 6 characters (the input's maxlength). */
export const SMS_CODE_MAX_LENGTH = 6;

/** The mobile rule's message, or undefined when the (whitespace-stripped) mobile is valid. */
export function mobileError(value: string): string | undefined {
  return isValidMobile(value) ? undefined : loginCopy.mobileMessage;
}

/** The SMS code rule: required, at most 6 characters. */
export function codeError(value: string): string | undefined {
  const code = value.trim();
  return code.length === 0 || code.length > SMS_CODE_MAX_LENGTH ? loginCopy.codeMessage : undefined;
}

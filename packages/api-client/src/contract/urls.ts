/**
 * Which URLs the contract accepts: absolute http(s) or same-origin paths anywhere, source links
 * absolute only, a notification's link a path of this app only.
 */

import { MAX_URL_LENGTH } from './limits.js';

/** True for an absolute http(s) URL or a same-origin path (`/x`, but not `//x` or `/\x`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const UNSAFE_URL_CHARACTER = /[\u0000-\u001f\u007f\\]/;
const SAME_ORIGIN = 'https://same-origin.invalid';

export function isSafeUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  // No control characters or backslashes anywhere: URL parsers drop tabs and newlines and read `\`
  // as `/`, so `/\t/evil.example` would become `//evil.example`, another site.
  if (UNSAFE_URL_CHARACTER.test(value)) return false;
  if (value.startsWith('/')) {
    // A same-origin path only if the URL parser agrees that it stays on the origin.
    try {
      return new URL(value, SAME_ORIGIN).origin === SAME_ORIGIN;
    } catch {
      return false;
    }
  }
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL only (no relative paths): source product links. */
export function isHttpUrl(value: string): boolean {
  return !value.startsWith('/') && isSafeUrl(value);
}

/**
 * A notification's link: a path of this app only (`/shop/setting?shop_id=3`, `/order/index?...`),
 * so clicking one can never leave the site (`//evil.example`, `/\evil.example`) nor run a script
 * (`javascript:`): a leading `/` not followed by `/` or `\`, then URL path and query characters only.
 */
export function isInternalLink(value: string): boolean {
  return value.length <= 1000 && /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+]*$/.test(value) && isSafeUrl(value);
}

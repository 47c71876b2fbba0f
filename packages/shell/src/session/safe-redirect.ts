/** Longest redirect target accepted. */
export const MAX_REDIRECT_LENGTH = 2048;

// Rejected anywhere: C0 and C1 controls, every Unicode space (browsers strip or fold some of them), and
// backslashes (which browsers read as `/`, so `/\evil.com` is `//evil.com`).
function hasForbiddenCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\' || /\s/u.test(char)) return true;
  }
  return false;
}
const PROBE_ORIGIN = 'https://redirect.invalid';

function unsafeShape(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || hasForbiddenCharacter(path);
}

/**
 * A `redirect` / `error_page` query value as a same-origin path, or `fallback`.
 *
 * Accepted: a path starting with exactly one `/` (`/order/index?pageIndex=2#top`). Rejected: anything
 * else, including protocol-relative `//evil.com`, `/\evil.com`, schemes (`javascript:`, `http:`),
 * control characters and whitespace, backslashes, and percent-encoded forms that decode to one of
 * those (`/%2F%2Fevil.com`, `/%5Cevil.com`), or that do not decode at all.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (unsafeShape(value)) return fallback;
  // The router or a later hop may decode the value, maybe more than once: every decoding must stay safe.
  let decoded = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    if (unsafeShape(next)) return fallback;
    decoded = next;
  }
  // Last word to the URL parser the browser will use.
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return value;
}

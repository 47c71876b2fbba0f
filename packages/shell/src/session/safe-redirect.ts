/** Longest redirect target accepted. */
export const MAX_REDIRECT_LENGTH = 2048;

const PROBE_ORIGIN = 'https://redirect.invalid';

// Rejected anywhere: C0 and C1 controls, every Unicode space (browsers strip or fold some of them), and
// backslashes (which browsers read as `/`, so `/\evil.com` is `//evil.com`).
function isForbiddenCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\' || /\s/u.test(char);
}

function hasForbiddenCharacter(value: string): boolean {
  for (const char of value) if (isForbiddenCharacter(char)) return true;
  return false;
}

/** The value as it must be: one leading `/`, and none of the characters above anywhere. */
function unsafeShape(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || hasForbiddenCharacter(path);
}

/**
 * A decoded form only has to keep the origin: once controls and spaces (which browsers may strip) are
 * dropped, it must not start with `//` or `/\`. A decoded space in a query (`?keyword=a%20b`) is fine.
 */
function unsafeDecoded(path: string): boolean {
  let squeezed = '';
  for (const char of path) {
    if (char === '\\' || !isForbiddenCharacter(char)) squeezed += char;
    if (squeezed.length >= 2) break;
  }
  return !squeezed.startsWith('/') || squeezed.startsWith('//') || squeezed.startsWith('/\\');
}

/**
 * A `redirect` / `error_page` query value as a same-origin path, or `fallback`.
 *
 * Accepted: a path starting with exactly one `/` (`/order/index?pageIndex=2#top`). Rejected: anything
 * else, including protocol-relative `//evil.com`, `/\evil.com`, schemes (`javascript:`, `http:`),
 * raw control characters, whitespace and backslashes, percent-encoded forms whose decoding (repeated)
 * starts with `//` or `/\` (`/%2F%2Fevil.com`, `/%5Cevil.com`, `/%09/evil.com`), and values that do
 * not decode at all. Encoded text in a query (`?keyword=%E5%A5%BD`, `a%20b`) is fine.
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
    if (unsafeDecoded(next)) return fallback;
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

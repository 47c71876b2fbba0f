import SparkMD5 from 'spark-md5';

/** A value that can stand in a signed body. Arrays, files and blobs are carried but never signed. */
export type SignableFields = Record<string, unknown>;

function isBinary(value: unknown): boolean {
  return (
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    (typeof File !== 'undefined' && value instanceof File)
  );
}

/**
 * The canonical string of DESIGN.md section 2: non-array, non-file, non-empty fields,
 * keys sorted by code unit, `key=value` joined with `&`, then `&key=<secret>`.
 */
export function canonicalString(fields: SignableFields, secret: string): string {
  const parts: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    const value = fields[key];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) || isBinary(value)) continue;
    const text =
      typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${key}=${text}`);
  }
  parts.push(`key=${secret}`);
  return parts.join('&');
}

/** Upper-cased hex MD5 of the canonical string: the value of the `Cache-Key` header. */
export function signPayload(fields: SignableFields, secret: string): string {
  return SparkMD5.hash(utf8(canonicalString(fields, secret))).toUpperCase();
}

/** Constant-time comparison of a received signature with the expected one. */
export function verifySignature(fields: SignableFields, secret: string, signature: string): boolean {
  if (typeof signature !== 'string') return false;
  const expected = signPayload(fields, secret);
  const given = signature.toUpperCase();
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

/** spark-md5's `hash` reads a JS string as UTF-16; convert to a UTF-8 binary string first. */
function utf8(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII fast path
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return unescape(encodeURIComponent(text));
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters from [A-Za-z0-9], drawn with crypto.getRandomValues (rejection sampling, no bias). */
export function createNonce(length = 16): string {
  let out = '';
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte < 248) out += NONCE_ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Unix seconds, as a number. */
export function unixSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}

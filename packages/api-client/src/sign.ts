import SparkMD5 from 'spark-md5';

/** A value that can stand in a signed body. Arrays, files and blobs are carried but never signed. */
export type SignableFields = Record<string, unknown>;

const utf8 = new TextEncoder();

/** The text a field is signed as, or `undefined` for a field that is not signed. */
function signedText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value === '' ? undefined : value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null || Array.isArray(value)) return undefined;
      if (typeof Blob !== 'undefined' && value instanceof Blob) return undefined; // File is a Blob
      return JSON.stringify(value);
    default:
      // undefined, functions and symbols are not sent in JSON, so they are not signed either.
      return undefined;
  }
}

/**
 * The canonical string of docs/design.md#api-contract: non-array, non-file, non-empty fields, keys sorted
 * by code unit (the default `Array.prototype.sort`), `key=value` joined with `&`, then `&key=<secret>`.
 */
export function canonicalString(fields: SignableFields, secret: string): string {
  const parts: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    const text = signedText(fields[key]);
    if (text !== undefined) parts.push(`${key}=${text}`);
  }
  parts.push(`key=${secret}`);
  return parts.join('&');
}

/**
 * Upper-cased hex MD5 (spark-md5) of the UTF-8 bytes of the canonical string: the value of the
 * `Cache-Key` header. The bytes come from `TextEncoder`, which turns a lone surrogate into U+FFFD as
 * every server-side UTF-8 encoder does (spark-md5's own string API would throw on one).
 */
export function signPayload(fields: SignableFields, secret: string): string {
  const bytes = utf8.encode(canonicalString(fields, secret));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return SparkMD5.ArrayBuffer.hash(buffer).toUpperCase();
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

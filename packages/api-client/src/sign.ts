import { md5HexUpper } from './md5.js';

/** A value that can stand in a signed body. Arrays, files and blobs are carried but never signed. */
export type SignableFields = Record<string, unknown>;

function isBinary(value: unknown): boolean {
  return (
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    (typeof File !== 'undefined' && value instanceof File)
  );
}

/**
 * Sorts keys by UTF-16 code units, like the default `Array.prototype.sort` (`<` on strings compares
 * code units too). Insertion sort wins for the handful of keys of a request body; it is quadratic,
 * so a large (hostile) body uses the built-in sort.
 */
function sortKeys(keys: string[]): string[] {
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * The canonical string of DESIGN.md section 2: non-array, non-file, non-empty fields,
 * keys sorted by code unit, `key=value` joined with `&`, then `&key=<secret>`.
 *
 * Written for speed (it runs on every request and, on the server, on every verification): see
 * {@link sortKeys}, and one string built by concatenation.
 */
export function canonicalString(fields: SignableFields, secret: string): string {
  const keys = sortKeys(Object.keys(fields));
  let out = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = fields[key];
    let text: string;
    switch (typeof value) {
      case 'string':
        if (value === '') continue;
        text = value;
        break;
      case 'number':
      case 'boolean':
      case 'bigint':
        text = String(value);
        break;
      case 'object':
        if (value === null || Array.isArray(value) || isBinary(value)) continue;
        text = JSON.stringify(value);
        break;
      default:
        // undefined, functions and symbols are not sent in JSON, so they are not signed either.
        continue;
    }
    out += `${key}=${text}&`;
  }
  return `${out}key=${secret}`;
}

/** Upper-cased hex MD5 of the UTF-8 bytes of the canonical string: the value of the `Cache-Key` header. */
export function signPayload(fields: SignableFields, secret: string): string {
  return md5HexUpper(canonicalString(fields, secret));
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

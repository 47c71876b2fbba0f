import * as z from 'zod';
import { MAX_FEN, MAX_ID, MAX_UNIX_SECONDS, MAX_URL_LENGTH } from './limits.js';
import { PLATFORMS } from './shop-rules.js';
import { isHttpUrl, isSafeUrl } from './urls.js';

/**
 * Shared building blocks of the contract. Every string has a maximum length, every integer a range,
 * and every URL is either an absolute http(s) URL or a same-origin path, so that no schema lets a
 * `javascript:` (or `data:`, `vbscript:` ...) link through.
 */

/** A trimmed string of at most `max` characters (and at least `min`, default 0). */
export function text(max: number, min = 0) {
  return z.string().trim().min(min).max(max);
}

/** A positive database id (JSON number). */
export const idSchema = z.int().min(1).max(MAX_ID);

/**
 * An id that may arrive as a number (JSON body) or as a digit string (URL query, form field);
 * it always parses to a number.
 */
export const idLikeSchema = z
  .union([idSchema, z.string().regex(/^[1-9]\d{0,9}$/, 'invalid id')])
  .transform((value) => Number(value))
  .pipe(idSchema);

/**
 * A record's version (docs/design.md#seller-accounts-permissions-and-the-operation-log, no silent overwrite): 1 when created, one more on every
 * save. A save sends the version it read; a stale one changes nothing and answers 409
 * `数据已被他人修改，请刷新后重试` (`STALE_RECORD_MESSAGE` in limits.ts).
 */
export const versionSchema = z.int().min(1).max(MAX_ID);

/** A save body's rule: an update (with `id`) must say which `version` it read; a create needs none. */
export const versionRequiredForUpdate = {
  check: (b: { id?: number; version?: number }) => !b.id || b.version !== undefined,
  params: { message: '更新时必须提供 version', path: ['version'] },
};

/** Unix seconds (integer, 0..2100). */
export const unixTimeSchema = z.int().min(0).max(MAX_UNIX_SECONDS);

/** Money in integer fen (1 yuan = 100 fen), never negative. */
export const fenSchema = z.int().min(0).max(MAX_FEN);

/** A calendar date `YYYY-MM-DD` (used by the date-range filters of the list pages). */
export const dateStringSchema = z.iso.date();

/** An absolute http(s) URL or a same-origin path such as `/uploads/logo.png`. */
export const safeUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine(isSafeUrl, 'must be an http(s) URL or a path starting with /');

/** {@link safeUrlSchema} or the empty string ("no link / no image"). */
export const optionalUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine(
    (value) => value === '' || isSafeUrl(value),
    'must be empty, an http(s) URL or a path starting with /',
  );

/** An absolute http(s) URL (source product links on Taobao, 1688, Pinduoduo ...). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine(isHttpUrl, 'must be an absolute http(s) URL');

export const platformCodeSchema = z.enum(PLATFORMS);
export type PlatformCode = z.infer<typeof platformCodeSchema>;

/**
 * Makes a list filter optional and treats `''` (an empty select or search box, as it comes from the
 * address query) as "no filter": the parsed value is then `undefined`. `error`: what a bad value
 * answers (else zod's generic words).
 */
export function filter<T extends z.ZodType>(schema: T, error?: string) {
  return z
    .union([z.literal(''), z.null(), schema], error ? { error } : undefined)
    .optional()
    .transform((value) => (value === '' || value === null ? undefined : (value as z.output<T>)));
}

/** A free-text search filter (order number, title, shop name ...). */
export const keywordFilter = filter(text(64));

/** The body of every `/api/x/y` call that deletes or reads one thing by id: `{ id }`. */
export const idParamsSchema = z.object({ id: idLikeSchema });
export type IdParams = z.input<typeof idParamsSchema>;

/** The answer of a delete: the id that was removed. */
export const deletedSchema = z.object({ id: idSchema });
export type Deleted = z.infer<typeof deletedSchema>;

/** Query parameters passed through unchanged (`ad-save`, `platform-save` ... accept "body plus query"). */
export const passthroughQuerySchema = z.record(
  z.string().max(64),
  z.union([z.string().max(256), z.number(), z.boolean()]),
);
export type PassthroughQuery = z.input<typeof passthroughQuerySchema>;

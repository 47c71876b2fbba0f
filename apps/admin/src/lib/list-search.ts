import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@consign/api-client';
import { z } from 'zod';

/**
 * Typed list state in the address query (DESIGN.md section 4): `pageIndex` and `pageSize` are numbers
 * with defaults 1 and 20, every other listed key is an optional string. A bad value (text, a negative
 * or fractional number, an array, an object, a number out of range) falls back to its default: a URL
 * never throws.
 */
export const LIST_DEFAULTS = { pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE } as const;

/** Highest page number accepted from the address. */
export const MAX_PAGE_INDEX = 100_000;
/** Longest filter value accepted from the address. */
export const MAX_FILTER_LENGTH = 64;

function positiveInt(fallback: number, max: number) {
  return z
    .union([z.int(), z.string().regex(/^\d{1,9}$/)])
    .transform(Number)
    .pipe(z.int().min(1).max(max))
    .default(fallback)
    .catch(fallback);
}

export const pageIndexSchema = positiveInt(LIST_DEFAULTS.pageIndex, MAX_PAGE_INDEX);
export const pageSizeSchema = positiveInt(LIST_DEFAULTS.pageSize, MAX_PAGE_SIZE);

/** An optional string filter; anything that is not a short string is dropped. */
export const filterSchema = z.string().max(MAX_FILTER_LENGTH).optional().catch(undefined);

/** The search schema of a list route: pagination plus the given string filters. */
export function listSearchSchema<const K extends string>(filterKeys: readonly K[]) {
  const filters = Object.fromEntries(filterKeys.map((key) => [key, filterSchema])) as {
    [P in K]: typeof filterSchema;
  };
  return z.object({ pageIndex: pageIndexSchema, pageSize: pageSizeSchema, ...filters });
}

export type ListSearch = { pageIndex: number; pageSize: number } & {
  [key: string]: string | number | undefined;
};

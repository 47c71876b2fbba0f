import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * Typed list state in the address query (DESIGN.md section 4): `pageIndex` and `pageSize` are numbers
 * with defaults 1 and 20, every other listed key is an optional string. A bad value (text, a negative
 * or fractional number, an array, an object, a number out of range) falls back to its default, like a
 * zod `.catch()`: an address never throws.
 *
 * These are plain validator functions rather than zod schemas on purpose: route definitions live in
 * the entry chunk, and zod's core would add ~15 KB gzip to every first paint (measured; the API's zod
 * contract stays out of the paint path).
 */
export const LIST_DEFAULTS = { pageIndex: 1, pageSize: 20 } as const;

/** Highest page number accepted from the address. */
export const MAX_PAGE_INDEX = 100_000;
/** Largest page size accepted from the address (the API's limit). */
export const MAX_PAGE_SIZE = 100;
/** Longest filter value accepted from the address. */
export const MAX_FILTER_LENGTH = 64;

/** A whole number in 1..max from a number or a digit string; anything else is `fallback`. */
export function positiveInt(value: unknown, fallback: number, max: number): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,9}$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** A short string, or undefined for anything else (arrays, objects, numbers, long text). */
export function shortString(value: unknown, max = MAX_FILTER_LENGTH): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** What a list route's validated search holds. */
export type ListSearchOf<K extends string> = { pageIndex: number; pageSize: number } & { [P in K]?: string };

/** What links and navigations may pass (everything optional; numbers or strings). */
export type ListSearchInputOf<K extends string> = {
  pageIndex?: number | string;
  pageSize?: number | string;
} & { [P in K]?: string } & SearchSchemaInput;

/** The `validateSearch` of a list route: pagination plus the given string filters. */
export function listSearchSchema<const K extends string>(filterKeys: readonly K[]) {
  return (search: ListSearchInputOf<K>): ListSearchOf<K> => {
    const input = search as Record<string, unknown>;
    const out: Record<string, string | number | undefined> = {
      pageIndex: positiveInt(input.pageIndex, LIST_DEFAULTS.pageIndex, MAX_PAGE_INDEX),
      pageSize: positiveInt(input.pageSize, LIST_DEFAULTS.pageSize, MAX_PAGE_SIZE),
    };
    // Every key is set, `undefined` when invalid: the router merges the validated search over the raw
    // one, so a key left out would let the raw value (`keyword[]=x`, an array) through.
    for (const key of filterKeys) out[key] = shortString(input[key]);
    return out as ListSearchOf<K>;
  };
}

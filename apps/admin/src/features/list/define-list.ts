import type { ApiClient, ListParams } from '@consign/api-client';
import * as z from 'zod';

/**
 * What a list page is, in one object (DESIGN.md section 4): the schema of its address query, the
 * request body built from it, and the query that fetches a page. The route file uses it for
 * `validateSearch`, `loaderDeps` and the loader; the page uses it through `useList`.
 */
export interface ListDefinition<Schema extends ListSchema, P extends ListParams, Q> {
  /** The route's `validateSearch`: `listSearch.extend({ ...filters })`. */
  search: Schema;
  /** The request body from the validated search; a value the API would refuse is left out. */
  toParams: (search: z.output<Schema>) => P;
  /** The TanStack Query options of one page (a factory of `@consign/api-client/query`). */
  queryOptions: (api: ApiClient, params: P) => Q;
}

/** A list's address schema: `listSearch` extended with its filters. */
export type ListSchema = z.ZodType<ListSearch>;

/** Types a list definition (it returns the object as it is). */
export function defineList<Schema extends ListSchema, P extends ListParams, Q>(
  list: ListDefinition<Schema, P, Q>,
): ListDefinition<Schema, P, Q> {
  return list;
}

/** The pagination of a list when the address says nothing; `stripSearchParams` keeps it out of the address. */
export const LIST_DEFAULTS = { pageIndex: 1, pageSize: 20 } as const;
/** Highest page number accepted from the address. */
export const MAX_PAGE_INDEX = 100_000;
/** Largest page size accepted from the address (the API's limit). */
export const MAX_PAGE_SIZE = 100;
/** Longest filter value accepted from the address. */
export const MAX_FILTER_LENGTH = 64;

/**
 * A whole number in 1..max, from the address (digits) or a navigation (a number). Text, `1.5`, `-5`,
 * `0x10` or an array fail; each use says what a failure falls back to (`.catch`), so an address never
 * throws.
 */
export function positiveInt(max: number) {
  return z
    .union([
      z.int(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(z.int().min(1).max(max));
}

/**
 * A filter in the address: a string of at most 64 characters, trimmed; empty, too long or not a string
 * (an array, an object) reads as no filter. The key stays in the result (as `undefined`) when the
 * address had it, which matters: the router merges the validated search over the raw one.
 */
export const filter = z
  .string()
  .trim()
  .max(MAX_FILTER_LENGTH)
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined);

/** The address query every list shares: `pageIndex` and `pageSize`, numbers with defaults 1 and 20. */
export const listSearch = z.object({
  pageIndex: positiveInt(MAX_PAGE_INDEX).default(LIST_DEFAULTS.pageIndex).catch(LIST_DEFAULTS.pageIndex),
  pageSize: positiveInt(MAX_PAGE_SIZE).default(LIST_DEFAULTS.pageSize).catch(LIST_DEFAULTS.pageSize),
});
export type ListSearch = z.output<typeof listSearch> & { [filter: string]: string | number | undefined };

/** `value` if it is one of `allowed`, else undefined: an address filter the API would reject is dropped. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A positive id from an address filter, else undefined. */
export function idFrom(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** A `YYYY-MM-DD` date from an address filter, else undefined. */
export function dateFrom(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

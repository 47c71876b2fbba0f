import type { ApiBody, ApiClient, ApiPath, CallArgs, ListParams } from '@consign/api-client';
import { listQuery } from '@consign/api-client/query';
// Valibot, not the contract's zod: route definitions load with every page, and these schemas cost
// about 2 KB gzip there with valibot where zod/mini cost 15.2 KB (apps/admin/README.md, "Performance").
// Valibot's functions read like zod/mini's (`v.fallback` is `z.catch`, `v.optional(s, d)` is
// `z._default`), and the router takes it as a Standard Schema.
import * as v from 'valibot';

/**
 * What a list page is, in one object: the schema of its address query (its filters typed: enums as
 * enums, ids as numbers), the one function from that search to the API's filter, and the query that
 * fetches a page. The route file uses it for `validateSearch`, `loaderDeps` and the loader; the page
 * uses it through `useList`, and whatever else sends the list's filter (代发订单's 导出 and batches)
 * takes it from `useList` too, so a filter is mapped in one place.
 */
export interface ListDefinition<Schema extends ListSchema, P extends ListParams, Q> {
  /** The route's `validateSearch`: `v.object({ ...listSearch.entries, ...filters })`. */
  search: Schema;
  /**
   * The API's filter from the validated search: every filter of the request body (`P` without its
   * page), each key written out, so that a filter the API gains fails to compile until it is mapped.
   */
  filter: (search: v.InferOutput<Schema>) => NoInfer<ApiFilter<P>>;
  /** The TanStack Query options of one page: `pageOf(path)` (or `listQuery` with more options). */
  queryOptions: (api: ApiClient, params: P) => Q;
}

/** A list definition with its request body: the search's page plus {@link ListDefinition.filter}. */
export interface List<Schema extends ListSchema, P extends ListParams, Q>
  extends ListDefinition<Schema, P, Q> {
  toParams: (search: v.InferOutput<Schema>) => P;
}

/** The filters of a list request body `P`: every key but the page, each required (`undefined`: no filter). */
export type ApiFilter<P extends ListParams> = {
  [K in Exclude<keyof P, keyof ListParams>]-?: P[K] | undefined;
};

/** A list's address schema: `listSearch` extended with its filters. */
export type ListSchema = v.GenericSchema<unknown, ListSearch>;

/** Types a list definition and adds its request body (`toParams`). */
export function defineList<Schema extends ListSchema, P extends ListParams, Q>(
  list: ListDefinition<Schema, P, Q>,
): List<Schema, P, Q> {
  return {
    ...list,
    // The page plus every filter of P: P itself, which TypeScript cannot see through the mapped type.
    toParams: (search) =>
      ({ pageIndex: search.pageIndex, pageSize: search.pageSize, ...list.filter(search) }) as unknown as P,
  };
}

/** The query of one page of the list read from `path` (`listQuery` of `@consign/api-client/query`). */
export function pageOf<Path extends ApiPath>(path: Path) {
  return (api: ApiClient, params: ApiBody<Path>) =>
    listQuery(api, path, ...([params] as unknown as CallArgs<Path>));
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
 * `0x10` or an array fail; each use says what a failure falls back to (`v.fallback`), so an address
 * never throws.
 */
export function positiveInt(max: number) {
  return v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(1),
    v.maxValue(max),
  );
}

/**
 * A filter in the address: a string of at most 64 characters, trimmed; empty, too long or not a string
 * (an array, an object) reads as no filter. A whole number reads as its digits: the router validates
 * an already validated search again when it builds the address (on the first load too), so an id
 * filter read as a number must read the same the second time. The key stays in the result (as
 * `undefined`) when the address had it, which matters: the router merges the validated search over
 * the raw one.
 */
export const filter = v.fallback(
  v.optional(
    v.pipe(
      // A number too: the router validates a validated search again (on the first load too), and a
      // digits-only value reads back as a number.
      v.union([
        v.string(),
        v.pipe(
          v.number(),
          v.integer(),
          v.transform((value: number) => String(value)),
        ),
      ]),
      v.trim(),
      v.maxLength(MAX_FILTER_LENGTH),
      v.transform((value: string) => value || undefined),
    ),
  ),
  undefined,
);

/**
 * The address query every list shares: `pageIndex` and `pageSize`, numbers with defaults 1 and 20
 * (`v.optional` with a default also lets links leave them out; `v.fallback` replaces a bad value).
 */
export const listSearch = v.object({
  pageIndex: v.fallback(
    v.optional(positiveInt(MAX_PAGE_INDEX), LIST_DEFAULTS.pageIndex),
    LIST_DEFAULTS.pageIndex,
  ),
  pageSize: v.fallback(
    v.optional(positiveInt(MAX_PAGE_SIZE), LIST_DEFAULTS.pageSize),
    LIST_DEFAULTS.pageSize,
  ),
});
/** A list's validated search: the pagination and its filters (strings, enum values, ids). */
export type ListSearch = v.InferOutput<typeof listSearch> & { [filter: string]: string | number | undefined };

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

/** A filter of one of `values` (a contract enum); any other value reads as no filter. */
export function enumFilter<const T extends string>(values: readonly T[]) {
  return v.optional(
    v.pipe(
      filter,
      v.transform((value: string | undefined) => oneOf(value, values)),
    ),
  );
}

/** A filter of a positive id, read as a number; anything else reads as no filter. */
export const idFilter = v.optional(v.pipe(filter, v.transform(idFrom)));

/** A filter of a `YYYY-MM-DD` day; anything else reads as no filter. */
export const dateFilter = v.optional(v.pipe(filter, v.transform(dateFrom)));

/** What {@link openParam} reads from an address value that is not an id. */
export const MALFORMED = 'malformed';

/**
 * The row a page shows in a dialog, from the address (`?order=123`), so that it can be shared and
 * reloaded: its id, or {@link MALFORMED} for any other text (the page says the link is wrong rather
 * than showing nothing). Not a filter: lists leave it out of their request body.
 */
export const openParam = v.optional(
  v.pipe(
    filter,
    v.transform((value: string | undefined) =>
      value === undefined ? undefined : (idFrom(value) ?? (MALFORMED as typeof MALFORMED)),
    ),
  ),
);

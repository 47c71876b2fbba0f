import { parse, stringify } from 'qs-esm';

/**
 * The address query as the router reads and writes it, with `qs-esm` (the maintained ESM fork of `qs`)
 * and the limits of docs/product.md#constants-and-limits: at most 20 array items (a larger index turns the array into an
 * object), 5 levels of nesting (deeper brackets stay part of the key) and 1000 parameters (the rest is
 * ignored). Parsing never throws.
 *
 * These are whole-string functions on purpose: the router's `parseSearchWith(parser)` first splits the
 * query with its own decoder and only hands single values to `parser`, so the parameter and depth
 * limits would never apply to the top level.
 */
export const SEARCH_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

/** Longest query string read at all; anything past it is dropped before parsing. */
export const MAX_SEARCH_LENGTH = 64 * 1024;

export function parseSearch(searchStr: string): Record<string, unknown> {
  try {
    return parse(searchStr.slice(0, MAX_SEARCH_LENGTH), {
      ...SEARCH_LIMITS,
      ignoreQueryPrefix: true,
      allowPrototypes: false,
      allowDots: false,
    });
  } catch {
    return {};
  }
}

export function stringifySearch(search: Record<string, unknown>): string {
  const str = stringify(search, {
    arrayFormat: 'indices',
    encodeValuesOnly: true,
    skipNulls: true,
    allowDots: false,
  });
  return str ? `?${str}` : '';
}

import { LIST_DEFAULTS } from './list-search';

/** What a list route's validated search holds: pagination plus string filters. */
export interface ListSearchValue {
  pageIndex: number;
  pageSize: number;
  [filter: string]: string | number | undefined;
}

export type ListFilters = Record<string, string | undefined>;

/** What a list page reads: the pagination of its table and its filters (SPEC.md section 2). */
export interface ListState<F extends ListFilters = ListFilters> {
  pagination: { current: number; pageSize: number };
  filters: F;
}

/** `{ pagination: { current, pageSize }, filters }` from a validated search. Empty filters are left out. */
export function toListState<S extends ListSearchValue>(search: S): ListState<FiltersOf<S>> {
  const { pageIndex, pageSize, ...rest } = search;
  const filters: ListFilters = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string' && value !== '') filters[key] = value;
  }
  return { pagination: { current: pageIndex, pageSize }, filters: filters as FiltersOf<S> };
}

export type FiltersOf<S> = { [K in Exclude<keyof S, 'pageIndex' | 'pageSize'>]?: string };

/** The search after moving to page `page` (at least 1). */
export function withPage<S extends ListSearchValue>(search: S, page: number): S {
  const pageIndex = Number.isSafeInteger(page) && page >= 1 ? page : LIST_DEFAULTS.pageIndex;
  return { ...search, pageIndex };
}

/** The search after changing the page size: back to page 1, since the old page may not exist. */
export function withPageSize<S extends ListSearchValue>(search: S, pageSize: number): S {
  const size = Number.isSafeInteger(pageSize) && pageSize >= 1 ? pageSize : LIST_DEFAULTS.pageSize;
  return { ...search, pageSize: size, pageIndex: LIST_DEFAULTS.pageIndex };
}

/**
 * The search after a pagination control changed page and size together: a new size goes back to
 * page 1 (the old page may not exist any more), the same size moves to `page`.
 */
export function withPagination<S extends ListSearchValue>(search: S, page: number, pageSize: number): S {
  return pageSize === search.pageSize ? withPage(search, page) : withPageSize(search, pageSize);
}

/**
 * The search after changing filters: the given keys are replaced (an empty string or `undefined`
 * clears one), the others are kept, and the page goes back to 1.
 */
export function withFilters<S extends ListSearchValue>(search: S, filters: FiltersOf<S>): S {
  const next: ListSearchValue = { ...search, pageIndex: LIST_DEFAULTS.pageIndex };
  for (const [key, value] of Object.entries(filters as ListFilters)) {
    if (key === 'pageIndex' || key === 'pageSize') continue;
    const trimmed = typeof value === 'string' ? value.trim() : undefined;
    if (trimmed) next[key] = trimmed;
    else delete next[key];
  }
  return next as S;
}

/** The search with every filter cleared and the page back to 1; the page size stays. */
export function withoutFilters<S extends ListSearchValue>(search: S): S {
  return { pageIndex: LIST_DEFAULTS.pageIndex, pageSize: search.pageSize } as S;
}

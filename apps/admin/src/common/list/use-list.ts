import type { ListParams, Page } from '@consign/api-client';
import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type * as v from 'valibot';
import { useApi } from '../../lib/use-api';
import { type ApiFilter, LIST_DEFAULTS, type List, type ListSchema, type ListSearch } from './define-list';

/** What a page passes for its route: `getRouteApi('/_authed/order/index')`. */
export interface ListRoute<S> {
  useSearch: () => S;
  // biome-ignore lint/suspicious/noExplicitAny: the router's navigate options are typed per route
  useNavigate: () => (options: any) => Promise<void>;
}

/** The options of a list query: one page of rows and the total. */
export type ListQueryOptions<Row, Key extends QueryKey> = UseQueryOptions<Page<Row>, Error, Page<Row>, Key>;

/** The filters of a list as the filter bar edits them: every key of its search but the pagination, as strings. */
export type ListFilters = Record<string, string | undefined>;

/** A list page's state and its setters (`useList`). */
export interface ListControls<Row, Filter = unknown> {
  pagination: { current: number; pageSize: number };
  /** The filters in the address (empty ones left out), as text for the filter bar and the tabs. */
  filters: ListFilters;
  /**
   * The API's filter of the address (`list.filter`): what the page's query sends, and what 导出, the
   * batches and any count of the same list must send.
   */
  filter: Filter;
  /**
   * The list's address: its page, page size and API filter, as one key (the other keys of the search,
   * an opened detail dialog, leave it alone). A selection of rows belongs to one address.
   */
  address: string;
  /** The page of rows the address asks for. */
  query: UseQueryResult<Page<Row>>;
  /** Go to a page and page size, as the `Pagination` reports them (it keeps the first visible row). */
  setPagination: (page: number, pageSize: number) => void;
  /** Replace some filters (an empty value clears one); back to page 1. */
  setFilters: (filters: ListFilters) => void;
  /** Clear every filter; back to page 1, the page size stays. */
  resetFilters: () => void;
}

/** The filters of a search as text: its values but the pagination (ids as digits), empty ones left out. */
export function filtersOf(search: ListSearch): ListFilters {
  const filters: ListFilters = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'pageIndex' || key === 'pageSize') continue;
    if (typeof value === 'string' && value !== '') filters[key] = value;
    else if (typeof value === 'number') filters[key] = String(value);
  }
  return filters;
}

/**
 * The search after a pagination change. The page comes from the `Pagination`, which keeps the first
 * visible row on screen when the size changes (the one page-size policy of the app).
 */
export function withPagination<S extends ListSearch>(search: S, page: number, pageSize: number): S {
  return { ...search, pageIndex: page, pageSize };
}

/**
 * The search after changing filters: the given keys are replaced (a blank value clears one), the others
 * kept, and the page goes back to 1 (the old page may not exist in the new result).
 */
export function withFilters<S extends ListSearch>(search: S, filters: ListFilters): S {
  const next: ListSearch = { ...search, pageIndex: LIST_DEFAULTS.pageIndex };
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'pageIndex' || key === 'pageSize') continue;
    const trimmed = value?.trim();
    if (trimmed) next[key] = trimmed;
    else delete next[key];
  }
  return next as S;
}

/** The search with every filter cleared and the page back to 1; the page size stays. */
export function withoutFilters(search: ListSearch): ListSearch {
  return { pageIndex: LIST_DEFAULTS.pageIndex, pageSize: search.pageSize };
}

/**
 * A list page's state: read from its route's address query, written back with the route's `navigate`
 * (each change is a history entry, so Back returns to the previous page or filter), and the query of
 * the page the address asks for. Once a page is on screen the next one is prefetched, so 下一页 paints
 * from the cache.
 */
export function useList<Schema extends ListSchema, P extends ListParams, Row, Key extends QueryKey>(
  route: ListRoute<v.InferOutput<Schema>>,
  list: List<Schema, P, ListQueryOptions<Row, Key>>,
): ListControls<Row, ApiFilter<P>> {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  const params = list.toParams(search);
  const query = useQuery(list.queryOptions(api, params));

  const total = query.data?.total;
  const nextPage = total !== undefined && params.pageIndex * params.pageSize < total;
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `params`, rebuilt on every render
  useEffect(() => {
    if (nextPage)
      void queryClient.prefetchQuery(list.queryOptions(api, { ...params, pageIndex: params.pageIndex + 1 }));
  }, [nextPage, key, api, queryClient, list]);

  const go = (next: ListSearch) => void navigate({ search: next });
  return {
    pagination: { current: search.pageIndex, pageSize: search.pageSize },
    filters: filtersOf(search),
    filter: list.filter(search),
    address: key,
    query,
    setPagination: (page, pageSize) => go(withPagination(search, page, pageSize)),
    setFilters: (filters) => go(withFilters(search, filters)),
    resetFilters: () => go(withoutFilters(search)),
  };
}

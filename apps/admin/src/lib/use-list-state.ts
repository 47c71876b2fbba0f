import { useCallback, useMemo } from 'react';
import {
  type FiltersOf,
  type ListSearchValue,
  type ListState,
  toListState,
  withFilters,
  withoutFilters,
  withPage,
  withPageSize,
  withPagination,
} from './list-state';

/** What the hook needs from a route (`Route` in a route file, or `getRouteApi(id)` in a page). */
export interface ListRouteLike<S extends ListSearchValue> {
  useSearch: () => S;
  // biome-ignore lint/suspicious/noExplicitAny: the router's navigate options are typed per route
  useNavigate: () => (options: any) => Promise<void>;
}

export interface ListStateControls<S extends ListSearchValue> extends ListState<FiltersOf<S>> {
  /** The validated search itself (for the query key and the request body). */
  search: S;
  setPage: (page: number) => void;
  /** Change the page size; back to page 1. */
  setPageSize: (pageSize: number) => void;
  /** Both at once, as a pagination control reports them. */
  setPagination: (page: number, pageSize: number) => void;
  /** Replace some filters; back to page 1. */
  setFilters: (filters: FiltersOf<S>) => void;
  /** Clear every filter; back to page 1. */
  resetFilters: () => void;
}

/**
 * A list page's state, read from and written to the address query of its route (DESIGN.md section 4).
 * Every setter pushes a history entry, so Back returns to the previous page or filter; the route's
 * `stripSearchParams` keeps the defaults out of the address.
 */
export function useListState<S extends ListSearchValue>(route: ListRouteLike<S>): ListStateControls<S> {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useCallback((next: S) => void navigate({ search: next }), [navigate]);
  return useMemo(
    () => ({
      ...toListState(search),
      search,
      setPage: (page) => go(withPage(search, page)),
      setPageSize: (pageSize) => go(withPageSize(search, pageSize)),
      setPagination: (page, pageSize) => go(withPagination(search, page, pageSize)),
      setFilters: (filters) => go(withFilters(search, filters)),
      resetFilters: () => go(withoutFilters(search)),
    }),
    [search, go],
  );
}

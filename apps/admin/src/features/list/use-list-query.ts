import { type FetchQueryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListSearchValue } from '../../lib/list-state';
import { withPage } from '../../lib/list-state';

// biome-ignore lint/suspicious/noExplicitAny: any query options of a list factory of @consign/api-client/query
type ListQueryOptions = FetchQueryOptions<any, any, any, any>;

/**
 * Once a page is on screen, fetch the next one into the cache, so 下一页 paints from memory and the
 * route loader resolves at once (the figure in README.md). Nothing when this is the last page.
 */
export function usePrefetchNextPage<S extends ListSearchValue>(
  search: S,
  total: number | undefined,
  queryFor: (search: S) => ListQueryOptions,
): void {
  const queryClient = useQueryClient();
  const hasNext = total !== undefined && search.pageIndex * search.pageSize < total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queryFor` is rebuilt on every render; `search` decides
  useEffect(() => {
    if (!hasNext) return;
    void queryClient.prefetchQuery(queryFor(withPage(search, search.pageIndex + 1)));
  }, [hasNext, search, queryClient]);
}

/**
 * A list page's query: the page the address asks for (`queryFor(search)`, a factory of
 * `@consign/api-client/query`), with the next page prefetched.
 */
export function useListQuery<S extends ListSearchValue, Q extends ListQueryOptions>(
  search: S,
  queryFor: (search: S) => Q,
): UseQueryResult<NonNullable<Q['queryFn']> extends (...args: never[]) => infer R ? Awaited<R> : never> {
  const query = useQuery(queryFor(search));
  usePrefetchNextPage(search, (query.data as { total?: number } | undefined)?.total, queryFor);
  return query as never;
}

/** What `ListPage` takes from a list query: its page, whether it is fetching or failed, and a retry. */
export function listQueryProps<T>(query: UseQueryResult<T>) {
  return {
    data: query.data,
    loading: query.isFetching,
    error: query.isError,
    onRetry: () => void query.refetch(),
  };
}

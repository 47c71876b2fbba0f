import { type FetchQueryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListSearchValue } from '../../lib/list-state';
import { withPage } from '../../lib/list-state';

/**
 * Once a page is on screen, fetch the next one into the cache, so 下一页 paints from memory and the
 * route loader resolves at once (the figure in README.md). Nothing when this is the last page.
 */
export function usePrefetchNextPage<S extends ListSearchValue>(
  search: S,
  total: number | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: any query options of a list factory
  queryFor: (search: S) => FetchQueryOptions<any, any, any, any>,
): void {
  const queryClient = useQueryClient();
  const hasNext = total !== undefined && search.pageIndex * search.pageSize < total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queryFor` is a module-level function per page
  useEffect(() => {
    if (!hasNext) return;
    void queryClient.prefetchQuery(queryFor(withPage(search, search.pageIndex + 1)));
  }, [hasNext, search, queryClient]);
}

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { goodsList } from '../../../../features/list/lists';
import { GoodsListPage } from '../../../../features/shop/goods-list-page';

export const Route = createFileRoute('/_authed/shop/goods/')({
  validateSearch: goodsList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => goodsList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(goodsList.queryOptions(api, deps)).catch(() => undefined),
  component: GoodsListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { shopList } from '../../../../features/list/lists';
import { ShopListPage } from '../../../../features/shop/shop-list-page';

export const Route = createFileRoute('/_authed/shop/setting/')({
  validateSearch: shopList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => shopList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(shopList.queryOptions(api, deps)).catch(() => undefined),
  component: ShopListPage,
});

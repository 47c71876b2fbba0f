import { shopListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { shopListParams } from '../../../../features/shop/list-params';
import { shopSearchSchema } from '../../../../features/shop/search-schema';
import { ShopListPage } from '../../../../features/shop/shop-list-page';
import { LIST_DEFAULTS } from '../../../../lib/list-search';

export const Route = createFileRoute('/_authed/shop/setting/')({
  validateSearch: shopSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(shopListQuery(api, shopListParams(deps))).catch(() => undefined),
  component: ShopListPage,
});

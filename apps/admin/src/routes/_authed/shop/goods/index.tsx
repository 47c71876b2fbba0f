import { goodsListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { GoodsListPage } from '../../../../features/shop/goods-list-page';
import { goodsListParams } from '../../../../features/shop/list-params';
import { goodsSearchSchema } from '../../../../features/shop/search-schema';
import { LIST_DEFAULTS } from '../../../../lib/list-search';

export const Route = createFileRoute('/_authed/shop/goods/')({
  validateSearch: goodsSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(goodsListQuery(api, goodsListParams(deps))).catch(() => undefined),
  component: GoodsListPage,
});

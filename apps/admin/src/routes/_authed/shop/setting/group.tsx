import { shopGroupListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TITLES } from '../../../../copy';
import { shopGroupListParams } from '../../../../features/shop/list-params';
import { shopGroupSearchSchema } from '../../../../features/shop/search-schema';
import { ShopGroupListPage } from '../../../../features/shop/shop-group-list-page';
import { LIST_DEFAULTS } from '../../../../lib/list-search';

export const Route = createFileRoute('/_authed/shop/setting/group')({
  staticData: { title: TITLES.shopSettingGroup },
  validateSearch: shopGroupSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(shopGroupListQuery(api, shopGroupListParams(deps))).catch(() => undefined),
  component: ShopGroupListPage,
});

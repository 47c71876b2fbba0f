import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { shopGroupList } from '../../../../features/list/lists';
import { ShopGroupListPage } from '../../../../features/shop/shop-group-list-page';
import { TITLES } from '../../../../texts';

export const Route = createFileRoute('/_authed/shop/setting/group')({
  staticData: { title: TITLES.shopSettingGroup },
  validateSearch: shopGroupList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => shopGroupList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(shopGroupList.queryOptions(api, deps)).catch(() => undefined),
  component: ShopGroupListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { sellerList } from '../../../features/list/lists';
import { SellerListPage } from '../../../features/team/seller-list-page';
import { TITLES } from '../../../texts';

/** Who may open it: its `authority` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/seller')({
  staticData: { title: TITLES.userSeller, authority: 'admin' },
  validateSearch: sellerList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => sellerList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(sellerList.queryOptions(api, deps)).catch(() => undefined),
  component: SellerListPage,
});

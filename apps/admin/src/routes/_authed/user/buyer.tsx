import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { BuyerListPage } from '../../../features/buyer/buyer-list-page';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { buyerList } from '../../../features/list/lists';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/user/buyer')({
  staticData: { title: TITLES.userBuyer, permission: 'order:view' },
  validateSearch: buyerList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => buyerList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(buyerList.queryOptions(api, deps)).catch(() => undefined),
  component: BuyerListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { afterSaleList } from '../../../features/list/lists';
import { AfterSaleListPage } from '../../../features/order/after-sale-list-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/order/after-sale')({
  staticData: { title: TITLES.orderAfterSale, permission: 'aftersale:process' },
  validateSearch: afterSaleList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => afterSaleList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(afterSaleList.queryOptions(api, deps)).catch(() => undefined),
  component: AfterSaleListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { preSaleList } from '../../../features/list/lists';
import { OrderListPage } from '../../../features/order/order-list-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/order/pre-sale')({
  staticData: { title: TITLES.orderPreSale, permission: 'order:view' },
  validateSearch: preSaleList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => preSaleList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(preSaleList.queryOptions(api, deps)).catch(() => undefined),
  component: () => <OrderListPage variant="preSale" />,
});

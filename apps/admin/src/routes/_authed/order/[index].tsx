import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { orderList } from '../../../features/list/lists';
import { OrderListPage } from '../../../features/order/order-list-page';
import { TITLES } from '../../../texts';

/** `/order/index` (`[index]`: a literal segment, not the index route of /order). */
export const Route = createFileRoute('/_authed/order/index')({
  staticData: { title: TITLES.orderIndex, permission: 'order:view' },
  validateSearch: orderList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => orderList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(orderList.queryOptions(api, deps)).catch(() => undefined),
  component: OrderListPage,
});

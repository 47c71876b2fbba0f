import { orderListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { orderListParams } from '../../../features/order/list-params';
import { OrderListPage } from '../../../features/order/order-list-page';
import { orderSearchSchema } from '../../../features/order/search-schema';
import { LIST_DEFAULTS } from '../../../lib/list-search';

/** `/order/index` (`[index]`: a literal segment, not the index route of /order). */
export const Route = createFileRoute('/_authed/order/index')({
  staticData: { title: TITLES.orderIndex },
  validateSearch: orderSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(orderListQuery(api, orderListParams(deps))).catch(() => undefined),
  component: OrderListPage,
});

import { afterSaleListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { AfterSaleListPage } from '../../../features/order/after-sale-list-page';
import { afterSaleListParams } from '../../../features/order/list-params';
import { afterSaleSearchSchema } from '../../../features/order/search-schema';
import { LIST_DEFAULTS } from '../../../lib/list-search';

export const Route = createFileRoute('/_authed/order/after-sale')({
  staticData: { title: TITLES.orderAfterSale },
  validateSearch: afterSaleSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(afterSaleListQuery(api, afterSaleListParams(deps))).catch(() => undefined),
  component: AfterSaleListPage,
});

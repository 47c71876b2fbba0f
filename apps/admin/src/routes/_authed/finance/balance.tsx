import { apiQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { BalancePage } from '../../../features/balance/balance-page';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { balanceEntryList } from '../../../features/list/lists';
import { TITLES } from '../../../texts';

/** 余额明细: the balance and its ledger, filtered by kind and days in the address. */
export const Route = createFileRoute('/_authed/finance/balance')({
  staticData: { title: TITLES.financeBalance, permission: 'finance:view' },
  validateSearch: balanceEntryList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => balanceEntryList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(balanceEntryList.queryOptions(api, deps)),
      queryClient.ensureQueryData(apiQuery(api, '/api/balance/summary')),
    ]).catch(() => undefined),
  component: BalancePage,
});

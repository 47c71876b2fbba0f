import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { balanceEntryList } from '../../../common/list/lists';
import { BalancePage } from '../../../features/balance/balance-page';

const ledger = listRoute(balanceEntryList);

/** 余额明细: the balance and its ledger, filtered by kind and days in the address. */
export const Route = createFileRoute('/_authed/finance/balance')({
  staticData: { title: '余额明细', permission: 'finance:view', menu: { order: 10 }, help: 'topup' },
  ...ledger,
  // The ledger's page and the balance above it (a failed load: the page shows it, with a retry).
  loader: (options) =>
    Promise.all([
      ledger.loader(options),
      options.context.queryClient.ensureQueryData(apiQuery(options.context.api, '/api/balance/summary')),
    ]).catch(() => undefined),
  component: BalancePage,
});

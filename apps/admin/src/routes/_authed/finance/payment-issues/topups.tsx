import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { flaggedTopupList } from '../../../../features/list/lists';
import { FlaggedTopupsPage } from '../../../../features/payment-issue/payment-issue-pages';
import { TITLES } from '../../../../texts';

/** 异常充值: the top-ups flagged because Alipay disagrees with our record, by state in the address. */
export const Route = createFileRoute('/_authed/finance/payment-issues/topups')({
  staticData: { title: TITLES.financePaymentIssueTopups },
  validateSearch: flaggedTopupList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => flaggedTopupList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(flaggedTopupList.queryOptions(api, deps)).catch(() => undefined),
  component: FlaggedTopupsPage,
});

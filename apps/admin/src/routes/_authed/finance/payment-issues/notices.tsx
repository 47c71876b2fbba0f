import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { paymentNoticeList } from '../../../../features/list/lists';
import { PaymentNoticesPage } from '../../../../features/payment-issue/payment-issue-pages';
import { TITLES } from '../../../../texts';

/** 被拒通知: the Alipay notifications that credited nothing, by state in the address. */
export const Route = createFileRoute('/_authed/finance/payment-issues/notices')({
  staticData: { title: TITLES.financePaymentIssueNotices },
  validateSearch: paymentNoticeList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => paymentNoticeList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(paymentNoticeList.queryOptions(api, deps)).catch(() => undefined),
  component: PaymentNoticesPage,
});

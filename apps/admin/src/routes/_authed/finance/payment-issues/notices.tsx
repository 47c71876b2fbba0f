import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { paymentNoticeList } from '../../../../common/list/lists';
import { PaymentNoticesPage } from '../../../../features/payment-issue/payment-issue-pages';

/** 被拒通知: the Alipay notifications that credited nothing, by state in the address. */
export const Route = createFileRoute('/_authed/finance/payment-issues/notices')({
  staticData: { title: '被拒通知' },
  ...listRoute(paymentNoticeList),
  component: PaymentNoticesPage,
});

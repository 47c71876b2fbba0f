import { createFileRoute } from '@tanstack/react-router';
import { PaymentIssuesLayout } from '../../../features/payment-issue/payment-issue-pages';

/**
 * 充值异常: operators only (`authority`, read by the route guard of routes/_authed.tsx and the menu);
 * its two lists, 异常充值 and 被拒通知, are child routes under one pair of tabs.
 */
export const Route = createFileRoute('/_authed/finance/payment-issues')({
  staticData: { title: '充值异常', authority: 'admin', menu: { order: 20 } },
  component: PaymentIssuesLayout,
});

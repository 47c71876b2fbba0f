import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { flaggedTopupList } from '../../../../common/list/lists';
import { FlaggedTopupsPage } from '../../../../features/payment-issue/payment-issue-pages';

/** 异常充值: the top-ups flagged because Alipay disagrees with our record, by state in the address. */
export const Route = createFileRoute('/_authed/finance/payment-issues/topups')({
  staticData: { title: '异常充值' },
  ...listRoute(flaggedTopupList),
  component: FlaggedTopupsPage,
});

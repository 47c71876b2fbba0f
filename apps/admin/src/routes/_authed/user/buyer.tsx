import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { buyerList } from '../../../common/list/lists';
import { BuyerListPage } from '../../../features/buyer/buyer-list-page';

export const Route = createFileRoute('/_authed/user/buyer')({
  staticData: { title: '买家管理', permission: 'order:view', menu: { order: 10 } },
  ...listRoute(buyerList),
  component: BuyerListPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { sellerList } from '../../../common/list/lists';
import { SellerListPage } from '../../../features/team/seller-list-page';

/** Who may open it: its `authority` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/seller')({
  staticData: { title: '卖家管理', authority: 'admin', menu: { order: 20 } },
  ...listRoute(sellerList),
  component: SellerListPage,
});

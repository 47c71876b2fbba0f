import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { sellerList } from '../../../common/list/lists';
import { SellerListPage } from '../../../features/team/seller-list-page';
import { TITLES } from '../../../texts';

/** Who may open it: its `authority` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/seller')({
  staticData: { title: TITLES.userSeller, authority: 'admin', menu: { order: 20 } },
  ...listRoute(sellerList),
  component: SellerListPage,
});

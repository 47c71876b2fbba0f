import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { shopList } from '../../../../common/list/lists';
import { ShopListPage } from '../../../../features/shop/shop-list-page';

export const Route = createFileRoute('/_authed/shop/setting/')({
  ...listRoute(shopList),
  component: ShopListPage,
});

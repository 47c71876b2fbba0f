import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { shopGroupList } from '../../../../common/list/lists';
import { ShopGroupListPage } from '../../../../features/shop/shop-group-list-page';

export const Route = createFileRoute('/_authed/shop/setting/group')({
  staticData: { title: '店铺分组' },
  ...listRoute(shopGroupList),
  component: ShopGroupListPage,
});

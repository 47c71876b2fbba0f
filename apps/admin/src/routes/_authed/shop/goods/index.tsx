import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { goodsList } from '../../../../common/list/lists';
import { GoodsListPage } from '../../../../features/shop/goods-list-page';

export const Route = createFileRoute('/_authed/shop/goods/')({
  ...listRoute(goodsList),
  component: GoodsListPage,
});

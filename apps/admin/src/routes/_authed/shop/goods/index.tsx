import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../features/list/list-route';
import { goodsList } from '../../../../features/list/lists';
import { GoodsListPage } from '../../../../features/shop/goods-list-page';

export const Route = createFileRoute('/_authed/shop/goods/')({
  ...listRoute(goodsList),
  component: GoodsListPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { afterSaleList } from '../../../common/list/lists';
import { AfterSaleListPage } from '../../../features/order/after-sale-list-page';

export const Route = createFileRoute('/_authed/order/after-sale')({
  staticData: { title: '售后订单', permission: 'aftersale:process', menu: { order: 20 }, help: 'after-sale' },
  ...listRoute(afterSaleList),
  component: AfterSaleListPage,
});

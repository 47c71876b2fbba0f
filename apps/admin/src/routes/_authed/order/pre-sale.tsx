import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { preSaleList } from '../../../common/list/lists';
import { OrderListPage } from '../../../features/order/order-list-page';

export const Route = createFileRoute('/_authed/order/pre-sale')({
  staticData: { title: '预售订单', permission: 'order:view', menu: { order: 30 } },
  ...listRoute(preSaleList),
  component: () => <OrderListPage variant="preSale" />,
});

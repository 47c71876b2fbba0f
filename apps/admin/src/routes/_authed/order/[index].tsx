import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { orderList } from '../../../common/list/lists';
import { OrderListPage } from '../../../features/order/order-list-page';

/** `/order/index` (`[index]`: a literal segment, not the index route of /order). */
export const Route = createFileRoute('/_authed/order/index')({
  staticData: { title: '代发订单', permission: 'order:view', menu: { order: 10 }, help: 'order-sync' },
  ...listRoute(orderList),
  component: OrderListPage,
});

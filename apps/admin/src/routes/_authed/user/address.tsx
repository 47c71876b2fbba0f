import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { receiverList } from '../../../common/list/lists';
import { ReceiverListPage } from '../../../features/address/receiver-list-page';

export const Route = createFileRoute('/_authed/user/address')({
  // 地址管理 lists the receivers of the orders (`/api/order/receivers` asks order:view).
  staticData: { title: '地址管理', permission: 'order:view', menu: { order: 30 } },
  ...listRoute(receiverList),
  component: ReceiverListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ReceiverListPage } from '../../../features/address/receiver-list-page';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { receiverList } from '../../../features/list/lists';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/user/address')({
  // 地址管理 lists the receivers of the orders (`/api/order/receivers` asks order:view).
  staticData: { title: TITLES.userAddress, permission: 'order:view' },
  validateSearch: receiverList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => receiverList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(receiverList.queryOptions(api, deps)).catch(() => undefined),
  component: ReceiverListPage,
});

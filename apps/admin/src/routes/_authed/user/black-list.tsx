import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { blacklistList } from '../../../common/list/lists';
import { BlacklistPage } from '../../../features/buyer/blacklist-page';

export const Route = createFileRoute('/_authed/user/black-list')({
  staticData: { title: '黑名单', permission: 'order:view', menu: { order: 40 } },
  ...listRoute(blacklistList),
  component: BlacklistPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { roleList } from '../../../common/list/lists';
import { RoleListPage } from '../../../features/team/role-list-page';

/** Who may open it: its `permission` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/permission')({
  staticData: { title: '权限管理', permission: 'team:manage', menu: { order: 60 }, help: 'team' },
  ...listRoute(roleList),
  component: RoleListPage,
});

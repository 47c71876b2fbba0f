import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { memberList } from '../../../common/list/lists';
import { MemberListPage } from '../../../features/team/member-list-page';

/** Who may open it: its `permission` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/account')({
  staticData: { title: '子账号', permission: 'team:manage', menu: { order: 50 }, help: 'team' },
  ...listRoute(memberList),
  component: MemberListPage,
});

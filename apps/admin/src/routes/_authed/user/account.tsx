import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { memberList } from '../../../features/list/lists';
import { MemberListPage } from '../../../features/team/member-list-page';
import { TITLES } from '../../../texts';

/** Who may open it: its `permission` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/account')({
  staticData: { title: TITLES.userAccount, permission: 'team:manage' },
  validateSearch: memberList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => memberList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(memberList.queryOptions(api, deps)).catch(() => undefined),
  component: MemberListPage,
});

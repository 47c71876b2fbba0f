import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { roleList } from '../../../features/list/lists';
import { RoleListPage } from '../../../features/team/role-list-page';
import { TITLES } from '../../../texts';

/** Who may open it: its `permission` below, read by the route guard of routes/_authed.tsx and the menu. */
export const Route = createFileRoute('/_authed/user/permission')({
  staticData: { title: TITLES.userPermission, permission: 'team:manage' },
  validateSearch: roleList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => roleList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(roleList.queryOptions(api, deps)).catch(() => undefined),
  component: RoleListPage,
});

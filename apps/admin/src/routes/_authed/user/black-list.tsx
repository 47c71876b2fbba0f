import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { BlacklistPage } from '../../../features/buyer/blacklist-page';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { blacklistList } from '../../../features/list/lists';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/user/black-list')({
  staticData: { title: TITLES.userBlackList, permission: 'order:view' },
  validateSearch: blacklistList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => blacklistList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(blacklistList.queryOptions(api, deps)).catch(() => undefined),
  component: BlacklistPage,
});

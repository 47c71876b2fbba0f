import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { logList } from '../../../features/list/lists';
import { LogListPage } from '../../../features/system/log-list-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/system/logs')({
  staticData: { title: TITLES.systemLogs, permission: 'log:view' },
  validateSearch: logList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => logList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry (a member
  // without the right gets 403, which the API client sends to /403).
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(logList.queryOptions(api, deps)).catch(() => undefined),
  component: LogListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DownloadListPage } from '../../../features/download/download-list-page';
import { LIST_DEFAULTS } from '../../../features/list/define-list';
import { exportList } from '../../../features/list/lists';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/dashboard/download')({
  // 下载中心 holds the order exports.
  staticData: { title: TITLES.dashboardDownload, permission: 'order:view' },
  validateSearch: exportList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => exportList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(exportList.queryOptions(api, deps)).catch(() => undefined),
  component: DownloadListPage,
});

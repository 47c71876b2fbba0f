import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { exportList } from '../../../common/list/lists';
import { DownloadListPage } from '../../../features/download/download-list-page';

export const Route = createFileRoute('/_authed/dashboard/download')({
  // 下载中心 holds the order exports.
  staticData: { title: '下载中心', permission: 'order:view', menu: { order: 30 }, help: 'export' },
  ...listRoute(exportList),
  component: DownloadListPage,
});

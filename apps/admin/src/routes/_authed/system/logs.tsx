import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../common/list/list-route';
import { logList } from '../../../common/list/lists';
import { LogListPage } from '../../../features/system/log-list-page';

export const Route = createFileRoute('/_authed/system/logs')({
  staticData: { title: '操作日志', permission: 'log:view', menu: { order: 40 }, help: 'team' },
  ...listRoute(logList),
  component: LogListPage,
});

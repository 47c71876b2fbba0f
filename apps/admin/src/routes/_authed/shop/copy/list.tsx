import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { copyRecordList } from '../../../../common/list/lists';
import { CopyRecordListPage } from '../../../../features/shop/copy-record-list-page';

export const Route = createFileRoute('/_authed/shop/copy/list')({
  staticData: { title: '复制记录', menu: { order: 30 } },
  ...listRoute(copyRecordList),
  component: CopyRecordListPage,
});

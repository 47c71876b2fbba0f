import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../features/list/list-route';
import { copyRecordList } from '../../../../features/list/lists';
import { CopyRecordListPage } from '../../../../features/shop/copy-record-list-page';
import { TITLES } from '../../../../texts';

export const Route = createFileRoute('/_authed/shop/copy/list')({
  staticData: { title: TITLES.shopCopyList, menu: { order: 30 } },
  ...listRoute(copyRecordList),
  component: CopyRecordListPage,
});

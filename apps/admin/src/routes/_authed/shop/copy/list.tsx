import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../common/list/list-route';
import { copyRecordList } from '../../../../common/list/lists';
import { CopyRecordListPage } from '../../../../features/shop/copy-record-list-page';
import { TITLES } from '../../../../texts';

export const Route = createFileRoute('/_authed/shop/copy/list')({
  staticData: { title: TITLES.shopCopyList, menu: { order: 30 } },
  ...listRoute(copyRecordList),
  component: CopyRecordListPage,
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../../features/list/define-list';
import { copyRecordList } from '../../../../features/list/lists';
import { CopyRecordListPage } from '../../../../features/shop/copy-record-list-page';
import { TITLES } from '../../../../texts';

export const Route = createFileRoute('/_authed/shop/copy/list')({
  staticData: { title: TITLES.shopCopyList },
  validateSearch: copyRecordList.search,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => copyRecordList.toParams(search),
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(copyRecordList.queryOptions(api, deps)).catch(() => undefined),
  component: CopyRecordListPage,
});

import { copyRecordListQuery } from '@consign/api-client/query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TITLES } from '../../../../copy';
import { CopyRecordListPage } from '../../../../features/shop/copy-record-list-page';
import { copyRecordListParams } from '../../../../features/shop/list-params';
import { copyRecordSearchSchema } from '../../../../features/shop/search-schema';
import { LIST_DEFAULTS } from '../../../../lib/list-search';

export const Route = createFileRoute('/_authed/shop/copy/list')({
  staticData: { title: TITLES.shopCopyList },
  validateSearch: copyRecordSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // A failed load is not a route error: the page shows it in the table with a retry.
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(copyRecordListQuery(api, copyRecordListParams(deps))).catch(() => undefined),
  component: CopyRecordListPage,
});

import type { CopyRecord } from '@consign/api-client';
import { copyRecordListQuery } from '@consign/api-client/query';
import { formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { ListPage } from '../list/list-page';
import { SHOP_COPY } from './copy';
import { copyRecordListParams } from './list-params';

const route = getRouteApi('/_authed/shop/copy/list');
const c = SHOP_COPY.columns;

const columns: DataTableProps<CopyRecord>['columns'] = [
  { header: c.source, accessorKey: 'source_url', meta: { className: 'max-w-80 truncate' } },
  { header: c.shop, accessorKey: 'shop_name' },
  { header: c.status, cell: ({ row }) => SHOP_COPY.copyStatus[row.original.status] },
  { header: c.progress, cell: ({ row }) => `${row.original.progress}%`, meta: { align: 'right' } },
  { header: c.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
];

/** 复制记录 (first version: the list with its keyword filter; the full page grows here). */
export function CopyRecordListPage() {
  const state = useListState(route);
  const query = useQuery(copyRecordListQuery(useApi(), copyRecordListParams(state.search)));
  return (
    <ListPage
      title={TITLES.shopCopyList}
      state={state}
      data={query.data}
      loading={query.isFetching}
      error={query.isError}
      columns={columns}
      keywordPlaceholder={SHOP_COPY.copyKeyword}
      getRowId={(row) => String(row.id)}
    />
  );
}

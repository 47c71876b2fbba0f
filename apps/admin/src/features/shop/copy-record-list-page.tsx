import { COPY_STATUSES, type CopyRecord, type CopyStatus } from '@consign/api-client';
import { copyRecordListQuery } from '@consign/api-client/query';
import { RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { useListState } from '../../lib/use-list-state';
import { FilterBar } from '../list/filter-bar';
import { ListPage } from '../list/list-page';
import { oneOf } from '../list/search-params';
import { StatusTabs } from '../list/status-tabs';
import { StatusBadge } from '../order/status-badge';
import { SHOP_COPY } from './copy';
import { copyRecordListParams } from './list-params';

const route = getRouteApi('/_authed/shop/copy/list');
const c = SHOP_COPY.columns;

/** How often the list refreshes while a job is queued or running. */
export const COPY_REFRESH_MS = 3000;

const COPY_TONES = {
  queued: 'neutral',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
} as const satisfies Record<CopyStatus, string>;

const isActive = (record: CopyRecord) => record.status === 'queued' || record.status === 'running';

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span className="w-9 text-right text-xs tabular-nums">{value}%</span>
    </div>
  );
}

const columns: DataTableProps<CopyRecord>['columns'] = [
  {
    header: c.source,
    cell: ({ row }) => (
      <a
        href={row.original.source_url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        title={row.original.source_url}
        className="block max-w-72 truncate text-link underline-offset-4 hover:underline"
      >
        {row.original.source_url}
      </a>
    ),
  },
  { header: c.shop, accessorKey: 'shop_name' },
  {
    header: c.status,
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge
          label={SHOP_COPY.copyStatus[row.original.status]}
          tone={COPY_TONES[row.original.status]}
        />
        {row.original.error ? <span className="text-error text-xs">{row.original.error}</span> : null}
      </span>
    ),
  },
  {
    header: c.progress,
    cell: ({ row }) => (
      <Progress value={row.original.progress} label={`${c.progress} ${row.original.source_url}`} />
    ),
  },
  { header: c.createdAt, cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} /> },
  {
    id: 'actions',
    header: c.actions,
    cell: ({ row }) =>
      row.original.goods_id ? (
        <Link
          to="/shop/goods/detail"
          search={{ id: row.original.goods_id }}
          className="text-link underline-offset-4 hover:underline"
        >
          {SHOP_COPY.viewGoods}
        </Link>
      ) : null,
  },
];

/** 复制记录: the copy jobs with status and progress, refreshing itself while any is queued or running. */
export function CopyRecordListPage() {
  const state = useListState(route);
  const query = useQuery({
    ...copyRecordListQuery(useApi(), copyRecordListParams(state.search)),
    refetchInterval: (q) => (q.state.data?.list.some(isActive) ? COPY_REFRESH_MS : false),
  });
  const refreshing = query.data?.list.some(isActive) ?? false;
  const { filters } = state;
  return (
    <ListPage
      title={TITLES.shopCopyList}
      state={state}
      data={query.data}
      // A background refresh is not a load: no busy table every 3 s.
      loading={query.isFetching && !refreshing}
      error={query.isError}
      onRetry={() => void query.refetch()}
      columns={columns}
      getRowId={(row) => String(row.id)}
      actions={
        refreshing ? (
          <p className="text-muted-foreground text-xs" data-slot="copy-refreshing">
            {SHOP_COPY.refreshing}
          </p>
        ) : null
      }
      filters={
        <FilterBar
          value={filters}
          keywordPlaceholder={SHOP_COPY.copyKeyword}
          shop
          onSearch={(next) => state.setFilters(next)}
          onReset={state.resetFilters}
        />
      }
      tabs={
        <StatusTabs
          label={SHOP_COPY.copyStatusTabs}
          options={COPY_STATUSES}
          labels={SHOP_COPY.copyStatus}
          value={oneOf(filters.status, COPY_STATUSES)}
          onChange={(status) => state.setFilters({ status: status ?? '' })}
        />
      }
    />
  );
}

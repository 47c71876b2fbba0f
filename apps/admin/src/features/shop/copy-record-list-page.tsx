import { COPY_STATUSES, type CopyRecord, type CopyStatus } from '@consign/api-client';
import { RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ListPage } from '../../common/list/list-page';
import { copyRecordList, isCopyActive } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { StatusBadge } from '../../common/status-badge';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/copy/list');
const columnText = SHOP_TEXT.columns;

const COPY_TONES = {
  queued: 'neutral',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
} as const satisfies Record<CopyStatus, string>;

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
    header: columnText.source,
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
  { header: columnText.shop, accessorKey: 'shop_name' },
  {
    header: columnText.status,
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge
          label={SHOP_TEXT.copyStatus[row.original.status]}
          tone={COPY_TONES[row.original.status]}
        />
        {row.original.error ? <span className="text-error text-xs">{row.original.error}</span> : null}
      </span>
    ),
  },
  {
    header: columnText.progress,
    cell: ({ row }) => (
      <Progress value={row.original.progress} label={`${columnText.progress} ${row.original.source_url}`} />
    ),
  },
  {
    header: columnText.createdAt,
    cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} />,
  },
  {
    id: 'actions',
    header: columnText.actions,
    cell: ({ row }) =>
      row.original.goods_id ? (
        <Link
          to="/shop/goods/detail"
          search={{ id: row.original.goods_id }}
          className="text-link underline-offset-4 hover:underline"
        >
          {SHOP_TEXT.viewGoods}
        </Link>
      ) : null,
  },
];

/** 复制记录: the copy jobs with status and progress, refreshing itself while any is queued or running. */
export function CopyRecordListPage() {
  const list = useList(route, copyRecordList);
  const refreshing = list.query.data?.list.some(isCopyActive) ?? false;
  return (
    <ListPage
      list={list}
      // A background refresh is not a load: no busy table every 3 s.
      loading={list.query.isFetching && !refreshing}
      columns={columns}
      actions={
        refreshing ? (
          <p className="text-muted-foreground text-xs" data-slot="copy-refreshing">
            {SHOP_TEXT.refreshing}
          </p>
        ) : null
      }
      keywordPlaceholder={SHOP_TEXT.copyKeyword}
      filters={{ shop: true }}
      tabs={{
        filter: 'status',
        label: SHOP_TEXT.copyStatusTabs,
        options: COPY_STATUSES,
        labels: SHOP_TEXT.copyStatus,
      }}
    />
  );
}

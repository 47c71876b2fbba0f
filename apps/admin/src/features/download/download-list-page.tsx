import { EXPORT_STATUSES, type ExportJob, type ExportStatus } from '@consign/api-client';
import { exportColumnsSummary, orderFiltersSummary } from '@consign/api-client/contract';
import { Button, formatDateTime, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ListPage } from '../../common/list/list-page';
import { exportList, isExportActive } from '../../common/list/lists';
import { useShopOptions } from '../../common/list/shop-options';
import { useList } from '../../common/list/use-list';
import { StatusBadge } from '../../common/status-badge';
import { useApi } from '../../lib/use-api';
import { DOWNLOAD_TEXT } from './texts';

const route = getRouteApi('/_authed/dashboard/download');
const columnText = DOWNLOAD_TEXT.columns;

const TONES = {
  queued: 'neutral',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
} as const satisfies Record<ExportStatus, string>;

/** `1.2 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Progress({ job }: { job: ExportJob }) {
  const percent = job.rows_total > 0 ? Math.floor((job.rows_done / job.rows_total) * 100) : 0;
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={DOWNLOAD_TEXT.progressLabel(job.name)}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">
        {DOWNLOAD_TEXT.progress(job.rows_done, job.rows_total)}
      </span>
    </div>
  );
}

/** Asks for a 60-second link and lets the browser download the file from it (no token in the address). */
function DownloadButton({ job }: { job: ExportJob }) {
  const api = useApi();
  const link = useMutation({
    mutationFn: () => api.call('/api/export/download-url', { id: job.id }),
    onSuccess: ({ url }) => {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
  });
  return (
    <Button
      variant="link"
      aria-label={DOWNLOAD_TEXT.downloadLabel(job.name)}
      loading={link.isPending}
      onClick={() => link.mutate()}
    >
      {DOWNLOAD_TEXT.download}
    </Button>
  );
}

/** 下载中心: the account's exports with their progress and download links, refreshing while one runs. */
export function DownloadListPage() {
  const list = useList(route, exportList);
  const shops = useShopOptions();
  const refreshing = list.query.data?.list.some(isExportActive) ?? false;
  const columns = useMemo((): DataTableProps<ExportJob>['columns'] => {
    const shopName = (id: number) => shops.find((shop) => shop.id === id)?.name ?? `#${id}`;
    return [
      {
        header: columnText.name,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      { header: columnText.format, cell: ({ row }) => DOWNLOAD_TEXT.format[row.original.format] },
      {
        header: columnText.filters,
        cell: ({ row }) => (
          <span className="block max-w-64 text-xs text-muted-foreground">
            {orderFiltersSummary(row.original.filters, { shopName })}
            {/* The columns the seller chose (none said: every column). */}
            {row.original.columns ? (
              <span className="block" data-slot="export-columns">
                {exportColumnsSummary(row.original.columns)}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        header: columnText.createdAt,
        cell: ({ row }) => <RelativeTime value={row.original.created_at * 1000} />,
      },
      {
        header: columnText.status,
        cell: ({ row }) => (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge
              label={DOWNLOAD_TEXT.status[row.original.status]}
              tone={TONES[row.original.status]}
            />
            {row.original.status === 'running' ? <Progress job={row.original} /> : null}
            {row.original.status === 'succeeded' ? (
              <span className="text-xs text-muted-foreground">
                {DOWNLOAD_TEXT.rows(row.original.rows_done)}
              </span>
            ) : null}
            {row.original.error ? <span className="text-error text-xs">{row.original.error}</span> : null}
          </span>
        ),
      },
      {
        header: columnText.size,
        cell: ({ row }) => (row.original.size === null ? '—' : formatSize(row.original.size)),
        meta: { align: 'right' },
      },
      { header: columnText.expiresAt, cell: ({ row }) => formatDateTime(row.original.expires_at) },
      {
        id: 'actions',
        header: columnText.actions,
        cell: ({ row }) =>
          row.original.status === 'succeeded' ? <DownloadButton job={row.original} /> : null,
      },
    ];
  }, [shops]);
  return (
    <ListPage
      list={list}
      // A background refresh is not a load: no busy table every 2 s.
      loading={list.query.isFetching && !refreshing}
      columns={columns}
      actions={
        <p className="text-muted-foreground text-xs" data-slot="download-note">
          {refreshing ? DOWNLOAD_TEXT.refreshing : DOWNLOAD_TEXT.keptNote}
        </p>
      }
      keywordPlaceholder={DOWNLOAD_TEXT.keywordPlaceholder}
      tabs={{
        filter: 'status',
        label: DOWNLOAD_TEXT.statusTabs,
        options: EXPORT_STATUSES,
        labels: DOWNLOAD_TEXT.status,
      }}
    />
  );
}

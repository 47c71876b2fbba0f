import { COPY_STATUSES, type CopyRecord, type CopyStatus, type ListingResult } from '@consign/api-client';
import { Button, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ListPage } from '../../common/list/list-page';
import { copyRecordList, isCopyActive } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { StatusBadge } from '../../common/status-badge';
import { LISTING_TONES } from './listing-tones';
import { PublishDialog, type PublishDialogSubject } from './publish-dialog';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/copy/list');
const columnText = SHOP_TEXT.columns;

const COPY_TONES = {
  queued: 'neutral',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
} as const satisfies Record<CopyStatus, string>;

/** Each shop's 铺货 of the copied goods: its state, the platform's goods id (linked) or why it failed. */
function Listings({
  record,
  onRepublish,
}: {
  record: CopyRecord;
  onRepublish: (listing: ListingResult) => void;
}) {
  const text = SHOP_TEXT.publish;
  if (record.listings.length === 0) {
    return record.publish_shop_ids.length > 0 && record.status !== 'failed' ? (
      <span className="text-muted-foreground text-xs">{text.waiting(record.publish_shop_ids.length)}</span>
    ) : null;
  }
  return (
    <ul className="flex min-w-56 flex-col gap-2">
      {record.listings.map((listing) => (
        <li key={listing.id} data-slot="listing" className="flex flex-col items-start gap-1 text-xs">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{listing.shop_name}</span>
            <StatusBadge
              label={SHOP_TEXT.listingStatus[listing.status]}
              tone={LISTING_TONES[listing.status]}
            />
          </span>
          {listing.link && listing.platform_goods_id ? (
            <a
              href={listing.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-link underline-offset-4 hover:underline"
            >
              {text.goodsId(listing.platform_goods_id)}
            </a>
          ) : null}
          {listing.status === 'failed' ? (
            <>
              {listing.reason ? <span className="max-w-72 text-error">{listing.reason}</span> : null}
              <Button
                size="sm"
                aria-label={text.republishLabel(listing.shop_name)}
                onClick={() => onRepublish(listing)}
              >
                {text.republish}
              </Button>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

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

const columnsOf = (onRepublish: (listing: ListingResult) => void): DataTableProps<CopyRecord>['columns'] => [
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
    id: 'listings',
    header: SHOP_TEXT.publish.listings,
    cell: ({ row }) => <Listings record={row.original} onRepublish={onRepublish} />,
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
  const [republishing, setRepublishing] = useState<PublishDialogSubject | null>(null);
  const columns = columnsOf((listing) => setRepublishing({ kind: 'republish', listing }));
  return (
    <>
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
      {republishing?.kind === 'republish' ? (
        <PublishDialog
          key={republishing.listing.id}
          subject={republishing}
          onOpenChange={(open) => {
            if (!open) setRepublishing(null);
          }}
        />
      ) : null}
    </>
  );
}

import {
  COPY_STATUSES,
  type CopyRecord,
  type CopyStatus,
  type ListingResult,
  offerIdOfLink,
} from '@consign/api-client';
import { Button, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { CardView } from '../../common/list/list-cards';
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

/**
 * Each shop's 铺货 of the copied goods: its state, the category (by name once known), the platform's goods
 * id (linked) or why it failed.
 */
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
          {listing.cat_id ? (
            <span className="break-all text-muted-foreground">
              {text.listingCat(listing.cat_name ?? text.catById(listing.cat_id))}
            </span>
          ) : null}
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
              {listing.reason ? (
                <span className="max-w-72 break-all text-error">{listing.reason}</span>
              ) : null}
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

function CopyStatusCell({ record }: { record: CopyRecord }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <StatusBadge label={SHOP_TEXT.copyStatus[record.status]} tone={COPY_TONES[record.status]} />
      {record.error ? <span className="text-error text-xs">{record.error}</span> : null}
    </span>
  );
}

function SourceLink({ record, className }: { record: CopyRecord; className: string }) {
  return (
    <a
      href={record.source_url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      title={record.source_url}
      className={`text-link underline-offset-4 hover:underline ${className}`}
    >
      {record.source_url}
    </a>
  );
}

function GoodsLink({ record }: { record: CopyRecord }) {
  return record.goods_id ? (
    <Link
      to="/shop/goods/detail"
      search={{ id: record.goods_id }}
      className="text-link underline-offset-4 hover:underline"
    >
      {SHOP_TEXT.viewGoods}
    </Link>
  ) : null;
}

/** A copy on a phone: the goods' picture and title (the 1688 link until copied), progress while it runs, 铺货. */
function cardOf(onRepublish: (listing: ListingResult) => void): CardView<CopyRecord> {
  return {
    // The 1688 offer id, else (a link of another site) the link itself: either copies with its button.
    number: (row) => {
      const offerId = offerIdOfLink(row.source_url);
      return offerId
        ? { label: SHOP_TEXT.offerId, text: offerId }
        : { label: columnText.source, text: row.source_url };
    },
    badge: (row) => <CopyStatusCell record={row} />,
    body: (row) => (
      <div className="flex min-w-0 flex-col gap-3">
        <div data-slot="copy-goods" className="flex min-w-0 gap-3">
          {row.goods_image ? (
            <img
              src={row.goods_image}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className="shrink-0 rounded-sm border border-border bg-muted object-cover"
              style={{ width: 56, height: 56 }}
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            {row.goods_title ? <p className="line-clamp-2 break-all">{row.goods_title}</p> : null}
            <SourceLink record={row} className="block truncate text-xs" />
          </div>
        </div>
        {row.status === 'queued' || row.status === 'running' ? (
          <Progress value={row.progress} label={`${columnText.progress} ${row.source_url}`} />
        ) : null}
        <Listings record={row} onRepublish={onRepublish} />
      </div>
    ),
    fields: [
      { label: columnText.shop, value: (row) => row.shop_name },
      { label: columnText.createdAt, value: (row) => <RelativeTime value={row.created_at * 1000} /> },
    ],
    actions: (row) => <GoodsLink record={row} />,
  };
}

const columnsOf = (onRepublish: (listing: ListingResult) => void): DataTableProps<CopyRecord>['columns'] => [
  {
    header: columnText.source,
    cell: ({ row }) => <SourceLink record={row.original} className="block max-w-48 truncate" />,
  },
  { header: columnText.shop, accessorKey: 'shop_name' },
  {
    header: columnText.status,
    cell: ({ row }) => <CopyStatusCell record={row.original} />,
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
    cell: ({ row }) => <GoodsLink record={row.original} />,
  },
];

/**
 * 复制记录: the copy jobs with status and progress, refreshing itself while any is queued or running; on a
 * phone as cards.
 */
export function CopyRecordListPage() {
  const list = useList(route, copyRecordList);
  const refreshing = list.query.data?.list.some(isCopyActive) ?? false;
  const [republishing, setRepublishing] = useState<PublishDialogSubject | null>(null);
  const { columns, card } = useMemo(() => {
    const republish = (listing: ListingResult) => setRepublishing({ kind: 'republish', listing });
    return { columns: columnsOf(republish), card: cardOf(republish) };
  }, []);
  return (
    <>
      <ListPage
        list={list}
        // A background refresh is not a load: no busy table every 3 s.
        loading={list.query.isFetching && !refreshing}
        columns={columns}
        card={card}
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

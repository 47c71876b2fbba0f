import type { GoodsListItem, GoodsListing } from '@consign/api-client';
import { Popover, PopoverContent, PopoverTrigger, RelativeTime } from '@consign/ui';
import { StatusBadge } from '../../common/status-badge';
import { LISTING_TONES } from './listing-tones';
import { SHOP_TEXT } from './texts';

const text = SHOP_TEXT.monitor;
/** The product's times (docs/design.md#supplier-monitor): the absolute time on hover is Beijing time. */
const TIME_ZONE = 'Asia/Shanghai';

function Time({ at }: { at: number }) {
  return <RelativeTime value={at * 1000} timeZone={TIME_ZONE} />;
}

/** 监控中 with the last look (已发布 only), or 等待首次检查 before it. */
function Watching({ listing }: { listing: GoodsListing }) {
  if (listing.status !== 'published') return null;
  return (
    <span className="text-muted-foreground">
      {listing.monitor_looked_at === null ? (
        text.waiting
      ) : (
        <>
          {text.watching} · {text.lookedAt} <Time at={listing.monitor_looked_at} />
        </>
      )}
    </span>
  );
}

const attentionBadge = <StatusBadge label={text.attention} tone="danger" />;

/** One shop's listing in full: its state, 货源监控's last look and last change, 需处理. */
function ListingDetail({ listing }: { listing: GoodsListing }) {
  return (
    <li
      data-slot="goods-listing"
      className="flex flex-col gap-1 border-border border-t pt-2 first:border-0 first:pt-0"
    >
      <span className="flex flex-wrap items-center gap-1">
        <span className="font-medium">{listing.shop_name}</span>
        <StatusBadge label={SHOP_TEXT.listingStatus[listing.status]} tone={LISTING_TONES[listing.status]} />
        {listing.attention ? attentionBadge : null}
      </span>
      <Watching listing={listing} />
      {listing.monitor_change ? (
        <span>
          {text.change}
          {listing.monitor_changed_at === null ? null : (
            <>
              {' '}
              <Time at={listing.monitor_changed_at} />
            </>
          )}
          ：{listing.monitor_change}
        </span>
      ) : null}
      {listing.attention ? <span className="text-error">{text.attentionHint}</span> : null}
    </li>
  );
}

/**
 * 商品管理's 铺货 / 货源监控 cell: the first shop's listing (state, 监控中 and the last look) with 需处理 when
 * any listing needs the seller and +N for the other shops; it opens each shop's line in full.
 */
export function GoodsListings({ goods }: { goods: GoodsListItem }) {
  const { listings } = goods;
  const [first] = listings;
  if (!first) return <span className="text-muted-foreground text-xs">{text.none}</span>;
  const attention = listings.some((listing) => listing.attention);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          data-slot="goods-listings"
          aria-label={text.open(goods.title)}
          className="flex max-w-64 flex-col items-start gap-1 rounded-sm p-1 text-left text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex flex-wrap items-center gap-1">
            <span className="max-w-32 truncate font-medium">{first.shop_name}</span>
            <StatusBadge label={SHOP_TEXT.listingStatus[first.status]} tone={LISTING_TONES[first.status]} />
            {attention ? attentionBadge : null}
            {listings.length > 1 ? (
              <span className="text-muted-foreground">{text.more(listings.length - 1)}</span>
            ) : null}
          </span>
          <Watching listing={first} />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 text-xs">
        <p className="mb-2 font-medium text-sm">{text.heading(listings.length)}</p>
        <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
          {listings.map((listing) => (
            <ListingDetail key={listing.id} listing={listing} />
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
